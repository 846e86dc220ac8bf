import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import type { EstimateHistoryPoint } from '../../../common/schemas/player-page';
import { estimatePlayer } from './model/player-estimate';
import { findExcludedRatingIds, loadPlayers, loadRatingsOfPlayers } from './trust.repo';
import { counted, currentModel, leniencyOf, toTrustPlayer } from './trust.service';

/** The player page's chart shows three years at most. */
export const HISTORY_QUARTERS = 12;

type Quarter = { label: string; start: number; end: number };

const quarterStart = (ms: number) => {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3, 1);
};

/** The calendar quarters (UTC) from the one holding `from` to the one holding `now`, the last `max` of them. */
export function quartersBetween(from: number, now: number, max = HISTORY_QUARTERS): Quarter[] {
  const quarters: Quarter[] = [];
  for (let start = quarterStart(from); start <= now;) {
    const date = new Date(start);
    const next = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 3, 1);
    const label = `${date.getUTCFullYear()}-Q${Math.floor(date.getUTCMonth() / 3) + 1}`;
    quarters.push({ label, start, end: Math.min(next - 1, now) });
    start = next;
  }
  return quarters.slice(-max);
}

/*
 * Each point re-runs the live model (the current run's settings and raters' leniency, the same exclusions) on the
 * ratings given until the quarter's end, as if the estimate had been computed then. That costs a few
 * milliseconds per point, so the points are kept until the player's estimate is recomputed.
 */
const cache = new LRUCache<number, { key: string; points: EstimateHistoryPoint[] }>({ max: 5000 });

/**
 * How the player's overall estimate moved: its value at the end of each calendar quarter since the first rating
 * (the current quarter up to now), oldest first. `version` is the stored estimate's computedAt: a new estimate
 * (a new or edited rating, a confirmed flag, a full run) gives new points.
 */
export async function overallHistory(db: Db, playerId: number, version: string): Promise<EstimateHistoryPoint[]> {
  const now = Date.now();
  const key = `${version}|${quarterStart(now)}`;
  const cached = cache.get(playerId);
  if (cached?.key === key) return cached.points;

  const ratings = await loadRatingsOfPlayers(db, [playerId]);
  let points: EstimateHistoryPoint[] = [];
  const [playerRow] = ratings.length ? await loadPlayers(db, [playerId]) : [];
  if (playerRow) {
    const model = await currentModel(db);
    const mine = counted(ratings, await findExcludedRatingIds(db));
    const leniency = await leniencyOf(db, mine);
    const player = toTrustPlayer(playerRow);
    const first = Math.min(...mine.map((rating) => rating.at));
    points = quartersBetween(first, now).flatMap(({ label, end }) => {
      const until = mine.filter((rating) => rating.at <= end);
      const { overall } = estimatePlayer(model.hyper, (rater) => leniency.get(rater), player, until, end).fields;
      return overall.n > 0 ? [{ quarter: label, ...overall }] : [];
    });
  }
  cache.set(playerId, { key, points });
  return points;
}
