import { LRUCache } from 'lru-cache';
import type { Db, Executor } from '../../db/client';
import type { RaterCountBucket } from '../../db/schema/leaderboard-boards';
import type { LeaderboardPeriod } from '../../../common/constants';
import { averageToOneDecimal } from '../../../common/gamification';
import type { LeaderboardReply } from '../../../common/schemas/leaderboard';
import {
  findAllTimeLeaderboard,
  findLeaderboardSince,
  findBoardVersionAndPlace,
  findRaterCounts,
  findRaterPlace,
  findStoredBoard,
  type LeaderboardRow,
  type RaterPlace,
} from './leaderboard.repo';
import {
  entriesOf,
  entryOf,
  pickCounts,
  rankedRatersOf,
  roundScore,
  standingOutsideList,
  withCallerPlaced,
} from './leaderboard-entries';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * docs/product.md#limits-and-timings periods as the first UTC day they include: year = the current calendar year; month = the
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

/** A period's ranked rows and how many raters have each ratings count (for a place outside the rows). */
type Board = { rows: LeaderboardRow[]; raterCounts: RaterCountBucket[] };

export type LeaderboardSource = {
  /** The board (stored, or computed: see createLeaderboardSource) and the caller's own place, always read live. */
  read: (period: LeaderboardPeriod, viewerUserId: string) => Promise<BoardAndPlace>;
};

type BoardAndPlace = Board & { place: RaterPlace | undefined; stored: boolean };

/** A board counted from every rater's rows: what the refresh stores, and what its tests hold it to. */
export async function loadBoard(db: Executor, period: LeaderboardPeriod, now = new Date()): Promise<Board> {
  const since = periodStartDay(period, now);
  const rows = since === null ? await findAllTimeLeaderboard(db) : await findLeaderboardSince(db, since);
  return { rows, raterCounts: await findRaterCounts(db, since) };
}

/** A caller waits for a fresh board once the cached one is this many TTLs old (see below). */
const MAX_STALE_TTLS = 6;

/**
 * Where the board comes from.
 * - `refreshMs > 0` (what runs): the boards stored by the refresh job (board-refresh.service.ts). Each request reads the stored
 *   board's version (its computedAt) together with the caller's own place, in one statement; the instance keeps
 *   the board of the version it last read and reads it again only when the version changed, at most once per
 *   refresh. So no instance serves a board older than the stored one (nothing like a cache lifetime), and no
 *   request recomputes one. Until the first board is stored (a new database), boards are computed on the request.
 * - `refreshMs = 0` (the ranking tests, and the recount the stored boards are tested against): computed on the request, with an instance cache of `cacheMs` in front
 *   (0: none). An expired entry is still served while one background read refreshes it, except after an idle
 *   spell longer than MAX_STALE_TTLS.
 * Why stored boards: a window sums rater_daily_stats over every rater active in it. Measured at 1M ratings /
 * 100k users on PostgreSQL, the year, month and week boards cost 158, 73 and 53 ms of database CPU per
 * computation; reading the stored board's 12 KB on every request cost as much again as the request itself.
 * Rows are kept unmasked and masked once per version (entriesOf): each caller sees their own e-mail whole.
 */
export function createLeaderboardSource(db: Db, options: { cacheMs: number; refreshMs: number }): LeaderboardSource {
  if (options.refreshMs > 0) return storedBoardSource(db);
  const computed = computedBoardSource(db, options.cacheMs);
  return {
    read: async (period, viewerUserId) => {
      const [board, place] = await Promise.all([
        computed(period),
        findRaterPlace(db, viewerUserId, periodStartDay(period, new Date())),
      ]);
      return { ...board, place, stored: false };
    },
  };
}

function computedBoardSource(db: Db, cacheMs: number): (period: LeaderboardPeriod) => Promise<Board> {
  if (cacheMs <= 0) return (period) => loadBoard(db, period);
  const cache = new LRUCache<LeaderboardPeriod, Board>({
    max: 8,
    ttl: cacheMs,
    noDeleteOnStaleGet: true,
    fetchMethod: (period) => loadBoard(db, period),
  });
  return async (period) => {
    const allowStale = cache.getRemainingTTL(period) > -MAX_STALE_TTLS * cacheMs;
    return (await cache.fetch(period, { allowStale })) ?? { rows: [], raterCounts: [] };
  };
}

type HeldBoard = Board & { version: number };

function storedBoardSource(db: Db): LeaderboardSource {
  const held = new Map<LeaderboardPeriod, HeldBoard>();
  // One read of a new version per instance, however many requests ask for it at once.
  const reading = new Map<LeaderboardPeriod, Promise<HeldBoard | undefined>>();
  const readStored = (period: LeaderboardPeriod) => {
    let pending = reading.get(period);
    if (!pending) {
      pending = findStoredBoard(db, period)
        .then((board) => {
          if (!board) return undefined;
          const copy = { version: board.computedAt.getTime(), rows: board.rows, raterCounts: board.raterCounts };
          const current = held.get(period);
          if (!current || current.version < copy.version) held.set(period, copy);
          return copy;
        })
        .finally(() => reading.delete(period));
      reading.set(period, pending);
    }
    return pending;
  };
  const boardOfVersion = async (period: LeaderboardPeriod, version: number) => {
    const current = held.get(period);
    if (current && current.version >= version) return current;
    return readStored(period);
  };
  return {
    read: async (period, viewerUserId) => {
      const since = periodStartDay(period, new Date());
      const found = await findBoardVersionAndPlace(db, period, viewerUserId, since);
      const board = found && (await boardOfVersion(period, found.boardComputedAt.getTime()));
      if (found && board) return { rows: board.rows, raterCounts: board.raterCounts, place: found.place, stored: true };
      const [computed, place] = await Promise.all([loadBoard(db, period), findRaterPlace(db, viewerUserId, since)]);
      return { ...computed, place, stored: false };
    },
  };
}

export async function getLeaderboard(
  source: LeaderboardSource,
  period: LeaderboardPeriod,
  viewerUserId: string,
): Promise<LeaderboardReply> {
  const { rows: board, raterCounts, place, stored } = await source.read(period, viewerUserId);
  const rows = stored && place ? withCallerPlaced(board, place) : board;
  const listed = rows.findIndex((row) => row.userId === viewerUserId);
  let leaderboard = rows === board ? entriesOf(board) : rows.map((row, index) => entryOf(row, index, false));
  if (listed >= 0) {
    // A stored board is up to a refresh old: the caller's own entry shows their counts as they are now.
    const own = stored && place ? { ...rows[listed], ...pickCounts(place) } : rows[listed];
    leaderboard = leaderboard.slice();
    leaderboard[listed] = entryOf(own, listed, true);
  }
  if (!place) return { period, leaderboard, currentUser: null };
  const standing =
    listed >= 0
      ? { rank: listed + 1, tiedWith: 0, rankedRaters: rankedRatersOf(raterCounts, rows.length) }
      : standingOutsideList(raterCounts, rows, place.ratingsCount);
  return {
    period,
    leaderboard,
    currentUser: {
      ...standing,
      ratingsCount: place.ratingsCount,
      averageHelpfulness: averageToOneDecimal(place.helpfulnessSum, place.helpfulnessCount),
      helpfulnessScore: roundScore(place.helpfulnessScore),
      displayName: place.displayName,
    },
  };
}
