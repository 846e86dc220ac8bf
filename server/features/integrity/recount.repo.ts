import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { BADGES } from '../../../common/gamification';
import { isDetailedSql, pointsSql, rankSql, releasedVotesSql } from './recount-rules-sql';
import { RATING_TEXT_FIELDS } from '../../../common/schemas/ratings';

/*
 * The recount (docs/architecture.md#the-recount): every figure derived from ratings and votes recomputed from the
 * rows, compared with what is stored. Each check answers its mismatching rows as (key, stored, recounted), the two
 * figures as JSON objects. The rules are common/'s (ranks, points, badges, the star bucket, text lengths), written
 * here as SQL over whole tables; the effects module applies the same rules one change at a time.
 */

export type RecountCheck = { table: string; name: string; statement: SQL };
export type RecountRow = { key: string; stored: Record<string, unknown>; recounted: Record<string, unknown> };

const column = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The star bucket of common/rating-rules.ts starBucket: a half rounds up (PostgreSQL's round() would go to even). */
const bucket = (overall: string, star: number) => sql.raw(`count(*) filter (where floor(${overall} + 0.5) = ${star})`);
const rank = (points: string) => sql.raw(rankSql(points));
const points = (ratings: string, detailed: string, helpfulnessSum: string) =>
  sql.raw(pointsSql(ratings, detailed, helpfulnessSum));
const releasedVotes = sql.raw(releasedVotesSql);

/** Badges whose rule is a total the rater's counted ratings give: held exactly when the totals reach it. */
const totalBadges = BADGES.filter((badge) => badge.rule.kind === 'total');
/** Of those, the ones a take-back withdraws and nothing else keeps: the counts of ratings. */
const ratingCountBadges = totalBadges.filter(
  (badge) => badge.rule.kind === 'total' && badge.rule.total === 'ratingsSubmitted',
);
const badgeRuleRows = (badges: typeof totalBadges) =>
  sql.raw(
    `(values ${badges
      .map((badge) => {
        const rule = badge.rule as { total: string; atLeast: number };
        return `('${badge.type}', '${column(rule.total === 'ratingsSubmitted' ? 'ratingsSubmitted' : 'detailedCommentsCount')}', ${rule.atLeast})`;
      })
      .join(', ')}) as rule (type, total, at_least)`,
  );
const totalOf = sql.raw(
  `case rule.total when 'ratings_submitted' then s.ratings_submitted else s.detailed_comments_count end`,
);

export const RECOUNT_CHECKS: RecountCheck[] = [
  {
    table: 'players',
    name: 'rating count, sums and star counts',
    statement: sql`select 'player ' || p.id as key,
        json_build_object('ratingCount', p.rating_count, 'overallSum', p.overall_sum,
          'sums', json_build_array(p.serve_return_sum, p.groundstrokes_third_shot_sum, p.net_play_volleys_dinks_sum,
            p.movement_court_awareness_sum, p.mental_physical_game_sum),
          'stars', json_build_array(p.stars_1, p.stars_2, p.stars_3, p.stars_4, p.stars_5)) as stored,
        json_build_object('ratingCount', coalesce(r.c, 0), 'overallSum', coalesce(r.o, 0),
          'sums', json_build_array(coalesce(r.s1, 0), coalesce(r.s2, 0), coalesce(r.s3, 0), coalesce(r.s4, 0), coalesce(r.s5, 0)),
          'stars', json_build_array(coalesce(r.t1, 0), coalesce(r.t2, 0), coalesce(r.t3, 0), coalesce(r.t4, 0), coalesce(r.t5, 0))) as recounted
      from players p
      left join (
        select player_id, count(*) as c, sum(overall_rating) as o,
          sum(serve_return) as s1, sum(groundstrokes_third_shot) as s2, sum(net_play_volleys_dinks) as s3,
          sum(movement_court_awareness) as s4, sum(mental_physical_game) as s5,
          ${bucket('overall_rating', 1)} as t1, ${bucket('overall_rating', 2)} as t2, ${bucket('overall_rating', 3)} as t3,
          ${bucket('overall_rating', 4)} as t4, ${bucket('overall_rating', 5)} as t5
        from ratings where listed_at is not null group by player_id
      ) r on r.player_id = p.id
      where p.rating_count <> coalesce(r.c, 0) or abs(p.overall_sum - coalesce(r.o, 0)) > 1e-6
        or p.serve_return_sum <> coalesce(r.s1, 0) or p.groundstrokes_third_shot_sum <> coalesce(r.s2, 0)
        or p.net_play_volleys_dinks_sum <> coalesce(r.s3, 0) or p.movement_court_awareness_sum <> coalesce(r.s4, 0)
        or p.mental_physical_game_sum <> coalesce(r.s5, 0)
        or p.stars_1 <> coalesce(r.t1, 0) or p.stars_2 <> coalesce(r.t2, 0) or p.stars_3 <> coalesce(r.t3, 0)
        or p.stars_4 <> coalesce(r.t4, 0) or p.stars_5 <> coalesce(r.t5, 0)`,
  },
  {
    // An ASCII letter or digit always survives normalizeForSearch; a name of emoji or punctuation alone
    // normalises to '' (found by the route fuzz: players may be named so through the API).
    table: 'players',
    name: 'search columns filled',
    statement: sql`select 'player ' || id as key,
        json_build_object('searchName', search_name, 'searchLocation', search_location) as stored,
        json_build_object('name', first_name || ' ' || last_name, 'location', location) as recounted
      from players
      where (search_name = '' and first_name || last_name ~ '[0-9A-Za-z]')
        or (search_location = '' and location ~ '[0-9A-Za-z]')`,
  },
  {
    table: 'ratings',
    name: 'helpfulness sum and count',
    statement: sql`select 'rating ' || r.id as key,
        json_build_object('sum', r.helpfulness_sum, 'count', r.helpfulness_count) as stored,
        json_build_object('sum', coalesce(h.s, 0), 'count', coalesce(h.c, 0)) as recounted
      from ratings r
      left join (select rating_id, sum(helpfulness_score) as s, count(*) as c from rating_helpfulness group by rating_id) h
        on h.rating_id = r.id
      where r.helpfulness_sum <> coalesce(h.s, 0) or r.helpfulness_count <> coalesce(h.c, 0)`,
  },
  {
    table: 'ratings',
    name: 'held exactly while a flag is unresolved, or kept hidden over the text it flagged',
    statement: sql`select 'rating ' || r.id as key, json_build_object('isHeld', r.is_held) as stored,
        json_build_object('isHeld', not r.is_held) as recounted
      from ratings r
      where r.is_held <> exists (select 1 from flagged_comments f
        where f.rating_id = r.id and (not f.is_resolved or (f.resolution = 'kept_hidden' and f.flagged_text = case f.field
          ${sql.raw(RATING_TEXT_FIELDS.map((field) => `when '${field}' then r.${column(field)}`).join(' '))} end)))`,
  },
  {
    // What others see of a rater counts released ratings and released votes only (docs/product.md#anonymity).
    table: 'rater_stats',
    name: 'counts, helpfulness and points',
    statement: sql`select 'user ' || coalesce(s.user_id, r.user_id) as key,
        json_build_object('ratings', s.ratings_submitted, 'detailed', s.detailed_comments_count,
          'helpfulnessSum', s.helpfulness_sum, 'helpfulnessCount', s.helpfulness_count, 'points', s.total_points) as stored,
        json_build_object('ratings', coalesce(r.c, 0), 'detailed', coalesce(r.d, 0), 'helpfulnessSum', coalesce(r.hs, 0),
          'helpfulnessCount', coalesce(r.hc, 0), 'points', coalesce(${points('r.c', 'r.d', 'r.hs')}, 0)) as recounted
      from (
        select r.rater_user_id as user_id, count(*) as c,
          count(*) filter (where ${sql.raw(isDetailedSql)}) as d,
          coalesce(sum(v.s), 0) as hs, coalesce(sum(v.c), 0) as hc
        from ratings r ${releasedVotes}
        where r.rater_user_id is not null and r.listed_at is not null group by r.rater_user_id
      ) r full join rater_stats s on s.user_id = r.user_id
      where coalesce(s.ratings_submitted, 0) <> coalesce(r.c, 0)
        or coalesce(s.detailed_comments_count, 0) <> coalesce(r.d, 0)
        or coalesce(s.helpfulness_sum, 0) <> coalesce(r.hs, 0)
        or coalesce(s.helpfulness_count, 0) <> coalesce(r.hc, 0)
        or coalesce(s.total_points, 0) <> coalesce(${points('r.c', 'r.d', 'r.hs')}, 0)`,
  },
  {
    table: 'rater_stats',
    name: 'rank follows points',
    statement: sql`select 'user ' || s.user_id as key, json_build_object('rank', s.current_rank) as stored,
        json_build_object('rank', ${rank('s.total_points')}) as recounted
      from rater_stats s where s.current_rank is distinct from (${rank('s.total_points')})`,
  },
  {
    table: 'rater_daily_stats',
    name: 'per UTC day and rater',
    statement: sql`select 'user ' || coalesce(d.user_id, r.user_id) || ' on ' || coalesce(d.day, r.day) as key,
        json_build_object('ratings', d.ratings_count, 'helpfulnessSum', d.helpfulness_sum, 'helpfulnessCount', d.helpfulness_count) as stored,
        json_build_object('ratings', coalesce(r.c, 0), 'helpfulnessSum', coalesce(r.hs, 0), 'helpfulnessCount', coalesce(r.hc, 0)) as recounted
      from (
        select (r.listed_at at time zone 'UTC')::date as day, r.rater_user_id as user_id, count(*) as c,
          coalesce(sum(v.s), 0) as hs, coalesce(sum(v.c), 0) as hc
        from ratings r ${releasedVotes}
        where r.rater_user_id is not null and r.listed_at is not null group by 1, 2
      ) r full join rater_daily_stats d on d.day = r.day and d.user_id = r.user_id
      where coalesce(d.ratings_count, 0) <> coalesce(r.c, 0)
        or coalesce(d.helpfulness_sum, 0) <> coalesce(r.hs, 0)
        or coalesce(d.helpfulness_count, 0) <> coalesce(r.hc, 0)`,
  },
  {
    // Once the totals reach a badge's mark it is held: awarded when reached, withdrawn only when a take-back lowers them.
    table: 'achievements',
    name: 'badges of totals reached are held',
    statement: sql`select 'user ' || s.user_id || ' ' || rule.type as key, json_build_object('held', false) as stored,
        json_build_object('held', true) as recounted
      from rater_stats s cross join ${badgeRuleRows(totalBadges)}
      where ${totalOf} >= rule.at_least
        and not exists (select 1 from achievements a where a.user_id = s.user_id and a.achievement_type = rule.type)`,
  },
  {
    // Ratings taken back (a take-down, a merge's duplicate, an erasure) withdraw the count badges they no longer earn.
    table: 'achievements',
    name: 'count badges held only while the counted ratings reach them',
    statement: sql`select 'user ' || a.user_id || ' ' || rule.type as key, json_build_object('held', true) as stored,
        json_build_object('held', false) as recounted
      from achievements a
      join ${badgeRuleRows(ratingCountBadges)} on rule.type = a.achievement_type
      left join rater_stats s on s.user_id = a.user_id
      where coalesce(s.ratings_submitted, 0) < rule.at_least`,
  },
];

/** The rows of a raw statement: node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

export type RecountResult = { check: RecountCheck; rows: RecountRow[]; total: number }[];

/**
 * Mismatching rows per check, at most `limit` of each, all read in one snapshot. With `exclusive`, only when no other
 * instance is recounting (a transaction-scoped advisory lock): null when one is.
 */
export async function recountChecks(
  db: Db,
  limit: number,
  options: { exclusive?: boolean } = {},
): Promise<RecountResult | null> {
  // One snapshot for every check, so a write between two of them cannot look like a mismatch; no statement
  // timeout: at ten million ratings a check reads for longer than a request may (docs/scaling.md).
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      if (options.exclusive) {
        const rows = rowsOf<{ taken: boolean }>(
          await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('integrity_check')) as taken`),
        );
        if (rows[0]?.taken !== true) return null;
      }
      const results: RecountResult = [];
      for (const check of RECOUNT_CHECKS) {
        const rows = rowsOf<RecountRow & { total: number }>(
          await tx.execute(sql`with mismatch as materialized (${check.statement})
            select key, stored, recounted, count(*) over () ::int as total from mismatch order by key limit ${limit}`),
        );
        results.push({
          check,
          rows: rows.map(({ key, stored, recounted }) => ({ key, stored, recounted })),
          total: rows[0]?.total ?? 0,
        });
      }
      return results;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
