import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ratings } from '../../db/schema/index';

export async function setRatingHeld(db: Executor, ratingId: number, isHeld: boolean): Promise<void> {
  await db.update(ratings).set({ isHeld }).where(eq(ratings.id, ratingId));
}
