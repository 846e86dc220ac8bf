import type { Db, Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import type { AdminIdentity } from '../../plugins/authorize';
import type { RemovalRule } from '../../../common/removal-rules';
import type { RatingRemovalReply, RemovedRating } from '../../../common/schemas/rating-removal';
import { applyRating, takeBackRating } from './rating-effects.service';
import {
  findLastRemoval,
  findReleasedVotes,
  insertRemovalRecord,
  listRemovedRatings,
  markRatingRemoved,
  markRatingRestored,
} from './rating-removal.repo';
import { lockRating } from './ratings.repo';

/*
 * A moderator's take-down and restore (docs/product.md#take-down). A removed rating stays stored, with who removed
 * it, when and under which rule, but counts nowhere: it is unlisted, so no page, list, estimate, distribution or
 * preview reads it, and its effect is taken back from the rated player's figures and its rater's points, counts,
 * day and badges (rating-effects.service.ts). A restore lists it as it was and applies its effect again.
 */

export type RemoveRating = { rule: RemovalRule; note: string | null; admin: AdminIdentity };

/** How many removed ratings the admins' list shows, latest take-down first. */
const REMOVED_LIST_LIMIT = 200;

/** Takes a rating down on the caller's transaction (a merge removes duplicates this way too). */
export async function removeRatingInTransaction(
  tx: Tx,
  ratingId: number,
  removal: RemoveRating,
): Promise<RatingRemovalReply> {
  const row = await lockRating(tx, ratingId);
  if (!row) throw notFound('Rating not found', 'rating_not_found');
  const { rating } = row;
  if (rating.removedAt) throw conflict('This rating is already removed', 'rating_already_removed');
  const removedAt = new Date();
  await markRatingRemoved(tx, ratingId, removal.rule, removedAt);
  await insertRemovalRecord(tx, {
    ratingId,
    action: 'remove',
    rule: removal.rule,
    note: removal.note,
    actedBy: removal.admin.userId,
    actedByLabel: removal.admin.label,
    actedAt: removedAt,
    listedAt: rating.listedAt,
    publishedAt: rating.publishedAt,
  });
  // Only a rating others saw counted anywhere; one still waiting for its release had no effect yet.
  if (rating.listedAt) {
    await takeBackRating(tx, {
      ...rating,
      listedAt: rating.listedAt,
      releasedVotes: await findReleasedVotes(tx, ratingId),
    });
  }
  return { ratingId, removal: { rule: removal.rule, removedAt: removedAt.toISOString() } };
}

/** What the caller records on the same transaction once the change is made (the decision and its statement). */
export type AfterRemoval = (tx: Tx) => Promise<unknown>;

/** POST /api/admin/ratings/:id/remove. */
export async function removeRating(
  db: Db,
  ratingId: number,
  removal: RemoveRating,
  afterwards?: AfterRemoval,
): Promise<RatingRemovalReply> {
  return db.transaction(async (tx) => {
    const removed = await removeRatingInTransaction(tx, ratingId, removal);
    await afterwards?.(tx);
    return removed;
  });
}

export type RestoreRating = { note: string | null; admin: AdminIdentity };

/** Restores a rating on the caller's transaction (an appeal's reversal restores this way). */
export async function restoreRatingInTransaction(
  tx: Tx,
  ratingId: number,
  restore: RestoreRating,
): Promise<RatingRemovalReply> {
  const row = await lockRating(tx, ratingId);
  if (!row) throw notFound('Rating not found', 'rating_not_found');
  const { rating } = row;
  if (!rating.removedAt) throw conflict('This rating is not removed', 'rating_not_removed');
  const removal = await findLastRemoval(tx, ratingId);
  const listed = { listedAt: removal?.listedAt ?? null, publishedAt: removal?.publishedAt ?? null };
  await markRatingRestored(tx, ratingId, listed);
  await insertRemovalRecord(tx, {
    ratingId,
    action: 'restore',
    rule: null,
    note: restore.note,
    actedBy: restore.admin.userId,
    actedByLabel: restore.admin.label,
  });
  if (listed.listedAt) {
    await applyRating(tx, {
      ...rating,
      listedAt: listed.listedAt,
      releasedVotes: await findReleasedVotes(tx, ratingId),
    });
  }
  return { ratingId, removal: null };
}

/** POST /api/admin/ratings/:id/restore: listed again as it was, counted again everywhere. */
export async function restoreRating(
  db: Db,
  ratingId: number,
  restore: RestoreRating,
  afterwards?: AfterRemoval,
): Promise<RatingRemovalReply> {
  try {
    return await db.transaction(async (tx) => {
      const restored = await restoreRatingInTransaction(tx, ratingId, restore);
      await afterwards?.(tx);
      return restored;
    });
  } catch (error) {
    // A duplicate removed by a merge cannot come back beside the rater's rating that was kept.
    if (uniqueViolation(error)) {
      throw conflict(
        'The rater has another rating of this player that stands; remove it first',
        'rating_restore_conflict',
      );
    }
    throw error;
  }
}

/** GET /api/admin/ratings/removed: the ratings taken down now, latest first. */
export async function getRemovedRatings(db: Db): Promise<RemovedRating[]> {
  const rows = await listRemovedRatings(db, REMOVED_LIST_LIMIT);
  return rows.map((row) => ({
    ...row,
    rule: row.rule as RemovalRule,
    createdAt: row.createdAt.toISOString(),
    removedAt: (row.removedAt ?? row.createdAt).toISOString(),
    removedBy: row.removedBy ?? 'unknown',
  }));
}
