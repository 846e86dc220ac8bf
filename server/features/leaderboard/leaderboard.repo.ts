import { eq, gt, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { raterDailyStats, raterStats, users } from '../../db/schema/index';
import { LEADERBOARD_SIZE } from '../../../common/schemas/leaderboard';

/** One ranked rater before masking: the same rows serve every caller. */
export type LeaderboardRow = {
  userId: string;
  email: string;
  ratingsCount: number;
  helpfulnessSum: number;
  helpfulnessCount: number;
  /** All-time points, whatever the period (for the rank shown beside the entry). */
  totalPoints: number;
};

/*
 * §9 order: ratings count, then average helpfulness, then more reviews, then user id so equal
 * raters keep a stable order. The first two keys are written exactly as rater_stats_leaderboard_idx
 * declares them, so the all-time list is read off that index and stops after 50 rows.
 */
function prepareAllTime(db: Db) {
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
function prepareSince(db: Db) {
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

const preparedByDb = new WeakMap<
  Db,
  { allTime: ReturnType<typeof prepareAllTime>; since: ReturnType<typeof prepareSince> }
>();

function prepared(db: Db) {
  let queries = preparedByDb.get(db);
  if (!queries) {
    queries = { allTime: prepareAllTime(db), since: prepareSince(db) };
    preparedByDb.set(db, queries);
  }
  return queries;
}

export async function findAllTimeLeaderboard(db: Db): Promise<LeaderboardRow[]> {
  return prepared(db).allTime.execute();
}

export async function findLeaderboardSince(db: Db, since: string): Promise<LeaderboardRow[]> {
  return prepared(db).since.execute({ since });
}
