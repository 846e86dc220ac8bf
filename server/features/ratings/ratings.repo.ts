import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { players, ratings } from '../../db/schema/index';
import { afterKeyset, exactTimeKey, keysetOrderBy, type KeysetOrder } from '../../lib/keyset';
import type { ListSort } from '../../../common/schemas/shared';

export type NewRating = typeof ratings.$inferInsert;
export type RatingChanges = Partial<Omit<NewRating, 'id' | 'playerId' | 'raterEmail' | 'raterUserId' | 'createdAt'>>;

export async function findRatingIdByRater(db: Executor, playerId: number, raterEmail: string) {
  const [row] = await db
    .select({ id: ratings.id })
    .from(ratings)
    .where(
      and(
        eq(ratings.playerId, playerId),
        sql`lower(${ratings.raterEmail}) = lower(${raterEmail})`,
        // The one the key holds: a merge's duplicate, removed, stays stored beside it (docs/product.md#merging-players).
        sql`${ratings.removalRule} is distinct from 'duplicate'`,
      ),
    );
  return row?.id;
}

const playerName = sql<string>`${players.firstName} || ' ' || ${players.lastName}`;

const ratingWithPlayer = {
  rating: ratings,
  playerName,
  playerUserId: players.userId,
};

export type RatingWithPlayer = NonNullable<Awaited<ReturnType<typeof findRating>>>;

export async function findRating(db: Executor, ratingId: number) {
  const [row] = await db
    .select(ratingWithPlayer)
    .from(ratings)
    .innerJoin(players, eq(players.id, ratings.playerId))
    .where(eq(ratings.id, ratingId));
  return row;
}

/** Edits, helpfulness votes and flag resolutions of one rating lock its row first. */
export async function lockRating(db: Executor, ratingId: number) {
  const [row] = await db
    .select(ratingWithPlayer)
    .from(ratings)
    .innerJoin(players, eq(players.id, ratings.playerId))
    .where(eq(ratings.id, ratingId))
    .for('update', { of: ratings });
  return row;
}

export async function updateRating(db: Executor, ratingId: number, changes: RatingChanges) {
  const [row] = await db
    .update(ratings)
    .set({ updatedAt: sql`now()`, ...changes })
    .where(eq(ratings.id, ratingId))
    .returning();
  return row;
}

/** The orders of the rating lists: newest first, or by overall stars; equal keys newest (highest id) first. */
const RATING_ORDERS: Record<ListSort, KeysetOrder> = {
  newest: { key: ratings.createdAt, id: ratings.id, direction: 'desc' },
  highest: { key: ratings.overallRating, id: ratings.id, direction: 'desc' },
  lowest: { key: ratings.overallRating, id: ratings.id, direction: 'asc' },
};

/** One page of the rater's own ratings: after the cursor row (its sort key and id), `limit` of them. */
export type MyRatingsPage = { sort: ListSort; limit: number; after?: { key: string | number; id: number } };

/**
 * A page of the ratings the rater gave (limit + 1 rows read, for cutPage), each with its sort key: the exact
 * creation time for newest (the rater's own ratings, so nothing is revealed), else the overall stars. The rater's
 * rows come from ratings_rater_email_created_idx (lower(rater_email), created_at desc), in its order for newest.
 */
export async function listRatingsByRater(db: Executor, raterEmail: string, page: MyRatingsPage) {
  const order = RATING_ORDERS[page.sort];
  const byTime = page.sort === 'newest';
  const after = page.after
    ? afterKeyset(order, {
        key: byTime ? sql`${page.after.key}::timestamptz` : sql`${page.after.key}::float8`,
        id: sql`${page.after.id}::int`,
      })
    : undefined;
  return db
    .select({
      ...ratingWithPlayer,
      cursorKey: byTime ? exactTimeKey(ratings.createdAt) : sql<number>`${ratings.overallRating}`,
    })
    .from(ratings)
    .innerJoin(players, eq(players.id, ratings.playerId))
    .where(and(sql`lower(${ratings.raterEmail}) = lower(${raterEmail})`, after))
    .orderBy(...keysetOrderBy(order))
    .limit(page.limit + 1);
}

/** Anonymous ratings no release has applied yet (a removed one waits for its restore), oldest first, locked until the caller's transaction ends. */
export async function lockUnreleasedRatings(db: Executor) {
  // A burst's held rating waits for its review or its accounts' age, not the week (docs/product.md#bursts).
  return db
    .select(ratingWithPlayer)
    .from(ratings)
    .innerJoin(players, eq(players.id, ratings.playerId))
    .where(sql`${ratings.listedAt} is null and ${ratings.removedAt} is null and ${ratings.burstHeldAt} is null`)
    .orderBy(ratings.createdAt)
    .for('update', { of: ratings });
}

/** Released anonymous ratings with an edit waiting for the next release, locked until the transaction ends. */
export async function lockRatingsWithPendingEdits(db: Executor) {
  return db
    .select(ratingWithPlayer)
    .from(ratings)
    .innerJoin(players, eq(players.id, ratings.playerId))
    .where(sql`${ratings.pendingEdit} is not null and ${ratings.removedAt} is null and ${ratings.burstHeldAt} is null`)
    .orderBy(ratings.createdAt)
    .for('update', { of: ratings });
}

/** Lists and publishes the ratings at the release's period start: the time everyone else dates them by. */
export async function markRatingsReleased(db: Executor, ratingIds: number[], periodStart: Date) {
  if (ratingIds.length === 0) return;
  await db
    .update(ratings)
    .set({ listedAt: periodStart, publishedAt: periodStart })
    .where(inArray(ratings.id, ratingIds));
}
