import { and, asc, eq, gt } from 'drizzle-orm';
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
