import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  executePrepared,
  mapColumns,
  placeholderSlot,
  selectColumns,
  textLiteral,
  type Db,
  type Executor,
  type ValueSlot,
} from '../../db/client';
import { achievements, raterDailyStats, raterStats, users } from '../../db/schema/index';
import { BADGES, RANKS, type Badge, type BadgeFacts, type BadgeRule } from '../../../common/gamification';

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

/** The rank of a points total, as SQL, from the one rank table (common/gamification.ts). */
function rankOf(points: SQL): SQL {
  const steps = [...RANKS]
    .reverse()
    .map((rank) => sql`when ${points} >= ${sql.raw(String(rank.minPoints))} then ${sql.raw(`'${rank.name}'`)}`);
  return sql`(case ${sql.join(steps, sql` `)} end)`;
}

/**
 * Insert-or-increment of one rater's totals as one statement, rank included: concurrent writers for
 * the same rater serialise on the row lock and each increments the latest committed totals. `from`
 * makes the row depend on another part of the caller's statement (no row there, no change here);
 * values are named with `prefix` and written by `valueSlot`, and come from raterStatsValues. Returns
 * the totals after the change (selectColumns form).
 */
export function raterStatsUpsert(prefix: string, from?: SQL, valueSlot: ValueSlot = placeholderSlot): SQL {
  const t = raterStats;
  const slot = (name: string, type: string) => valueSlot(prefix + name, type);
  const value = (name: keyof RaterStatsDelta) => slot(name, name === 'activityAt' ? 'timestamptz' : 'int');
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
    select ${slot('userId', 'uuid')}, ${start('points')}, ${rankOf(start('points'))}, ${start('ratingsSubmitted')},
      ${start('detailedComments')}, ${start('helpfulnessSum')}, ${start('helpfulnessCount')}, ${value('activityAt')}
    ${from ?? sql``}
    on conflict (${sql.identifier(t.userId.name)}) do update set
      ${sql.identifier(t.totalPoints.name)} = ${add(t.totalPoints, 'points')},
      ${sql.identifier(t.currentRank.name)} = ${rankOf(add(t.totalPoints, 'points'))},
      ${sql.identifier(t.ratingsSubmitted.name)} = ${add(t.ratingsSubmitted, 'ratingsSubmitted')},
      ${sql.identifier(t.detailedCommentsCount.name)} = ${add(t.detailedCommentsCount, 'detailedComments')},
      ${sql.identifier(t.helpfulnessSum.name)} = ${add(t.helpfulnessSum, 'helpfulnessSum')},
      ${sql.identifier(t.helpfulnessCount.name)} = ${add(t.helpfulnessCount, 'helpfulnessCount')},
      ${sql.identifier(t.lastActivityDate.name)} = greatest(${t.lastActivityDate}, ${value('activityAt')})
    returning ${selectColumns(t)}`;
}

/** The values of raterStatsUpsert's placeholders. A null activityAt (helpfulness received) keeps the date: greatest() ignores null. */
export function raterStatsValues(prefix: string, delta: RaterStatsDelta): Record<string, unknown> {
  return withPrefix(prefix, { ...delta, activityAt: delta.activityAt?.toISOString() ?? null });
}

const withPrefix = (prefix: string, values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [prefix + name, value]));

export async function applyRaterStatsDelta(db: Executor, delta: RaterStatsDelta): Promise<RaterStatsRow> {
  const [row] = await executePrepared(
    db,
    'gamification_rater_stats_upsert',
    () => raterStatsUpsert(''),
    raterStatsValues('', delta),
  );
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

/** Insert-or-increment of one rater's counters of one day, as one statement (the arguments as in raterStatsUpsert). */
export function dailyStatsUpsert(prefix: string, from?: SQL, valueSlot: ValueSlot = placeholderSlot): SQL {
  const t = raterDailyStats;
  const slot = (name: string, type: string) => valueSlot(prefix + name, type);
  const start = (name: keyof DailyStatsDelta) => sql`greatest(0, ${slot(name, 'int')})`;
  const add = (column: AnyPgColumn, name: keyof DailyStatsDelta) => sql`greatest(0, ${column} + ${slot(name, 'int')})`;
  const columns = [t.day, t.userId, t.ratingsCount, t.helpfulnessSum, t.helpfulnessCount];
  return sql`insert into ${t} (${columnNames(columns)})
    select ${slot('day', 'date')}, ${slot('userId', 'uuid')}, ${start('ratingsCount')}, ${start('helpfulnessSum')}, ${start('helpfulnessCount')}
    ${from ?? sql``}
    on conflict (${sql.identifier(t.day.name)}, ${sql.identifier(t.userId.name)}) do update set
      ${sql.identifier(t.ratingsCount.name)} = ${add(t.ratingsCount, 'ratingsCount')},
      ${sql.identifier(t.helpfulnessSum.name)} = ${add(t.helpfulnessSum, 'helpfulnessSum')},
      ${sql.identifier(t.helpfulnessCount.name)} = ${add(t.helpfulnessCount, 'helpfulnessCount')}`;
}

export function dailyStatsValues(prefix: string, delta: DailyStatsDelta): Record<string, unknown> {
  return withPrefix(prefix, delta);
}

export async function applyDailyStatsDelta(db: Executor, delta: DailyStatsDelta): Promise<void> {
  await executePrepared(db, 'gamification_daily_stats_upsert', () => dailyStatsUpsert(''), dailyStatsValues('', delta));
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

/** Action facts of a badge rule: values of the statement that checks it (boolean slots). */
export type ActionSlots = Record<Extract<BadgeRule, { kind: 'action' }>['action'], SQL>;

/** A badge rule as SQL over a row of rater totals in selectColumns form (`totals`), the same test as ruleHolds. */
function ruleSql(rule: BadgeRule, totals: SQL, actions: ActionSlots): SQL {
  const total = (name: keyof BadgeFacts) => sql`${totals}.${sql.identifier(name)}`;
  switch (rule.kind) {
    case 'total':
      return sql`${total(rule.total)} >= ${sql.raw(String(rule.atLeast))}`;
    case 'action':
      return sql`coalesce(${actions[rule.action]}, false)`;
    case 'helpfulness':
      return sql`(${total('helpfulnessCount')} >= ${sql.raw(String(rule.minReviews))}
        and ${total('helpfulnessSum')} >= ${sql.raw(String(rule.minAverage))} * ${total('helpfulnessCount')})`;
  }
}

/**
 * Records every badge whose rule holds for the totals after an action, as one statement: `from` names
 * the CTE that returned those totals. A badge already held is left as it was (first earnedAt wins), so
 * this is "newly earned" without reading the totals before; a badge added to the rules later is
 * awarded on the rater's next action.
 */
export function badgeAwardsInsert(from: SQL, earnedAt: SQL, actions: ActionSlots): SQL {
  const t = achievements;
  const totals = sql.raw('totals');
  const candidates = BADGES.map(
    (badge) =>
      sql`(${textLiteral(badge.type)}, ${textLiteral(badge.name)}, ${textLiteral(badge.description)}, ${textLiteral(badge.icon)}, ${ruleSql(badge.rule, totals, actions)})`,
  );
  return sql`insert into ${t} (${columnNames([t.userId, t.achievementType, t.achievementName, t.achievementDescription, t.badgeIcon, t.earnedAt])})
    select ${totals}."userId", badge.type, badge.name, badge.description, badge.icon, ${earnedAt}
    from ${from} ${totals}
    cross join lateral (values ${sql.join(candidates, sql`, `)}) badge (type, name, description, icon, earned)
    where badge.earned
    on conflict (${columnNames([t.userId, t.achievementType])}) do nothing`;
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
