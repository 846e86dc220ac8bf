import type { Executor } from '../../db/client';
import { setRatingHeld } from './rating-hold.repo';

/**
 * Holds a rating's texts back from non-admins, or releases them, as moderation decides from its flags
 * (docs/product.md#moderation-rules), on the caller's transaction. The rating row is the ratings feature's to write
 * (docs/decisions/028-table-owners.md).
 */
export async function holdRating(db: Executor, ratingId: number, isHeld: boolean): Promise<void> {
  await setRatingHeld(db, ratingId, isHeld);
}
