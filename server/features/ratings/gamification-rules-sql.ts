import { sql, type SQL } from 'drizzle-orm';
import { textLiteral } from '../../db/prepared';
import { BADGES, RANKS, type BadgeFacts, type BadgeRule } from '../../../common/gamification';

/*
 * The rules of common/gamification.ts as SQL expressions, for the statement that moves a rater's totals and awards
 * (or, on a take-back, withdraws) what the totals after it earn (rating-effects.repo.ts). Expressions only.
 */

/** The rank of a points total, from the one rank table. */
export function rankOf(points: SQL): SQL {
  const steps = [...RANKS]
    .reverse()
    .map((rank) => sql`when ${points} >= ${sql.raw(String(rank.minPoints))} then ${textLiteral(rank.name)}`);
  return sql`(case ${sql.join(steps, sql` `)} end)`;
}

/** Action facts of a badge rule: values of the statement that checks it (boolean). */
export type ActionSlots = Record<Extract<BadgeRule, { kind: 'action' }>['action'], SQL>;

/** A badge rule as SQL over a row of rater totals with BadgeFacts' column names (`totals`), the same test as ruleHolds. */
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
 * Every badge of the rules as a row `badge (type, name, description, icon, earned)`, `earned` when its rule holds
 * for the row of totals named `totals`: for a `cross join lateral` after the totals.
 */
export function badgeRows(totals: SQL, actions: ActionSlots): SQL {
  const rows = BADGES.map(
    (badge) =>
      sql`(${textLiteral(badge.type)}, ${textLiteral(badge.name)}, ${textLiteral(badge.description)}, ${textLiteral(badge.icon)}, ${ruleSql(badge.rule, totals, actions)})`,
  );
  return sql`(values ${sql.join(rows, sql`, `)}) badge (type, name, description, icon, earned)`;
}
