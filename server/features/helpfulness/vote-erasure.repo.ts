import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { param, preparedStatement } from '../../db/prepared';

/*
 * Erasing the helpfulness votes a person cast (docs/product.md#your-data), in one statement: the votes go, each voted
 * rating's own totals (helpfulness_sum and _count, which count every vote at once) lose them, and every deleted vote
 * comes back with the rating's rater and listing, for the rater's figures (the released score only counts there).
 * One vote per rating and voter, so each rating's totals move by one vote. Read through rating_helpfulness_user_idx.
 */
const deleteVotesStatement = preparedStatement<{ userId: string }>(
  'vote_erasure_by_voter',
  () => sql`with gone as (
      delete from rating_helpfulness where user_id = ${param('userId', 'uuid')}
      returning rating_id, helpfulness_score, released_score
    ), totals as (
      update ratings r set helpfulness_sum = r.helpfulness_sum - gone.helpfulness_score,
        helpfulness_count = r.helpfulness_count - 1
      from gone where r.id = gone.rating_id
      returning r.id, r.rater_user_id, r.listed_at
    )
    select gone.rating_id as "ratingId", gone.released_score as "releasedScore",
      totals.rater_user_id as "raterUserId", totals.listed_at as "listedAt"
    from gone join totals on totals.id = gone.rating_id
    order by gone.rating_id`,
);

export type ErasedVote = {
  ratingId: number;
  /** The score the rater's figures counted; null while the vote waited for a release. */
  releasedScore: number | null;
  raterUserId: string | null;
  listedAt: Date | null;
};

/** Deletes the voter's votes and takes them out of the voted ratings' totals; answers each deleted vote. */
export async function deleteVotesOfVoter(db: Executor, userId: string): Promise<ErasedVote[]> {
  const rows = await deleteVotesStatement.run(db, { userId });
  return rows.map((row) => ({
    ratingId: Number(row.ratingId),
    releasedScore: row.releasedScore === null ? null : Number(row.releasedScore),
    raterUserId: row.raterUserId as string | null,
    listedAt: row.listedAt === null ? null : new Date(row.listedAt as string),
  }));
}
