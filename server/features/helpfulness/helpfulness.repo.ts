import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { players, ratingHelpfulness, ratings } from '../../db/schema/index';

/**
 * The rating a vote is about, with its player's linked user, locked for this transaction: votes on
 * one rating then run one after another, so "previous score" below is never stale.
 */
export async function lockRatingForVote(db: Executor, ratingId: number) {
  const [row] = await db
    .select({
      id: ratings.id,
      raterUserId: ratings.raterUserId,
      raterEmail: ratings.raterEmail,
      createdAt: ratings.createdAt,
      isAnonymous: ratings.isAnonymous,
      listedAt: ratings.listedAt,
      helpfulnessSum: ratings.helpfulnessSum,
      helpfulnessCount: ratings.helpfulnessCount,
      playerUserId: players.userId,
    })
    .from(ratings)
    .innerJoin(players, eq(players.id, ratings.playerId))
    .where(eq(ratings.id, ratingId))
    .for('update', { of: ratings });
  return row;
}

export async function findVoteScore(db: Executor, ratingId: number, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ score: ratingHelpfulness.helpfulnessScore })
    .from(ratingHelpfulness)
    .where(and(eq(ratingHelpfulness.ratingId, ratingId), eq(ratingHelpfulness.userId, userId)));
  return row?.score;
}

/**
 * One vote per user and rating: a second vote replaces the first. `released` says whether the rater's public
 * figures count it now (a named rating) or at the next release (an anonymous one, docs/product.md#anonymity).
 */
export async function upsertVote(
  db: Executor,
  vote: { ratingId: number; userId: string; helpfulnessScore: number; comment: string | null },
  released: boolean,
) {
  await db
    .insert(ratingHelpfulness)
    .values({ ...vote, releasedScore: released ? vote.helpfulnessScore : null })
    .onConflictDoUpdate({
      target: [ratingHelpfulness.ratingId, ratingHelpfulness.userId],
      set: {
        helpfulnessScore: vote.helpfulnessScore,
        comment: vote.comment,
        updatedAt: sql`now()`,
        ...(released ? { releasedScore: vote.helpfulnessScore } : {}),
      },
    });
}

/**
 * Votes on released anonymous ratings whose score the rater's figures do not count yet (docs/product.md#anonymity),
 * with the rating's rater and listing time, locked until the caller's transaction ends.
 */
export async function lockUnreleasedVotes(db: Executor) {
  return db
    .select({
      id: ratingHelpfulness.id,
      score: ratingHelpfulness.helpfulnessScore,
      releasedScore: ratingHelpfulness.releasedScore,
      raterUserId: ratings.raterUserId,
      raterEmail: ratings.raterEmail,
      listedAt: ratings.listedAt,
    })
    .from(ratingHelpfulness)
    .innerJoin(ratings, eq(ratings.id, ratingHelpfulness.ratingId))
    .where(
      sql`${ratingHelpfulness.releasedScore} is distinct from ${ratingHelpfulness.helpfulnessScore}
        and ${ratings.listedAt} is not null`,
    )
    .for('update', { of: ratingHelpfulness });
}

export async function markVoteReleased(db: Executor, voteId: number) {
  await db
    .update(ratingHelpfulness)
    .set({ releasedScore: sql`${ratingHelpfulness.helpfulnessScore}` })
    .where(eq(ratingHelpfulness.id, voteId));
}
