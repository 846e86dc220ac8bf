import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { EstimateHistoryPoint } from '../../../common/schemas/player-page';
import { estimatePlayer } from './model/player-estimate';
import type { FieldEstimate, Hyper, Leniency, TrustPlayer, TrustRating } from './model/types';
import {
  findHistoryOfPlayer,
  findPlayersWithoutHistory,
  replaceHistories,
  shownHistorySql,
  upsertCurrentPoints,
  type HistoryRow,
} from './estimate-history.repo';
import { findExcludedRatingIds, loadPlayers, loadRatingsOfPlayers } from './trust.repo';
import { counted, currentModel, groupByPlayer, leniencyOf, toTrustPlayer } from './trust.service';

/** The player page's chart shows three years at most. */
export const HISTORY_QUARTERS = 12;

type Quarter = { label: string; start: number; end: number };

const quarterStart = (ms: number) => {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3, 1);
};

const labelOf = (start: number) => {
  const date = new Date(start);
  return `${date.getUTCFullYear()}-Q${Math.floor(date.getUTCMonth() / 3) + 1}`;
};

/** "2026-Q3": the calendar quarter (UTC) holding `ms`. */
export const quarterOf = (ms: number) => labelOf(quarterStart(ms));

/** The first quarter the chart shows at `now`: HISTORY_QUARTERS - 1 before the current one. */
export function oldestShownQuarter(now: number): string {
  const date = new Date(quarterStart(now));
  return labelOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 3 * (HISTORY_QUARTERS - 1), 1));
}

/** The calendar quarters (UTC) from the one holding `from` to the one holding `now`, the last `max` of them. */
export function quartersBetween(from: number, now: number, max = HISTORY_QUARTERS): Quarter[] {
  const quarters: Quarter[] = [];
  for (let start = quarterStart(from); start <= now;) {
    const date = new Date(start);
    const next = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 3, 1);
    quarters.push({ label: labelOf(start), start, end: Math.min(next - 1, now) });
    start = next;
  }
  return quarters.slice(-max);
}

/**
 * How the player's overall estimate moved: the model run on the ratings given until each calendar quarter's end, as
 * if the estimate had been computed then (the current quarter: until `now`), from the first rating's quarter, the
 * last HISTORY_QUARTERS of them, oldest first. A quarter whose ratings are all set aside has n = 0 (stored, not
 * shown); without any rating, the current quarter alone, at the prior (n = 0), so the history reads as computed.
 */
export function historyPoints(
  hyper: Hyper,
  leniencyOf: (raterKey: string) => Leniency | undefined,
  player: TrustPlayer,
  ratings: TrustRating[],
  now: number,
): EstimateHistoryPoint[] {
  let first = now;
  for (const rating of ratings) first = Math.min(first, rating.at);
  return quartersBetween(first, now).map(({ label, end }) => {
    const until = ratings.filter((rating) => rating.at <= end);
    const { overall } = estimatePlayer(hyper, leniencyOf, player, until, end).fields;
    return { quarter: label, ...overall };
  });
}

/** Players whose history one transaction replaces. */
const HISTORY_BATCH = 200;

/**
 * The model's inputs the history of some players needs, as the incremental worker reads them: the current run's
 * settings, each rater's leniency as the last full run left it, the same exclusions.
 */
export type HistoryInputs = {
  hyper: Hyper;
  leniency: Map<string, Leniency>;
  players: Map<number, TrustPlayer>;
  ratingsByPlayer: Map<number, TrustRating[]>;
};

/** Computes and stores every quarter of `playerIds` (one transaction), from inputs the caller has read. */
export async function storeHistories(db: Db, playerIds: number[], inputs: HistoryInputs, now: number) {
  const rows: HistoryRow[] = [];
  const written: number[] = [];
  for (const playerId of playerIds) {
    const player = inputs.players.get(playerId);
    if (!player) continue;
    const mine = inputs.ratingsByPlayer.get(playerId) ?? [];
    const points = historyPoints(inputs.hyper, (key) => inputs.leniency.get(key), player, mine, now);
    rows.push(...points.map((point) => ({ playerId, ...point })));
    written.push(playerId);
  }
  await replaceHistories(db, written, rows, new Date(now));
  return written.length;
}

/**
 * Recomputes and replaces the stored history of `playerIds` (all their quarters), HISTORY_BATCH players per
 * transaction. Answers how many players it wrote (an unknown id is skipped).
 */
export async function refreshHistory(db: Db, playerIds: number[]): Promise<number> {
  if (playerIds.length === 0) return 0;
  const { hyper } = await currentModel(db);
  const excluded = await findExcludedRatingIds(db);
  let written = 0;
  for (let start = 0; start < playerIds.length; start += HISTORY_BATCH) {
    const ids = playerIds.slice(start, start + HISTORY_BATCH);
    const ratings = counted(await loadRatingsOfPlayers(db, ids), excluded);
    const players = new Map((await loadPlayers(db, ids)).map((row) => [row.id, toTrustPlayer(row)]));
    const leniency = await leniencyOf(db, ratings);
    written += await storeHistories(
      db,
      ids,
      { hyper, leniency, players, ratingsByPlayer: groupByPlayer(ratings) },
      Date.now(),
    );
  }
  return written;
}

/**
 * The full run's part: the current quarter's point of each player it fitted, from the overall estimate it has
 * just computed (so the chart ends on the estimate the page shows). Players without a stored history are left to
 * the backfill (playersWithoutHistory, then refreshHistory), which writes their past quarters too.
 */
export async function storeCurrentQuarter(
  db: Db,
  rows: { playerId: number; overall: FieldEstimate }[],
  now: number,
): Promise<void> {
  const quarter = quarterOf(now);
  await upsertCurrentPoints(
    db,
    rows.map(({ playerId, overall }) => ({ playerId, quarter, ...overall })),
    new Date(now),
    oldestShownQuarter(now),
  );
}

/** Up to `limit` players with a stored estimate and no history, by id after `afterId`: the backfill's next batch. */
export async function playersWithoutHistory(db: Db, limit: number, afterId = 0): Promise<number[]> {
  return findPlayersWithoutHistory(db, limit, afterId);
}

/**
 * The same points as a subquery of another statement (the player page reads them with the player): `playerId` and
 * `oldest` are its SQL expressions of the player's id and of oldestShownQuarter.
 */
export const overallHistorySql = (playerId: SQL, oldest: SQL): SQL<EstimateHistoryPoint[]> =>
  shownHistorySql(playerId, oldest);

/**
 * The player page's history line: the stored points of the last HISTORY_QUARTERS quarters that count a rating,
 * oldest first. Never fits the model: the worker stores them when it computes the estimate.
 */
export async function overallHistory(db: Db, playerId: number): Promise<EstimateHistoryPoint[]> {
  return findHistoryOfPlayer(db, playerId, oldestShownQuarter(Date.now()));
}
