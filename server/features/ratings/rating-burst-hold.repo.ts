import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ratingHelpfulness, ratings } from '../../db/schema/index';

/** The given ratings still standing (not taken down), locked until the transaction ends, in id order. */
export async function lockStandingRatings(db: Executor, ratingIds: number[]) {
  if (ratingIds.length === 0) return [];
  return db
    .select()
    .from(ratings)
    .where(and(inArray(ratings.id, ratingIds), isNull(ratings.removedAt)))
    .orderBy(ratings.id)
    .for('update');
}

/** Each rating's votes as its rater's figures count them (the released scores), for its effect. */
export async function findReleasedVotesOf(db: Executor, ratingIds: number[]) {
  if (ratingIds.length === 0) return new Map<number, { sum: number; count: number }>();
  const rows = await db
    .select({
      ratingId: ratingHelpfulness.ratingId,
      sum: sql<number>`coalesce(sum(${ratingHelpfulness.releasedScore}), 0)::int`,
      count: sql<number>`count(${ratingHelpfulness.releasedScore})::int`,
    })
    .from(ratingHelpfulness)
    .where(inArray(ratingHelpfulness.ratingId, ratingIds))
    .groupBy(ratingHelpfulness.ratingId);
  return new Map(rows.map((row) => [row.ratingId, { sum: row.sum, count: row.count }]));
}

/** Holds them for the burst: unlisted, so nothing but their raters' My Ratings and the admins read them. */
export async function markBurstHeld(db: Executor, ratingIds: number[], flagId: number, at: Date): Promise<void> {
  if (ratingIds.length === 0) return;
  await db
    .update(ratings)
    .set({ listedAt: null, publishedAt: null, burstFlagId: flagId, burstHeldAt: at })
    .where(inArray(ratings.id, ratingIds));
}

/**
 * Ends the hold: a named rating is listed now (the moment it starts to count); an anonymous one waits, unlisted,
 * for the next weekly release like any other (docs/product.md#anonymity). The flag id stays: a reviewed burst's
 * ratings are not flagged again.
 */
export async function markBurstReleased(db: Executor, ratingIds: number[], at: Date): Promise<void> {
  if (ratingIds.length === 0) return;
  await db
    .update(ratings)
    .set({
      burstHeldAt: null,
      listedAt: sql`case when ${ratings.isAnonymous} then null else ${at.toISOString()}::timestamptz end`,
      publishedAt: sql`case when ${ratings.isAnonymous} then null else ${at.toISOString()}::timestamptz end`,
    })
    .where(and(inArray(ratings.id, ratingIds), isNotNull(ratings.burstHeldAt)));
}
