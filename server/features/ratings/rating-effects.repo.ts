import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { argsRow, param, preparedStatement } from '../../db/prepared';
import { RATING_SCORE_FIELDS, RATING_TEXT_FIELDS, type RatingScoreField } from '../../../common/schemas/ratings';
import type { StarBucket } from '../../../common/rating-rules';
import { badgeRows, rankOf } from './gamification-rules-sql';

/**
 * A signed change to everything derived from ratings and their votes (rating-effects.ts computes it): the rated
 * player's aggregates, the rater's totals, day and badges. Applying a rating adds its effect; taking it back adds
 * the negated effect; an edit adds the difference.
 */
export type EffectValues = {
  /** The rated player whose aggregates move; null when only the rater's figures move (a vote). */
  playerId: number | null;
  count: number;
  overall: number;
  scores: Record<RatingScoreField, number>;
  stars: Record<StarBucket, number>;
  /** The rater whose figures move; null for a rating whose rater's account is gone. */
  raterUserId: string | null;
  points: number;
  ratingsSubmitted: number;
  detailedComments: number;
  helpfulnessSum: number;
  helpfulnessCount: number;
  /** The UTC day (YYYY-MM-DD) the rating counts on in the period boards, and its change there. */
  day: string | null;
  dayRatings: number;
  /** When the rater themself acted: moves their last activity (null: a vote they received, a take-back). */
  activityAt: Date | null;
  /** The action's facts for the badges it may earn. */
  fullBreakdown: boolean;
  improvedRating: boolean;
  /** A take-back: badges the rater's remaining counted ratings no longer earn are withdrawn (none awarded). */
  withdraw: boolean;
};

/** Every value of EffectValues as an SQL expression of the statement that applies it. */
export type EffectSlots = { [K in keyof EffectValues]: K extends 'scores' | 'stars' ? Record<string, SQL> : SQL };

const STARS: StarBucket[] = [1, 2, 3, 4, 5];
const scoreSum = (field: RatingScoreField) =>
  sql.identifier(`${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_sum`);

/** A counted rating's six texts, all filled in: the Full Breakdown badge (docs/product.md#gamification-rules). */
const fullBreakdownOf = (alias: string) =>
  sql.join(
    RATING_TEXT_FIELDS.map(
      (field) =>
        sql`coalesce(trim(${sql.identifier(alias)}.${sql.identifier(field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))}), '') <> ''`,
    ),
    sql` and `,
  );

/**
 * The data-modifying CTEs that apply an effect, for a WITH list after the CTEs its slots read. `gate` is true when
 * the effect applies at all (the submit statement: a rating was inserted and counts now). PostgreSQL runs every
 * data-modifying CTE whether or not the final select reads it.
 *   counted    the player's aggregates (row-locked: one player's ratings apply one after another);
 *   marked     marks the player's skill estimate stale (the trust worker recomputes it within seconds);
 *   stats      the rater's totals, rank included (row-locked: one rater's changes serialise), never below zero;
 *   daily      the rater's day in the period boards;
 *   badges     awards every badge whose rule the totals after it hold (a held badge keeps its first earnedAt);
 *   withdrawn  on a take-back, withdraws the badges the rater's remaining counted ratings no longer earn.
 */
export function effectCtes(v: EffectSlots, gate: SQL): SQL {
  const movesPlayer = sql`${gate} and ${v.playerId} is not null`;
  const movesRater = sql`${gate} and ${v.raterUserId} is not null`;
  const clampAdd = (column: string, value: SQL) =>
    sql`${sql.identifier(column)} = greatest(0, rater_stats.${sql.identifier(column)} + ${value})`;
  return sql`counted as (
      update players set rating_count = rating_count + ${v.count},
        overall_sum = overall_sum + ${v.overall},
        ${sql.join(
          RATING_SCORE_FIELDS.map((field) => sql`${scoreSum(field)} = ${scoreSum(field)} + ${v.scores[field]}`),
          sql`, `,
        )},
        ${sql.join(
          STARS.map(
            (star) => sql`${sql.identifier(`stars_${star}`)} = ${sql.identifier(`stars_${star}`)} + ${v.stars[star]}`,
          ),
          sql`, `,
        )}
      where id = ${v.playerId} and ${movesPlayer}
      returning id
    ), marked as (
      insert into player_skill_marks (player_id, marked_at)
      select id, now() from counted
      on conflict (player_id) do update set marked_at = excluded.marked_at
    ), stats as (
      insert into rater_stats (user_id, total_points, current_rank, ratings_submitted, detailed_comments_count,
        helpfulness_sum, helpfulness_count, last_activity_date)
      select ${v.raterUserId}, greatest(0, ${v.points}), ${rankOf(sql`greatest(0, ${v.points})`)},
        greatest(0, ${v.ratingsSubmitted}), greatest(0, ${v.detailedComments}), greatest(0, ${v.helpfulnessSum}),
        greatest(0, ${v.helpfulnessCount}), ${v.activityAt}
      where ${movesRater}
      on conflict (user_id) do update set
        ${clampAdd('total_points', v.points)},
        current_rank = ${rankOf(sql`greatest(0, rater_stats.total_points + ${v.points})`)},
        ${clampAdd('ratings_submitted', v.ratingsSubmitted)},
        ${clampAdd('detailed_comments_count', v.detailedComments)},
        ${clampAdd('helpfulness_sum', v.helpfulnessSum)},
        ${clampAdd('helpfulness_count', v.helpfulnessCount)},
        last_activity_date = greatest(rater_stats.last_activity_date, ${v.activityAt})
      returning user_id as "userId", ratings_submitted as "ratingsSubmitted",
        detailed_comments_count as "detailedCommentsCount", helpfulness_sum as "helpfulnessSum",
        helpfulness_count as "helpfulnessCount"
    ), daily as (
      insert into rater_daily_stats (day, user_id, ratings_count, helpfulness_sum, helpfulness_count)
      select ${v.day}, "userId", greatest(0, ${v.dayRatings}), greatest(0, ${v.helpfulnessSum}),
        greatest(0, ${v.helpfulnessCount})
      from stats
      where ${v.day} is not null and (${v.dayRatings} <> 0 or ${v.helpfulnessSum} <> 0 or ${v.helpfulnessCount} <> 0)
      on conflict (day, user_id) do update set
        ratings_count = greatest(0, rater_daily_stats.ratings_count + ${v.dayRatings}),
        helpfulness_sum = greatest(0, rater_daily_stats.helpfulness_sum + ${v.helpfulnessSum}),
        helpfulness_count = greatest(0, rater_daily_stats.helpfulness_count + ${v.helpfulnessCount})
    ), badges as (
      insert into achievements (user_id, achievement_type, achievement_name, achievement_description, badge_icon, earned_at)
      select totals."userId", badge.type, badge.name, badge.description, badge.icon, coalesce(${v.activityAt}, now())
      from stats totals
      cross join lateral ${badgeRows(sql`totals`, { fullBreakdown: v.fullBreakdown, improvedRating: v.improvedRating })}
      where badge.earned and not ${v.withdraw}
      on conflict (user_id, achievement_type) do nothing
    ), withdrawn as (
      -- What still counts earns the action badges too: a full breakdown among the counted ratings, any counted rating
      -- for the Second Look (the edit it marks is not recorded). Run after the taken-back rating left the counted ones.
      delete from achievements using stats totals
      cross join lateral ${badgeRows(sql`totals`, {
        fullBreakdown: sql`exists (select from ratings r where r.rater_user_id = totals."userId"
          and r.listed_at is not null and ${fullBreakdownOf('r')})`,
        improvedRating: sql`totals."ratingsSubmitted" > 0`,
      })}
      where ${v.withdraw} and achievements.user_id = totals."userId"
        and achievements.achievement_type = badge.type and not badge.earned
    )`;
}

/** Slots for an effect read from `args` (argsRow), the same names whoever composes the statement. */
export function effectSlots(args: ReturnType<typeof argsRow>): EffectSlots {
  return {
    playerId: args.slot('playerId', 'int'),
    count: args.slot('count', 'int'),
    overall: args.slot('overall', 'double precision'),
    scores: Object.fromEntries(RATING_SCORE_FIELDS.map((field) => [field, args.slot(`${field}Delta`, 'int')])),
    stars: Object.fromEntries(STARS.map((star) => [star, args.slot(`stars${star}`, 'int')])),
    raterUserId: args.slot('raterUserId', 'uuid'),
    points: args.slot('points', 'int'),
    ratingsSubmitted: args.slot('ratingsSubmitted', 'int'),
    detailedComments: args.slot('detailedComments', 'int'),
    helpfulnessSum: args.slot('helpfulnessSum', 'int'),
    helpfulnessCount: args.slot('helpfulnessCount', 'int'),
    day: args.slot('day', 'date'),
    dayRatings: args.slot('dayRatings', 'int'),
    activityAt: args.slot('activityAt', 'timestamptz'),
    fullBreakdown: args.slot('fullBreakdown', 'boolean'),
    improvedRating: args.slot('improvedRating', 'boolean'),
    withdraw: args.slot('withdraw', 'boolean'),
  };
}

/** EffectValues as the placeholders of effectSlots. */
export function effectArgs(values: EffectValues): Record<string, unknown> {
  return {
    playerId: values.playerId,
    count: values.count,
    overall: values.overall,
    ...Object.fromEntries(RATING_SCORE_FIELDS.map((field) => [`${field}Delta`, values.scores[field]])),
    ...Object.fromEntries(STARS.map((star) => [`stars${star}`, values.stars[star]])),
    raterUserId: values.raterUserId,
    points: values.points,
    ratingsSubmitted: values.ratingsSubmitted,
    detailedComments: values.detailedComments,
    helpfulnessSum: values.helpfulnessSum,
    helpfulnessCount: values.helpfulnessCount,
    day: values.day,
    dayRatings: values.dayRatings,
    activityAt: values.activityAt?.toISOString() ?? null,
    fullBreakdown: values.fullBreakdown,
    improvedRating: values.improvedRating,
    withdraw: values.withdraw,
  };
}

/** An effect on its own (a release, an edit, a vote, a take-down, a restore, a merge, an erasure): one statement. */
const applyEffectStatement = preparedStatement<Record<string, unknown>>('rating_effects_apply', () => {
  const args = argsRow();
  const ctes = effectCtes(effectSlots(args), sql`true`);
  return sql`with ${args.cte()}, ${ctes} select count(*)::int as moved from counted`;
});

export async function applyEffectValues(db: Executor, values: EffectValues): Promise<void> {
  await applyEffectStatement.run(db, effectArgs(values));
}

/** Many players' aggregate changes at once (a take-back of many ratings), each player's summed: one row per player. */
export type PlayerDeltas = {
  playerIds: number[];
  counts: number[];
  overalls: number[];
  scores: Record<RatingScoreField, number[]>;
  stars: Record<StarBucket, number[]>;
};

/**
 * The player side of many effects in one statement (an erasure of a busy rater's ratings: thousands of players),
 * each player's row updated once with its sum and marked for the trust worker; the same columns effectCtes moves.
 */
const applyPlayerDeltasStatement = preparedStatement<Record<string, unknown>>('rating_effects_players', () => {
  const column = (name: string, type: string) => sql`${param(name, `${type}[]`)}`;
  const deltas = sql`unnest(${column('playerIds', 'int')}, ${column('counts', 'int')}, ${column('overalls', 'double precision')},
    ${sql.join(
      RATING_SCORE_FIELDS.map((field) => column(`${field}Deltas`, 'int')),
      sql`, `,
    )}, ${sql.join(
      STARS.map((star) => column(`stars${star}Deltas`, 'int')),
      sql`, `,
    )}) as d (player_id, c, o, ${sql.raw(RATING_SCORE_FIELDS.map((_, index) => `s${index + 1}`).join(', '))}, ${sql.raw(STARS.map((star) => `t${star}`).join(', '))})`;
  return sql`with counted as (
      update players set rating_count = rating_count + d.c, overall_sum = overall_sum + d.o,
        ${sql.join(
          RATING_SCORE_FIELDS.map(
            (field, index) => sql`${scoreSum(field)} = ${scoreSum(field)} + d.${sql.raw(`s${index + 1}`)}`,
          ),
          sql`, `,
        )},
        ${sql.join(
          STARS.map(
            (star) =>
              sql`${sql.identifier(`stars_${star}`)} = ${sql.identifier(`stars_${star}`)} + d.${sql.identifier(`t${star}`)}`,
          ),
          sql`, `,
        )}
      from ${deltas}
      where players.id = d.player_id
      returning players.id
    )
    insert into player_skill_marks (player_id, marked_at)
    select id, now() from counted
    on conflict (player_id) do update set marked_at = excluded.marked_at`;
});

export async function applyPlayerDeltas(db: Executor, deltas: PlayerDeltas): Promise<void> {
  if (deltas.playerIds.length === 0) return;
  await applyPlayerDeltasStatement.run(db, {
    playerIds: deltas.playerIds,
    counts: deltas.counts,
    overalls: deltas.overalls,
    ...Object.fromEntries(RATING_SCORE_FIELDS.map((field) => [`${field}Deltas`, deltas.scores[field]])),
    ...Object.fromEntries(STARS.map((star) => [`stars${star}Deltas`, deltas.stars[star]])),
  });
}

/**
 * Many raters' days at once, for a take-back of many ratings: each (day, rater) row moved by its sum. A take-back's
 * days exist (the ratings counted on them), so this only updates, never below zero.
 */
const takeBackDaysStatement = preparedStatement<Record<string, unknown>>('rating_effects_days', () => {
  return sql`update rater_daily_stats s set ratings_count = greatest(0, s.ratings_count + d.r),
      helpfulness_sum = greatest(0, s.helpfulness_sum + d.hs), helpfulness_count = greatest(0, s.helpfulness_count + d.hc)
    from unnest(${param('days', 'date[]')}, ${param('userIds', 'uuid[]')}, ${param('ratings', 'int[]')},
      ${param('helpfulnessSums', 'int[]')}, ${param('helpfulnessCounts', 'int[]')}) as d (day, user_id, r, hs, hc)
    where s.day = d.day and s.user_id = d.user_id`;
});

export type DayDeltas = {
  days: string[];
  userIds: string[];
  ratings: number[];
  helpfulnessSums: number[];
  helpfulnessCounts: number[];
};

export async function takeBackDays(db: Executor, deltas: DayDeltas): Promise<void> {
  if (deltas.days.length === 0) return;
  await takeBackDaysStatement.run(db, deltas);
}
