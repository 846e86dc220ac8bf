import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { achievements, raterDailyStats, raterStats, users } from '../../db/schema/index';
import type { Badge } from '../../../common/gamification';

export type RaterStatsRow = typeof raterStats.$inferSelect;

/** Increments to one rater's running totals. */
export type RaterStatsDelta = {
  userId: string;
  points: number;
  ratingsSubmitted: number;
  detailedComments: number;
  helpfulnessSum: number;
  helpfulnessCount: number;
  /** When the rater themself acted (null for helpfulness they received). */
  activityAt: Date | null;
  /** Rank for a first row; an existing row's rank is corrected by setRank. */
  initialRank: string;
};

/**
 * Insert-or-increment in one statement: concurrent writers for the same rater serialise on the row
 * lock, and each increments the latest committed totals. Returns the totals after this change.
 */
export async function applyRaterStatsDelta(db: Executor, delta: RaterStatsDelta): Promise<RaterStatsRow> {
  const [row] = await db
    .insert(raterStats)
    .values({
      userId: delta.userId,
      totalPoints: Math.max(0, delta.points),
      currentRank: delta.initialRank,
      ratingsSubmitted: Math.max(0, delta.ratingsSubmitted),
      detailedCommentsCount: Math.max(0, delta.detailedComments),
      helpfulnessSum: Math.max(0, delta.helpfulnessSum),
      helpfulnessCount: Math.max(0, delta.helpfulnessCount),
      lastActivityDate: delta.activityAt,
    })
    .onConflictDoUpdate({
      target: raterStats.userId,
      set: {
        // Clamped so a stats anomaly never makes the user's own action fail on the check constraint.
        totalPoints: sql`greatest(0, ${raterStats.totalPoints} + ${delta.points}::int)`,
        ratingsSubmitted: sql`greatest(0, ${raterStats.ratingsSubmitted} + ${delta.ratingsSubmitted}::int)`,
        detailedCommentsCount: sql`greatest(0, ${raterStats.detailedCommentsCount} + ${delta.detailedComments}::int)`,
        helpfulnessSum: sql`greatest(0, ${raterStats.helpfulnessSum} + ${delta.helpfulnessSum}::int)`,
        helpfulnessCount: sql`greatest(0, ${raterStats.helpfulnessCount} + ${delta.helpfulnessCount}::int)`,
        // greatest() ignores a null argument, so received helpfulness leaves the date as it was.
        lastActivityDate: sql`greatest(${raterStats.lastActivityDate}, ${delta.activityAt?.toISOString() ?? null}::timestamptz)`,
      },
    })
    .returning();
  return row;
}

export async function setRank(db: Executor, userId: string, rank: string): Promise<void> {
  await db.update(raterStats).set({ currentRank: rank }).where(eq(raterStats.userId, userId));
}

export type DailyStatsDelta = {
  userId: string;
  /** UTC calendar day, YYYY-MM-DD. */
  day: string;
  ratingsCount: number;
  helpfulnessSum: number;
  helpfulnessCount: number;
};

export async function applyDailyStatsDelta(db: Executor, delta: DailyStatsDelta): Promise<void> {
  await db
    .insert(raterDailyStats)
    .values({
      day: delta.day,
      userId: delta.userId,
      ratingsCount: Math.max(0, delta.ratingsCount),
      helpfulnessSum: Math.max(0, delta.helpfulnessSum),
      helpfulnessCount: Math.max(0, delta.helpfulnessCount),
    })
    .onConflictDoUpdate({
      target: [raterDailyStats.day, raterDailyStats.userId],
      set: {
        ratingsCount: sql`greatest(0, ${raterDailyStats.ratingsCount} + ${delta.ratingsCount}::int)`,
        helpfulnessSum: sql`greatest(0, ${raterDailyStats.helpfulnessSum} + ${delta.helpfulnessSum}::int)`,
        helpfulnessCount: sql`greatest(0, ${raterDailyStats.helpfulnessCount} + ${delta.helpfulnessCount}::int)`,
      },
    });
}

/** Records badges; one already held is left as it was (first earnedAt wins). */
export async function insertAchievements(db: Executor, userId: string, badges: Badge[], earnedAt: Date) {
  if (badges.length === 0) return;
  await db
    .insert(achievements)
    .values(
      badges.map((badge) => ({
        userId,
        achievementType: badge.type,
        achievementName: badge.name,
        achievementDescription: badge.description,
        badgeIcon: badge.icon,
        earnedAt,
      })),
    )
    .onConflictDoNothing({ target: [achievements.userId, achievements.achievementType] });
}

type AchievementJson = {
  achievementType: string;
  achievementName: string;
  achievementDescription: string;
  badgeIcon: string;
  /** ISO 8601 text, as PostgreSQL writes a timestamptz into JSON. */
  earnedAt: string;
};

/*
 * my-stats is a hot read (issue 3 bench): one round trip for the totals and the badges, prepared
 * once per database. Totals are null when the user has never rated or been reviewed.
 */
function prepareMyStats(db: Db) {
  const badges = sql<AchievementJson[]>`coalesce((
    select json_agg(json_build_object(
      'achievementType', ${achievements.achievementType},
      'achievementName', ${achievements.achievementName},
      'achievementDescription', ${achievements.achievementDescription},
      'badgeIcon', ${achievements.badgeIcon},
      'earnedAt', ${achievements.earnedAt}
    ) order by ${achievements.earnedAt}, ${achievements.id})
    from ${achievements} where ${achievements.userId} = ${users.id}), '[]'::json)`;
  return db
    .select({
      totalPoints: raterStats.totalPoints,
      ratingsSubmitted: raterStats.ratingsSubmitted,
      detailedCommentsCount: raterStats.detailedCommentsCount,
      helpfulnessSum: raterStats.helpfulnessSum,
      helpfulnessCount: raterStats.helpfulnessCount,
      lastActivityDate: raterStats.lastActivityDate,
      achievements: badges,
    })
    .from(users)
    .leftJoin(raterStats, eq(raterStats.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('gamification_my_stats');
}

const preparedByDb = new WeakMap<Db, ReturnType<typeof prepareMyStats>>();

export async function findMyStats(db: Db, userId: string) {
  let query = preparedByDb.get(db);
  if (!query) {
    query = prepareMyStats(db);
    preparedByDb.set(db, query);
  }
  const [row] = await query.execute({ userId });
  return row;
}
