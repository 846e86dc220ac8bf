import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { moderationDecisions, ratingReports, ratings } from '../../db/schema/index';

export type NewDecision = typeof moderationDecisions.$inferInsert;

/** The rating a decision is about, locked as edits and take-downs lock it; its rater for the statement. */
export async function lockDecidedRating(db: Executor, ratingId: number) {
  const [row] = await db
    .select({ id: ratings.id, raterUserId: ratings.raterUserId, removedAt: ratings.removedAt })
    .from(ratings)
    .where(eq(ratings.id, ratingId))
    .for('update');
  return row;
}

export async function insertDecision(db: Executor, decision: NewDecision) {
  const [row] = await db.insert(moderationDecisions).values(decision).returning();
  return row;
}

/** Closes the rating's open reports with the decision; their reporters, once each. */
export async function closeOpenReports(db: Executor, ratingId: number, decisionId: number): Promise<string[]> {
  const rows = await db
    .update(ratingReports)
    .set({ decisionId })
    .where(and(eq(ratingReports.ratingId, ratingId), isNull(ratingReports.decisionId)))
    .returning({ reporterUserId: ratingReports.reporterUserId });
  return [...new Set(rows.map((row) => row.reporterUserId))];
}

export async function findDecision(db: Executor, decisionId: number) {
  const [row] = await db.select().from(moderationDecisions).where(eq(moderationDecisions.id, decisionId));
  return row;
}

/** Which of the ratings are still stored (a flag names ratings that may have been erased since). */
export async function existingRatings(db: Executor, ratingIds: number[]): Promise<number[]> {
  if (ratingIds.length === 0) return [];
  const rows = await db
    .select({ id: ratings.id })
    .from(ratings)
    .where(inArray(ratings.id, ratingIds))
    .orderBy(asc(ratings.id));
  return rows.map((row) => row.id);
}
