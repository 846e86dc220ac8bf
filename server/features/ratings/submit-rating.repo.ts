import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { argsRow, mapColumns, preparedStatement, selectColumns } from '../../db/prepared';
import { ratings, type RatingRow } from '../../db/schema/index';
import { badgeRows, rankOf } from '../gamification/gamification-rules-sql';
import { starBucket } from './ratings.repo';

/** Every field a submitted rating sets (texts null when absent). */
export type SubmittedRating = {
  playerId: number;
  raterUserId: string;
  raterEmail: string;
  isAnonymous: boolean;
  serveReturn: number;
  groundstrokesThirdShot: number;
  netPlayVolleysDinks: number;
  movementCourtAwareness: number;
  mentalPhysicalGame: number;
  overallRating: number;
  strengthsImprovements: string | null;
  serveReturnComments: string | null;
  groundstrokesThirdShotComments: string | null;
  netPlayVolleysDinksComments: string | null;
  movementCourtAwarenessComments: string | null;
  mentalPhysicalGameComments: string | null;
  isHeld: boolean;
  createdAt: Date;
};

/** What the rating earns its rater (gamification's rules, computed by its service). */
export type RaterCredit = {
  points: number;
  /** 1 when the rating's feedback is detailed, else 0. */
  detailedComments: number;
  /** All six comment fields filled in (the Full Breakdown badge). */
  fullBreakdown: boolean;
  /** The UTC day (YYYY-MM-DD) the rating counts towards in the period leaderboards. */
  day: string;
};

/** A text moderation holds (moderation's screening, computed by its service). */
export type NewRatingFlag = { field: string; flaggedText: string; flagReason: string };

export type RatedPlayer = { id: number; userId: string | null; firstName: string; lastName: string };

/*
 * POST /api/ratings in one prepared statement, without a transaction around it (docs/decisions/003: each round
 * trip costs as much as a small query, and BEGIN and COMMIT are two more). A single statement is atomic on its own.
 *   target   locks the player (one player's ratings apply one after another);
 *   inserted inserts the rating unless the player is the rater's own or already rated by them
 *            (ratings_player_rater_key: `on conflict do nothing`, so a concurrent second rating is refused too);
 *   applied  the inserted rating if it counts now: a named one. An anonymous rating counts nowhere but its rater's
 *            My Ratings until its release applies the same effects (anonymity.service.ts, docs/product.md#anonymity);
 *   and only for an applied rating (each reads `applied`, or `stats` that reads it):
 *   counted  adds it to the player's aggregates and marks the skill estimate stale (the trust worker recomputes it);
 *   stats    adds it to the rater's totals, rank included (row-locked: concurrent ratings by one rater serialise);
 *   daily    counts it on the rater's day;
 *   badges   awards every badge whose rule holds for the totals after it (a held badge keeps its first earnedAt);
 *   flags    records moderation's findings on its text (of any inserted rating: admins see everything).
 * PostgreSQL runs every data-modifying CTE whether or not the final select reads it.
 * Values enter once through `args` so PostgreSQL keeps one generic plan (argsRow).
 */
const submitRatingStatement = preparedStatement<Record<string, unknown>>('ratings_submit', () => {
  const args = argsRow();
  const rating = {
    playerId: args.slot('playerId', 'int'),
    raterUserId: args.slot('raterUserId', 'uuid'),
    raterEmail: args.slot('raterEmail', 'text'),
    isAnonymous: args.slot('isAnonymous', 'boolean'),
    serveReturn: args.slot('serveReturn', 'int'),
    groundstrokesThirdShot: args.slot('groundstrokesThirdShot', 'int'),
    netPlayVolleysDinks: args.slot('netPlayVolleysDinks', 'int'),
    movementCourtAwareness: args.slot('movementCourtAwareness', 'int'),
    mentalPhysicalGame: args.slot('mentalPhysicalGame', 'int'),
    overallRating: args.slot('overallRating', 'double precision'),
    strengthsImprovements: args.slot('strengthsImprovements', 'text'),
    serveReturnComments: args.slot('serveReturnComments', 'text'),
    groundstrokesThirdShotComments: args.slot('groundstrokesThirdShotComments', 'text'),
    netPlayVolleysDinksComments: args.slot('netPlayVolleysDinksComments', 'text'),
    movementCourtAwarenessComments: args.slot('movementCourtAwarenessComments', 'text'),
    mentalPhysicalGameComments: args.slot('mentalPhysicalGameComments', 'text'),
    isHeld: args.slot('isHeld', 'boolean'),
    createdAt: args.slot('createdAt', 'timestamptz'),
  };
  const star = args.slot('star', 'int');
  const points = args.slot('points', 'int');
  const detailedComments = args.slot('detailedComments', 'int');
  // Named: others see it now. Anonymous: nobody but its rater until its release (anonymity.service.ts) applies it.
  const released = sql`case when ${rating.isAnonymous} then null else ${rating.createdAt} end`;
  const body = sql`target as (
      select id, user_id, first_name, last_name from players where id = ${rating.playerId} for update
    ), inserted as (
      insert into ratings (player_id, rater_user_id, rater_email, is_anonymous, serve_return, groundstrokes_third_shot,
        net_play_volleys_dinks, movement_court_awareness, mental_physical_game, overall_rating, strengths_improvements,
        serve_return_comments, groundstrokes_third_shot_comments, net_play_volleys_dinks_comments,
        movement_court_awareness_comments, mental_physical_game_comments, is_held, created_at, updated_at,
        listed_at, published_at)
      -- updated_at is created_at until an edit: the default now() differed by milliseconds and read as "edited".
      select ${sql.join(Object.values(rating), sql`, `)}, ${rating.createdAt},
        ${released}, ${released}
      from target where target.user_id is distinct from ${rating.raterUserId}
      on conflict do nothing
      returning ${selectColumns(ratings)}
    ), applied as (
      select * from inserted where "listedAt" is not null
    ), counted as (
      update players set rating_count = rating_count + 1,
        overall_sum = overall_sum + ${rating.overallRating},
        serve_return_sum = serve_return_sum + ${rating.serveReturn},
        groundstrokes_third_shot_sum = groundstrokes_third_shot_sum + ${rating.groundstrokesThirdShot},
        net_play_volleys_dinks_sum = net_play_volleys_dinks_sum + ${rating.netPlayVolleysDinks},
        movement_court_awareness_sum = movement_court_awareness_sum + ${rating.movementCourtAwareness},
        mental_physical_game_sum = mental_physical_game_sum + ${rating.mentalPhysicalGame},
        stars_1 = stars_1 + (${star} = 1)::int, stars_2 = stars_2 + (${star} = 2)::int,
        stars_3 = stars_3 + (${star} = 3)::int, stars_4 = stars_4 + (${star} = 4)::int,
        stars_5 = stars_5 + (${star} = 5)::int
      where id = (select "playerId" from applied)
    ), marked as (
      -- The trust worker recomputes the player's estimate within seconds (server/features/trust).
      insert into player_skill_marks (player_id, marked_at)
      select "playerId", now() from applied
      on conflict (player_id) do update set marked_at = excluded.marked_at
    ), stats as (
      insert into rater_stats (user_id, total_points, current_rank, ratings_submitted, detailed_comments_count,
        helpfulness_sum, helpfulness_count, last_activity_date)
      select ${rating.raterUserId}, ${points}, ${rankOf(points)}, 1, ${detailedComments}, 0, 0, ${rating.createdAt}
      from applied
      on conflict (user_id) do update set
        total_points = rater_stats.total_points + ${points},
        current_rank = ${rankOf(sql`rater_stats.total_points + ${points}`)},
        ratings_submitted = rater_stats.ratings_submitted + 1,
        detailed_comments_count = rater_stats.detailed_comments_count + ${detailedComments},
        last_activity_date = greatest(rater_stats.last_activity_date, ${rating.createdAt})
      returning user_id as "userId", ratings_submitted as "ratingsSubmitted",
        detailed_comments_count as "detailedCommentsCount", helpfulness_sum as "helpfulnessSum",
        helpfulness_count as "helpfulnessCount"
    ), daily as (
      insert into rater_daily_stats (day, user_id, ratings_count, helpfulness_sum, helpfulness_count)
      select ${args.slot('day', 'date')}, ${rating.raterUserId}, 1, 0, 0
      from applied
      on conflict (day, user_id) do update set ratings_count = rater_daily_stats.ratings_count + 1
    ), badges as (
      insert into achievements (user_id, achievement_type, achievement_name, achievement_description, badge_icon, earned_at)
      select totals."userId", badge.type, badge.name, badge.description, badge.icon, ${rating.createdAt}
      from stats totals
      cross join lateral ${badgeRows(sql`totals`, { fullBreakdown: args.slot('fullBreakdown', 'boolean'), improvedRating: sql`false` })}
      where badge.earned
      on conflict (user_id, achievement_type) do nothing
    ), flags as (
      insert into flagged_comments (rating_id, field, flagged_text, flag_reason)
      select inserted.id, finding.field, finding."flaggedText", finding."flagReason"
      from inserted
      cross join jsonb_to_recordset(${args.slot('flags', 'jsonb')}) as finding (field text, "flaggedText" text, "flagReason" text)
    )
    select to_json(target) as player, to_json(inserted) as rating
    from target left join inserted on true`;
  return sql`with ${args.cte()}, ${body}`;
});

/**
 * Runs the submit statement. Answers the player (none: unknown) and the rating (none: refused, the player being
 * the rater's own or already rated by them).
 */
export async function insertSubmittedRating(
  db: Executor,
  rating: SubmittedRating,
  credit: RaterCredit,
  flags: NewRatingFlag[],
): Promise<{ player: RatedPlayer | undefined; rating: RatingRow | undefined }> {
  const [row] = await submitRatingStatement.run(db, {
    ...rating,
    createdAt: rating.createdAt.toISOString(),
    star: starBucket(rating.overallRating),
    points: credit.points,
    detailedComments: credit.detailedComments,
    fullBreakdown: credit.fullBreakdown,
    day: credit.day,
    flags: JSON.stringify(flags),
  });
  if (!row) return { player: undefined, rating: undefined };
  const player = row.player as { id: number; user_id: string | null; first_name: string; last_name: string };
  return {
    player: { id: player.id, userId: player.user_id, firstName: player.first_name, lastName: player.last_name },
    rating: row.rating ? mapColumns(ratings, row.rating as Record<string, unknown>) : undefined,
  };
}
