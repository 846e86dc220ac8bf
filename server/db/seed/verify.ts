import type { Database } from '../client';
import { isDetailedSql, pointsSql, rankSql, releasedVotesSql } from './aggregate-sql';
import { openLoader } from './loader';

/*
 * Recomputes every running aggregate from the rows it summarises and counts the rows that
 * disagree. Used after seeding (--verify) and by the seed's tests; zero everywhere is the goal.
 */

// Star buckets use floor(x + 0.5), as common/rating-rules.ts starBucket does:
// PostgreSQL's round() of a double rounds halves to even, which would misfile an edited 2.5.
const CHECKS: Record<string, string> = {
  'players: rating count, sums and star counts': `
    select count(*)::int as n from players p
    left join (
      select player_id, count(*) as c, sum(overall_rating) as o,
        sum(serve_return) as s1, sum(groundstrokes_third_shot) as s2, sum(net_play_volleys_dinks) as s3,
        sum(movement_court_awareness) as s4, sum(mental_physical_game) as s5,
        count(*) filter (where floor(overall_rating + 0.5) = 1) as t1, count(*) filter (where floor(overall_rating + 0.5) = 2) as t2,
        count(*) filter (where floor(overall_rating + 0.5) = 3) as t3, count(*) filter (where floor(overall_rating + 0.5) = 4) as t4,
        count(*) filter (where floor(overall_rating + 0.5) = 5) as t5
      from ratings where listed_at is not null group by player_id
    ) r on r.player_id = p.id
    where p.rating_count <> coalesce(r.c, 0) or abs(p.overall_sum - coalesce(r.o, 0)) > 1e-6
      or p.serve_return_sum <> coalesce(r.s1, 0) or p.groundstrokes_third_shot_sum <> coalesce(r.s2, 0)
      or p.net_play_volleys_dinks_sum <> coalesce(r.s3, 0) or p.movement_court_awareness_sum <> coalesce(r.s4, 0)
      or p.mental_physical_game_sum <> coalesce(r.s5, 0)
      or p.stars_1 <> coalesce(r.t1, 0) or p.stars_2 <> coalesce(r.t2, 0) or p.stars_3 <> coalesce(r.t3, 0)
      or p.stars_4 <> coalesce(r.t4, 0) or p.stars_5 <> coalesce(r.t5, 0)`,
  // An ASCII letter or digit always survives normalizeForSearch; a name of emoji or punctuation alone
  // normalises to '' (found by the route fuzz: players may be named so through the API).
  'players: search columns filled': `
    select count(*)::int as n from players
    where (search_name = '' and first_name || last_name ~ '[0-9A-Za-z]')
      or (search_location = '' and location ~ '[0-9A-Za-z]')`,
  'ratings: helpfulness sum and count': `
    select count(*)::int as n from ratings r
    left join (select rating_id, sum(helpfulness_score) as s, count(*) as c from rating_helpfulness group by rating_id) h
      on h.rating_id = r.id
    where r.helpfulness_sum <> coalesce(h.s, 0) or r.helpfulness_count <> coalesce(h.c, 0)`,
  'ratings: held exactly while a flag is unresolved, or kept hidden over the text it flagged': `
    select count(*)::int as n from ratings r
    where r.is_held <> exists (select 1 from flagged_comments f
      where f.rating_id = r.id and (not f.is_resolved or (f.resolution = 'kept_hidden' and f.flagged_text = case f.field
        when 'strengthsImprovements' then r.strengths_improvements
        when 'serveReturnComments' then r.serve_return_comments
        when 'groundstrokesThirdShotComments' then r.groundstrokes_third_shot_comments
        when 'netPlayVolleysDinksComments' then r.net_play_volleys_dinks_comments
        when 'movementCourtAwarenessComments' then r.movement_court_awareness_comments
        when 'mentalPhysicalGameComments' then r.mental_physical_game_comments end)))`,
  // What others see of a rater counts released ratings and released votes only (docs/product.md#anonymity).
  'rater_stats: counts, helpfulness and points': `
    select count(*)::int as n from (
      select r.rater_user_id as user_id, count(*) as c,
        count(*) filter (where ${isDetailedSql}) as d,
        coalesce(sum(v.s), 0) as hs, coalesce(sum(v.c), 0) as hc
      from ratings r ${releasedVotesSql}
      where r.rater_user_id is not null and r.listed_at is not null group by r.rater_user_id
    ) r full join rater_stats s on s.user_id = r.user_id
    where coalesce(s.ratings_submitted, 0) <> coalesce(r.c, 0)
      or coalesce(s.detailed_comments_count, 0) <> coalesce(r.d, 0)
      or coalesce(s.helpfulness_sum, 0) <> coalesce(r.hs, 0)
      or coalesce(s.helpfulness_count, 0) <> coalesce(r.hc, 0)
      or coalesce(s.total_points, 0) <> coalesce(${pointsSql('r.c', 'r.d', 'r.hs')}, 0)`,
  'rater_stats: rank follows points': `
    select count(*)::int as n from rater_stats s where s.current_rank is distinct from (${rankSql('s.total_points')})`,
  'rater_daily_stats: per UTC day and rater': `
    select count(*)::int as n from (
      select (r.listed_at at time zone 'UTC')::date as day, r.rater_user_id as user_id, count(*) as c,
        coalesce(sum(v.s), 0) as hs, coalesce(sum(v.c), 0) as hc
      from ratings r ${releasedVotesSql}
      where r.rater_user_id is not null and r.listed_at is not null group by 1, 2
    ) r full join rater_daily_stats d on d.day = r.day and d.user_id = r.user_id
    where coalesce(d.ratings_count, 0) <> coalesce(r.c, 0)
      or coalesce(d.helpfulness_sum, 0) <> coalesce(r.hs, 0)
      or coalesce(d.helpfulness_count, 0) <> coalesce(r.hc, 0)`,
  'achievements: first rating held by every rater': `
    select count(*)::int as n from rater_stats s
    where s.ratings_submitted > 0
      and not exists (select 1 from achievements a where a.user_id = s.user_id and a.achievement_type = 'first_rating')`,
};

export type VerifyResult = { check: string; mismatches: number }[];

export async function verifyAggregates(database: Database): Promise<VerifyResult> {
  const loader = await openLoader(database);
  try {
    const results: VerifyResult = [];
    for (const [check, statement] of Object.entries(CHECKS)) {
      const [row] = await loader.query<{ n: number }>(statement);
      results.push({ check, mismatches: row.n });
    }
    return results;
  } finally {
    loader.release();
  }
}
