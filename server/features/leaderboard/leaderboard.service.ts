import { LRUCache } from 'lru-cache';
import type { Db, Executor } from '../../db/client';
import type { App } from '../../deps';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '../../../common/constants';
import { averageToOneDecimal, rankForPoints } from '../../../common/gamification';
import { maskEmail } from '../../../common/mask-email';
import type { LeaderboardReply } from '../../../common/schemas/leaderboard';
import {
  findAllTimeLeaderboard,
  findBoardAges,
  findLeaderboardSince,
  findRaterPlace,
  findStoredBoard,
  storeBoard,
  tryTakeBoardRefreshLock,
  type LeaderboardRow,
  type RaterPlace,
} from './leaderboard.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * §9 periods as the first UTC day they include: year = the current calendar year; month = the
 * last 30 days and week = the last 7 days, today included. Null for all time.
 */
export function periodStartDay(period: LeaderboardPeriod, now: Date): string | null {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  switch (period) {
    case 'all':
      return null;
    case 'year':
      return `${now.getUTCFullYear()}-01-01`;
    case 'month':
      return day(today - 29 * DAY_MS);
    case 'week':
      return day(today - 6 * DAY_MS);
  }
}

export type LeaderboardSource = {
  rows: (period: LeaderboardPeriod) => Promise<LeaderboardRow[]>;
  /** True when rows come from the stored boards, so a caller's own counts are read live beside them. */
  stored: boolean;
};

async function loadRows(db: Executor, period: LeaderboardPeriod, now = new Date()): Promise<LeaderboardRow[]> {
  const since = periodStartDay(period, now);
  return since === null ? findAllTimeLeaderboard(db) : findLeaderboardSince(db, since);
}

/** A caller waits for fresh rows once the cached ones are this many TTLs old (see below). */
const MAX_STALE_TTLS = 6;

/**
 * Where the board's rows come from, with an instance cache of `cacheMs` in front.
 * - `refreshMs > 0` (what runs): the boards stored by the refresh job below, one primary-key read; until
 *   the first one is stored (a new database), the rows are computed on the request.
 * - `refreshMs = 0`: computed on the request (the ranking tests use this to see a change at once).
 * Why stored boards: a window sums rater_daily_stats over every rater active in it. Measured at 1M ratings /
 * 100k users on PostgreSQL, uncached, the year, month and week boards cost 158, 73 and 53 ms of database CPU
 * per call; with a cache per instance, that cost grew with the number of instances and landed on the
 * request that missed. An expired cache entry is still served while one background read refreshes it
 * (stale-while-revalidate), except after an idle spell longer than MAX_STALE_TTLS. Rows are kept unmasked
 * and masked per request: each caller sees their own e-mail whole.
 */
export function createLeaderboardSource(db: Db, options: { cacheMs: number; refreshMs: number }): LeaderboardSource {
  const stored = options.refreshMs > 0;
  const load = async (period: LeaderboardPeriod) =>
    stored ? ((await findStoredBoard(db, period))?.rows ?? (await loadRows(db, period))) : loadRows(db, period);
  const { cacheMs } = options;
  if (cacheMs <= 0) return { rows: load, stored };
  const cache = new LRUCache<LeaderboardPeriod, LeaderboardRow[]>({
    max: 8,
    ttl: cacheMs,
    noDeleteOnStaleGet: true,
    fetchMethod: (period) => load(period),
  });
  return {
    stored,
    rows: async (period) => {
      const allowStale = cache.getRemainingTTL(period) > -MAX_STALE_TTLS * cacheMs;
      return (await cache.fetch(period, { allowStale })) ?? [];
    },
  };
}

export type BoardRefresh = 'computed' | 'fresh' | 'busy';

/**
 * Computes every period's board and stores it, unless the stored ones are younger than `maxAgeMs`
 * ('fresh') or another instance is computing them right now ('busy'). Every instance calls this each
 * second; the stored age and the lock make it one computation per `maxAgeMs` for the whole cluster.
 */
export async function refreshStoredBoards(db: Db, maxAgeMs: number, now = new Date()): Promise<BoardRefresh> {
  const allFresh = (ages: { computedAt: Date }[]) =>
    ages.length === LEADERBOARD_PERIODS.length &&
    ages.every((board) => now.getTime() - board.computedAt.getTime() < maxAgeMs);
  // The common case costs one primary-key read and no lock.
  if (allFresh(await findBoardAges(db))) return 'fresh';
  return db.transaction(async (tx) => {
    if (!(await tryTakeBoardRefreshLock(tx))) return 'busy';
    if (allFresh(await findBoardAges(tx))) return 'fresh';
    for (const period of LEADERBOARD_PERIODS) {
      await storeBoard(tx, period, now, await loadRows(tx, period, now));
    }
    return 'computed';
  });
}

/** How often each instance looks at the stored boards' age. */
const REFRESH_CHECK_MS = 1000;

/** Runs the refresh when the app is ready and checks each second, off the request path. */
export function scheduleBoardRefresh(
  app: Pick<App, 'addHook' | 'log'>,
  db: Db,
  refreshMs: number,
  onRun: (outcome: BoardRefresh) => void,
) {
  if (refreshMs <= 0) return;
  let running = false;
  // The check runs each second: while the database is down it fails each second, and is logged once a minute.
  let failingSince: number | null = null;
  let lastLogged = 0;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      onRun(await refreshStoredBoards(db, refreshMs));
      if (failingSince !== null) app.log.info('leaderboard refresh works again');
      failingSince = null;
    } catch (err) {
      failingSince ??= Date.now();
      if (Date.now() - lastLogged >= 60_000) {
        lastLogged = Date.now();
        app.log.warn(
          { err, failingForMs: Date.now() - failingSince },
          'leaderboard refresh failed; stored boards kept',
        );
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), Math.min(REFRESH_CHECK_MS, refreshMs));
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => clearInterval(timer));
}

/** A stored board is up to a refresh old: the caller's own entry shows the counts as they are now. */
function withOwnCountsLive(
  source: LeaderboardSource,
  viewerUserId: string,
  rows: LeaderboardRow[],
  place: RaterPlace | undefined,
): LeaderboardRow[] {
  if (!source.stored || !place) return rows;
  const { ratingsCount, helpfulnessSum, helpfulnessCount } = place;
  return rows.map((row) =>
    row.userId === viewerUserId ? { ...row, ratingsCount, helpfulnessSum, helpfulnessCount } : row,
  );
}

const roundScore = (score: number | null | undefined) => (score == null ? null : Math.round(score * 100) / 100);

export async function getLeaderboard(
  source: LeaderboardSource,
  db: Db,
  period: LeaderboardPeriod,
  viewerUserId: string,
): Promise<LeaderboardReply> {
  const [stored, place] = await Promise.all([
    source.rows(period),
    findRaterPlace(db, viewerUserId, periodStartDay(period, new Date())),
  ]);
  const rows = withOwnCountsLive(source, viewerUserId, stored, place);
  const listed = rows.findIndex((row) => row.userId === viewerUserId);
  return {
    period,
    leaderboard: rows.map((row, index) => {
      const isCurrentUser = row.userId === viewerUserId;
      return {
        rank: index + 1,
        // §2/§5: other raters' e-mails masked; the caller sees their own whole.
        userEmail: isCurrentUser ? row.email : maskEmail(row.email),
        // Boards stored before display names existed fall back to the masked e-mail.
        displayName: row.displayName ?? maskEmail(row.email),
        ratingsCount: row.ratingsCount,
        averageHelpfulness: averageToOneDecimal(row.helpfulnessSum, row.helpfulnessCount),
        reviewsCount: row.helpfulnessCount,
        helpfulnessScore: roundScore(row.helpfulnessScore),
        totalPoints: row.totalPoints,
        currentRank: rankForPoints(row.totalPoints),
        isCurrentUser,
      };
    }),
    // Listed, the caller's place is the list's; outside it, not computed per request (see findRaterPlace).
    currentUser: place
      ? {
          rank: listed >= 0 ? listed + 1 : null,
          ratingsCount: place.ratingsCount,
          averageHelpfulness: averageToOneDecimal(place.helpfulnessSum, place.helpfulnessCount),
          helpfulnessScore: roundScore(place.helpfulnessScore),
          displayName: place.displayName,
        }
      : null,
  };
}
