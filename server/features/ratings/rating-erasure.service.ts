import type { Tx } from '../../db/client';
import { takeBackRatings, type CountedRating } from './rating-effects.service';
import { deleteRatingsByRater, deleteRatingsOfPlayer, type ErasedRating } from './rating-erasure.repo';

/*
 * Erasing ratings with an account or a player (docs/product.md#your-data). The ratings are deleted first, in one
 * statement, and each one that counted is then taken back on the same transaction (rating-effects.service.ts): the
 * rated player's aggregates, distribution and estimate mark, the rater's points, counts, days and badges. Taking
 * back after the delete matters: the badges withdrawn are those the rater's remaining counted ratings no longer earn.
 */

export type RatingErasure = { erased: number; counted: number };

const countedOf = (rating: ErasedRating): CountedRating | null =>
  rating.listedAt ? { ...rating, listedAt: rating.listedAt } : null;

async function takeBack(tx: Tx, rows: ErasedRating[]): Promise<RatingErasure> {
  const counted = rows.map(countedOf).filter((rating) => rating !== null);
  await takeBackRatings(tx, counted);
  return { erased: rows.length, counted: counted.length };
}

/** Every rating the account wrote, erased with its effects taken back, on the caller's transaction. */
export async function eraseRatingsByRater(tx: Tx, rater: { userId: string; email: string }): Promise<RatingErasure> {
  return takeBack(tx, await deleteRatingsByRater(tx, rater));
}

/** Every rating about the player, erased with its effects taken back (its raters' figures), before the player goes. */
export async function eraseRatingsOfPlayer(tx: Tx, playerId: number): Promise<RatingErasure> {
  return takeBack(tx, await deleteRatingsOfPlayer(tx, playerId));
}
