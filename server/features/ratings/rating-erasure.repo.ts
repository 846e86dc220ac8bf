import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mapColumns, param, preparedStatement, selectColumns } from '../../db/prepared';
import { ratings, type RatingRow } from '../../db/schema/index';

/*
 * Erasing ratings (docs/product.md#your-data): one set-based delete per erasure, which answers every deleted row
 * with its votes as its rater's figures counted them (sum and count of the released scores). The votes are read in
 * the same statement, so from the snapshot before the delete's cascade takes them with their ratings.
 */

/** The delete of the ratings `which` selects, answering each deleted row and its released votes. */
const erasure = (which: SQL) => () => sql`with gone as (
    delete from ${ratings} where ${which}
    returning ${selectColumns(ratings)}
  )
  select gone.*, coalesce(votes.sum, 0)::int as "releasedVotesSum", coalesce(votes.count, 0)::int as "releasedVotesCount"
  from gone
  left join lateral (
    select sum(h.released_score) as sum, count(h.released_score) as count
    from rating_helpfulness h where h.rating_id = gone."id"
  ) votes on true`;

// By the account and by the e-mail: a rating whose rater's account was deleted before keeps the e-mail only, and
// My Ratings lists by e-mail, so an account registered again with it would otherwise find them as its own.
// Read through ratings_rater_user_idx and ratings_rater_email_created_idx (a bitmap of both).
const deleteByRaterStatement = preparedStatement<{ userId: string; email: string }>(
  'rating_erasure_by_rater',
  erasure(sql`rater_user_id = ${param('userId', 'uuid')} or lower(rater_email) = lower(${param('email', 'text')})`),
);

const deleteByPlayerStatement = preparedStatement<{ playerId: number }>(
  'rating_erasure_by_player',
  erasure(sql`player_id = ${param('playerId', 'int')}`),
);

export type ErasedRating = RatingRow & { releasedVotes: { sum: number; count: number } };

const erased = (rows: Record<string, unknown>[]): ErasedRating[] =>
  rows.map((row) => ({
    ...mapColumns(ratings, row),
    releasedVotes: { sum: Number(row.releasedVotesSum), count: Number(row.releasedVotesCount) },
  }));

/** Deletes every rating the account wrote (by its id or its e-mail); answers the deleted rows. */
export async function deleteRatingsByRater(db: Executor, rater: { userId: string; email: string }) {
  return erased(await deleteByRaterStatement.run(db, rater));
}

/** Deletes every rating about the player; answers the deleted rows. */
export async function deleteRatingsOfPlayer(db: Executor, playerId: number) {
  return erased(await deleteByPlayerStatement.run(db, { playerId }));
}
