import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { argsRow, mapColumns, preparedStatement, selectColumns } from '../../db/prepared';
import { ratings, type RatingRow } from '../../db/schema/index';
import { ratingEffect } from './rating-effects.service';
import { effectArgs, effectCtes, effectSlots } from './rating-effects.repo';

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

export type RatedPlayer = { id: number; userId: string | null; firstName: string; lastName: string };

/*
 * POST /api/ratings in one prepared statement, without a transaction around it (docs/decisions/003: each round
 * trip costs as much as a small query, and BEGIN and COMMIT are two more). A single statement is atomic on its own.
 *   target   locks the player (one player's ratings apply one after another);
 *   inserted inserts the rating unless the player is the rater's own or already rated by them
 *            (ratings_player_rater_key: `on conflict do nothing`, so a concurrent second rating is refused too);
 *   applied  the inserted rating if it counts now: a named one. An anonymous rating counts nowhere but its rater's
 *            My Ratings until its release applies the same effects (anonymity.service.ts, docs/product.md#anonymity);
 *   then the rating's effect, gated on `applied`: the same CTEs every other path applies (rating-effects.ts).
 * Moderation's findings, when a text has any, are recorded by moderation on the same transaction (ratings.service).
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
    ), ${effectCtes(effectSlots(args), sql`exists (select from applied)`)}
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
): Promise<{ player: RatedPlayer | undefined; rating: RatingRow | undefined }> {
  const effect = ratingEffect({ ...rating, listedAt: rating.createdAt, releasedVotes: { sum: 0, count: 0 } }, 1);
  const [row] = await submitRatingStatement.run(db, {
    ...rating,
    createdAt: rating.createdAt.toISOString(),
    ...effectArgs({ ...effect, activityAt: rating.createdAt }),
  });
  if (!row) return { player: undefined, rating: undefined };
  const player = row.player as { id: number; user_id: string | null; first_name: string; last_name: string };
  return {
    player: { id: player.id, userId: player.user_id, firstName: player.first_name, lastName: player.last_name },
    rating: row.rating ? mapColumns(ratings, row.rating as Record<string, unknown>) : undefined,
  };
}
