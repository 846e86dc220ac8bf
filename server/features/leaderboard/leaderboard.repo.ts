import { and, eq, gt, gte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { leaderboardBoards, raterDailyStats, raterStats, users } from '../../db/schema/index';
import type { StoredLeaderboardRow } from '../../db/schema/leaderboard-boards';
import type { LeaderboardPeriod } from '../../../common/constants';
import { LEADERBOARD_SIZE } from '../../../common/schemas/leaderboard';

/**
 * One ranked rater before masking: the same rows serve every caller. `totalPoints` is all-time,
 * whatever the period (for the rank shown beside the entry).
 */
export type LeaderboardRow = StoredLeaderboardRow;

/*
 * §9 order: ratings count, then average helpfulness, then more reviews, then user id so equal
 * raters keep a stable order. The first two keys are written exactly as rater_stats_leaderboard_idx
 * declares them, so the all-time list is read off that index and stops after 50 rows.
 */
function prepareAllTime(db: Executor) {
  return db
    .select({
      userId: raterStats.userId,
      email: users.email,
      ratingsCount: raterStats.ratingsSubmitted,
      helpfulnessSum: raterStats.helpfulnessSum,
      helpfulnessCount: raterStats.helpfulnessCount,
      totalPoints: raterStats.totalPoints,
    })
    .from(raterStats)
    .innerJoin(users, eq(users.id, raterStats.userId))
    .where(gt(raterStats.ratingsSubmitted, 0))
    .orderBy(
      sql`${raterStats.ratingsSubmitted} desc nulls last`,
      sql`(${raterStats.helpfulnessSum}::float8 / greatest(${raterStats.helpfulnessCount}, 1)) desc`,
      sql`${raterStats.helpfulnessCount} desc`,
      raterStats.userId,
    )
    .limit(LEADERBOARD_SIZE)
    .prepare('leaderboard_all_time');
}

/**
 * Sums the per-day counters from `since` (a UTC day) on; only the 50 winners are joined to users
 * and rater_stats. The sums get names of their own: rater_stats has columns of the plain names.
 */
function prepareSince(db: Executor) {
  const ratingsCount = sql<number>`sum(${raterDailyStats.ratingsCount})::int`;
  const helpfulnessSum = sql<number>`sum(${raterDailyStats.helpfulnessSum})::int`;
  const helpfulnessCount = sql<number>`sum(${raterDailyStats.helpfulnessCount})::int`;
  const totals = db
    .select({
      userId: raterDailyStats.userId,
      ratingsCount: ratingsCount.as('window_ratings_count'),
      helpfulnessSum: helpfulnessSum.as('window_helpfulness_sum'),
      helpfulnessCount: helpfulnessCount.as('window_helpfulness_count'),
    })
    .from(raterDailyStats)
    .where(gte(raterDailyStats.day, sql.placeholder('since')))
    .groupBy(raterDailyStats.userId)
    .having(sql`${ratingsCount} > 0`)
    .orderBy(
      sql`${ratingsCount} desc`,
      sql`${helpfulnessSum}::float8 / greatest(${helpfulnessCount}, 1) desc`,
      sql`${helpfulnessCount} desc`,
      raterDailyStats.userId,
    )
    .limit(LEADERBOARD_SIZE)
    .as('totals');
  return db
    .select({
      userId: totals.userId,
      email: users.email,
      ratingsCount: totals.ratingsCount,
      helpfulnessSum: totals.helpfulnessSum,
      helpfulnessCount: totals.helpfulnessCount,
      totalPoints: sql<number>`coalesce(${raterStats.totalPoints}, 0)`,
    })
    .from(totals)
    .innerJoin(users, eq(users.id, totals.userId))
    .leftJoin(raterStats, eq(raterStats.userId, totals.userId))
    .orderBy(
      sql`${totals.ratingsCount} desc`,
      sql`${totals.helpfulnessSum}::float8 / greatest(${totals.helpfulnessCount}, 1) desc`,
      sql`${totals.helpfulnessCount} desc`,
      totals.userId,
    )
    .prepare('leaderboard_since');
}

// Keyed by the database or the transaction the statements run on (the refresh job computes in its own).
const preparedByDb = new WeakMap<
  Executor,
  { allTime: ReturnType<typeof prepareAllTime>; since: ReturnType<typeof prepareSince> }
>();

function prepared(db: Executor) {
  let queries = preparedByDb.get(db);
  if (!queries) {
    queries = { allTime: prepareAllTime(db), since: prepareSince(db) };
    preparedByDb.set(db, queries);
  }
  return queries;
}

export async function findAllTimeLeaderboard(db: Executor): Promise<LeaderboardRow[]> {
  return prepared(db).allTime.execute();
}

export async function findLeaderboardSince(db: Executor, since: string): Promise<LeaderboardRow[]> {
  return prepared(db).since.execute({ since });
}

export async function findStoredBoard(
  db: Db,
  period: LeaderboardPeriod,
): Promise<{ computedAt: Date; rows: LeaderboardRow[] } | undefined> {
  const [board] = await db
    .select({ computedAt: leaderboardBoards.computedAt, rows: leaderboardBoards.rows })
    .from(leaderboardBoards)
    .where(eq(leaderboardBoards.period, period));
  return board;
}

export async function findBoardAges(db: Executor): Promise<{ period: string; computedAt: Date }[]> {
  return db
    .select({ period: leaderboardBoards.period, computedAt: leaderboardBoards.computedAt })
    .from(leaderboardBoards);
}

export async function storeBoard(db: Executor, period: LeaderboardPeriod, computedAt: Date, rows: LeaderboardRow[]) {
  await db
    .insert(leaderboardBoards)
    .values({ period, computedAt, rows })
    .onConflictDoUpdate({ target: leaderboardBoards.period, set: { computedAt, rows } });
}

/** The refresh job's lock: held by one instance at a time, released with its transaction. */
const BOARD_REFRESH_LOCK_KEY = 7_265_012;

export async function tryTakeBoardRefreshLock(tx: Executor): Promise<boolean> {
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${BOARD_REFRESH_LOCK_KEY}) as taken`);
  // Both drivers answer { rows }; Drizzle types the generic executor's result as unknown.
  return (result as { rows: { taken: boolean }[] }).rows[0]?.taken === true;
}

/** One rater's own counts for the period (from `since`, a UTC day; null for all time), read live. */
export async function findRaterCounts(
  db: Db,
  userId: string,
  since: string | null,
): Promise<Pick<LeaderboardRow, 'ratingsCount' | 'helpfulnessSum' | 'helpfulnessCount'> | undefined> {
  if (since === null) {
    const [row] = await db
      .select({
        ratingsCount: raterStats.ratingsSubmitted,
        helpfulnessSum: raterStats.helpfulnessSum,
        helpfulnessCount: raterStats.helpfulnessCount,
      })
      .from(raterStats)
      .where(eq(raterStats.userId, userId));
    return row;
  }
  const [row] = await db
    .select({
      ratingsCount: sql<number>`coalesce(sum(${raterDailyStats.ratingsCount}), 0)::int`,
      helpfulnessSum: sql<number>`coalesce(sum(${raterDailyStats.helpfulnessSum}), 0)::int`,
      helpfulnessCount: sql<number>`coalesce(sum(${raterDailyStats.helpfulnessCount}), 0)::int`,
    })
    .from(raterDailyStats)
    .where(and(eq(raterDailyStats.userId, userId), gte(raterDailyStats.day, since)));
  return row;
}
