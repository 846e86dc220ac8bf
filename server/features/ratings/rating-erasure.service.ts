import type { Tx } from '../../db/client';
import { applyEffect, ratingEffect, type CountedRating } from './rating-effects.service';
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

type Effect = ReturnType<typeof ratingEffect>;

/**
 * Each counted rating's take-back, with the raters' part of them summed per rater and day: a rater's figures move
 * once per day they rated on instead of once per rating (the busiest rater at 1M ratings has 29,360 ratings on 3,000
 * days), while each rated player's figures move by their own rating. A take-back of one rating is the same effect as
 * takeBackRating applies; summed, the parts add up to the same figures.
 */
export function batchedTakeBacks(counted: CountedRating[]): Effect[] {
  const carriers = new Map<string, Effect>();
  // Players in id order: two erasures lock the players they share in the same order.
  const effects = [...counted]
    .sort((a, b) => a.playerId - b.playerId)
    .map((rating) => ({ ...ratingEffect(rating, -1) }));
  for (const effect of effects) {
    if (!effect.raterUserId) continue;
    const key = `${effect.raterUserId} ${effect.day}`;
    const carrier = carriers.get(key);
    if (!carrier) {
      carriers.set(key, effect);
      continue;
    }
    carrier.points += effect.points;
    carrier.ratingsSubmitted += effect.ratingsSubmitted;
    carrier.detailedComments += effect.detailedComments;
    carrier.helpfulnessSum += effect.helpfulnessSum;
    carrier.helpfulnessCount += effect.helpfulnessCount;
    carrier.dayRatings += effect.dayRatings;
    // The rater's part travels with the day's first rating; this one moves its player only.
    effect.raterUserId = null;
  }
  return effects;
}

async function takeBack(tx: Tx, rows: ErasedRating[]): Promise<RatingErasure> {
  const counted = rows.map(countedOf).filter((rating) => rating !== null);
  for (const effect of batchedTakeBacks(counted)) await applyEffect(tx, effect);
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
