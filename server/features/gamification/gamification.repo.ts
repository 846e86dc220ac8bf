import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { achievements, raterDailyStats, raterStats } from '../../db/schema/index';
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

// my-stats is a hot read (issue 3 bench): prepared once per database, reused by every request.
const preparedByDb = new WeakMap<Db, ReturnType<typeof prepareReads>>();

function prepareReads(db: Db) {
  return {
    stats: db
      .select()
      .from(raterStats)
      .where(eq(raterStats.userId, sql.placeholder('userId')))
      .prepare('gamification_rater_stats'),
    achievements: db
      .select({
        achievementType: achievements.achievementType,
        achievementName: achievements.achievementName,
        achievementDescription: achievements.achievementDescription,
        badgeIcon: achievements.badgeIcon,
        earnedAt: achievements.earnedAt,
      })
      .from(achievements)
      .where(eq(achievements.userId, sql.placeholder('userId')))
      .orderBy(asc(achievements.earnedAt), asc(achievements.id))
      .prepare('gamification_achievements'),
  };
}

function reads(db: Db) {
  let prepared = preparedByDb.get(db);
  if (!prepared) {
    prepared = prepareReads(db);
    preparedByDb.set(db, prepared);
  }
  return prepared;
}

export async function findRaterStats(db: Db, userId: string): Promise<RaterStatsRow | undefined> {
  const [row] = await reads(db).stats.execute({ userId });
  return row;
}

export async function listAchievements(db: Db, userId: string) {
  return reads(db).achievements.execute({ userId });
}
