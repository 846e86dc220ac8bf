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

/** One vote per user and rating: a second vote replaces the first. */
export async function upsertVote(
  db: Executor,
  vote: { ratingId: number; userId: string; helpfulnessScore: number; comment: string | null },
) {
  await db
    .insert(ratingHelpfulness)
    .values(vote)
    .onConflictDoUpdate({
      target: [ratingHelpfulness.ratingId, ratingHelpfulness.userId],
      set: { helpfulnessScore: vote.helpfulnessScore, comment: vote.comment, updatedAt: sql`now()` },
    });
}

export async function addToRatingHelpfulness(db: Executor, ratingId: number, sumDelta: number, countDelta: number) {
  await db
    .update(ratings)
    .set({
      helpfulnessSum: sql`${ratings.helpfulnessSum} + ${sumDelta}::int`,
      helpfulnessCount: sql`${ratings.helpfulnessCount} + ${countDelta}::int`,
    })
    .where(eq(ratings.id, ratingId));
}
