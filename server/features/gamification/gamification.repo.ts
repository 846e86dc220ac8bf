import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import { mapColumns, param, preparedQuery, preparedStatement, selectColumns } from '../../db/prepared';
import { achievements, raterDailyStats, raterStats, users } from '../../db/schema/index';
import type { Badge } from '../../../common/gamification';
import { rankOf } from './gamification-rules-sql';

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
};

/** An insert's column list (unqualified names). */
const columnNames = (columns: AnyPgColumn[]) =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

/**
 * Insert-or-increment of one rater's totals as one statement, rank included: concurrent writers for
 * the same rater serialise on the row lock and each increments the latest committed totals. Returns
 * the totals after the change (selectColumns form). A null activityAt (helpfulness received) keeps the
 * date: greatest() ignores null.
 */
const raterStatsUpsert = preparedStatement<Record<keyof RaterStatsDelta, unknown>>(
  'gamification_rater_stats_upsert',
  () => {
    const t = raterStats;
    const value = (name: keyof RaterStatsDelta) => param(name, name === 'activityAt' ? 'timestamptz' : 'int');
    const start = (name: keyof RaterStatsDelta) => sql`greatest(0, ${value(name)})`;
    const add = (column: AnyPgColumn, name: keyof RaterStatsDelta) => sql`greatest(0, ${column} + ${value(name)})`;
    const columns = [
      t.userId,
      t.totalPoints,
      t.currentRank,
      t.ratingsSubmitted,
      t.detailedCommentsCount,
      t.helpfulnessSum,
      t.helpfulnessCount,
      t.lastActivityDate,
    ];
    return sql`insert into ${t} (${columnNames(columns)})
    select ${param('userId', 'uuid')}, ${start('points')}, ${rankOf(start('points'))}, ${start('ratingsSubmitted')},
      ${start('detailedComments')}, ${start('helpfulnessSum')}, ${start('helpfulnessCount')}, ${value('activityAt')}
    on conflict (${sql.identifier(t.userId.name)}) do update set
      ${sql.identifier(t.totalPoints.name)} = ${add(t.totalPoints, 'points')},
      ${sql.identifier(t.currentRank.name)} = ${rankOf(add(t.totalPoints, 'points'))},
      ${sql.identifier(t.ratingsSubmitted.name)} = ${add(t.ratingsSubmitted, 'ratingsSubmitted')},
      ${sql.identifier(t.detailedCommentsCount.name)} = ${add(t.detailedCommentsCount, 'detailedComments')},
      ${sql.identifier(t.helpfulnessSum.name)} = ${add(t.helpfulnessSum, 'helpfulnessSum')},
      ${sql.identifier(t.helpfulnessCount.name)} = ${add(t.helpfulnessCount, 'helpfulnessCount')},
      ${sql.identifier(t.lastActivityDate.name)} = greatest(${t.lastActivityDate}, ${value('activityAt')})
    returning ${selectColumns(t)}`;
  },
);

export async function applyRaterStatsDelta(db: Executor, delta: RaterStatsDelta): Promise<RaterStatsRow> {
  const [row] = await raterStatsUpsert.run(db, { ...delta, activityAt: delta.activityAt?.toISOString() ?? null });
  return mapColumns(raterStats, row);
}

export type DailyStatsDelta = {
  userId: string;
  /** UTC calendar day, YYYY-MM-DD. */
  day: string;
  ratingsCount: number;
  helpfulnessSum: number;
  helpfulnessCount: number;
};

/** Insert-or-increment of one rater's counters of one day, as one statement. */
const dailyStatsUpsert = preparedStatement<DailyStatsDelta>('gamification_daily_stats_upsert', () => {
  const t = raterDailyStats;
  const start = (name: keyof DailyStatsDelta) => sql`greatest(0, ${param(name, 'int')})`;
  const add = (column: AnyPgColumn, name: keyof DailyStatsDelta) => sql`greatest(0, ${column} + ${param(name, 'int')})`;
  const columns = [t.day, t.userId, t.ratingsCount, t.helpfulnessSum, t.helpfulnessCount];
  return sql`insert into ${t} (${columnNames(columns)})
    select ${param('day', 'date')}, ${param('userId', 'uuid')}, ${start('ratingsCount')}, ${start('helpfulnessSum')}, ${start('helpfulnessCount')}
    on conflict (${sql.identifier(t.day.name)}, ${sql.identifier(t.userId.name)}) do update set
      ${sql.identifier(t.ratingsCount.name)} = ${add(t.ratingsCount, 'ratingsCount')},
      ${sql.identifier(t.helpfulnessSum.name)} = ${add(t.helpfulnessSum, 'helpfulnessSum')},
      ${sql.identifier(t.helpfulnessCount.name)} = ${add(t.helpfulnessCount, 'helpfulnessCount')}`;
});

export async function applyDailyStatsDelta(db: Executor, delta: DailyStatsDelta): Promise<void> {
  await dailyStatsUpsert.run(db, delta);
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
 * my-stats is a hot read (decision 003): one round trip for the totals and the badges. Totals are null when the
 * user has never rated or been reviewed.
 */
const myStatsQuery = preparedQuery('gamification_my_stats', (db) => {
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
    .where(eq(users.id, sql.placeholder('userId')));
});

export async function findMyStats(db: Db, userId: string) {
  const [row] = await myStatsQuery.run(db, { userId });
  return row;
}
