import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ratings } from '../../db/schema/index';

export async function addToHelpfulnessTotals(db: Executor, ratingId: number, sumDelta: number, countDelta: number) {
  await db
    .update(ratings)
    .set({
      helpfulnessSum: sql`${ratings.helpfulnessSum} + ${sumDelta}::int`,
      helpfulnessCount: sql`${ratings.helpfulnessCount} + ${countDelta}::int`,
    })
    .where(eq(ratings.id, ratingId));
}
