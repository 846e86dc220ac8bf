import type { Executor } from '../../db/client';
import { addToHelpfulnessTotals } from './rating-helpfulness-totals.repo';

/** How a vote changes its rating's totals: the score it adds (a new score less the replaced one) and 1 for a first vote. */
export type VoteDelta = { sumDelta: number; countDelta: number };

/**
 * A rating's helpfulness totals (helpfulness_sum, helpfulness_count) move with its votes, on the vote's transaction:
 * a figure derived from the votes, written by the ratings feature that owns the row (docs/decisions/028-table-owners.md).
 */
export async function addVoteToRatingTotals(db: Executor, ratingId: number, { sumDelta, countDelta }: VoteDelta) {
  if (sumDelta === 0 && countDelta === 0) return;
  await addToHelpfulnessTotals(db, ratingId, sumDelta, countDelta);
}
