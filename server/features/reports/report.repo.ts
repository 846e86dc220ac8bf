import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ratingReports, ratings } from '../../db/schema/index';

/** Who wrote the rating, and whether members can see it (listed, not removed). */
export async function findReportableRating(db: Executor, ratingId: number) {
  const [row] = await db
    .select({ raterUserId: ratings.raterUserId, listedAt: ratings.listedAt, removedAt: ratings.removedAt })
    .from(ratings)
    .where(eq(ratings.id, ratingId));
  return row;
}

/**
 * Serializes one member's reports until the transaction ends (a transaction-scoped advisory lock keyed by the member),
 * so the count of their day's reports and the insert that follows it are one step however the requests race.
 */
export async function lockReporter(db: Executor, reporterUserId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('rating_reports'), hashtext(${reporterUserId}))`);
}

/** When the member filed their reports since `since`, oldest first, at most `limit` (rating_reports_reporter_created_idx). */
export async function reportTimesSince(db: Executor, reporterUserId: string, since: Date, limit: number) {
  const rows = await db
    .select({ createdAt: ratingReports.createdAt })
    .from(ratingReports)
    .where(and(eq(ratingReports.reporterUserId, reporterUserId), gt(ratingReports.createdAt, since)))
    .orderBy(asc(ratingReports.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}

export async function insertReport(
  db: Executor,
  report: { ratingId: number; reporterUserId: string; reason: string; details: string | null },
) {
  const [row] = await db.insert(ratingReports).values(report).returning();
  return row;
}
