import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { moderationDecisions, players, ratingRemovals, ratingReports, ratings, users } from '../../db/schema/index';

/*
 * The admins' queue of reported ratings (docs/product.md#reports-and-decisions): an admin read. Open reports come by
 * rating_reports_open_idx, decisions by their primary key, a page of ratings' details by id.
 */

/** Ratings with open reports, the longest waiting first. */
export async function listOpenReportedRatings(db: Executor, limit: number): Promise<number[]> {
  const firstReport = min(ratingReports.createdAt);
  const rows = await db
    .select({ ratingId: ratingReports.ratingId, firstReport })
    .from(ratingReports)
    .where(isNull(ratingReports.decisionId))
    .groupBy(ratingReports.ratingId)
    .orderBy(asc(firstReport), asc(ratingReports.ratingId))
    .limit(limit);
  return rows.map((row) => row.ratingId);
}

/** A page of the latest decisions on ratings, newest first (limit + 1 rows, for cutPage). */
export async function listLatestDecisions(db: Executor, page: { limit: number; beforeId?: number }) {
  return db
    .select()
    .from(moderationDecisions)
    .where(
      and(
        isNotNull(moderationDecisions.ratingId),
        page.beforeId === undefined ? undefined : lt(moderationDecisions.id, page.beforeId),
      ),
    )
    .orderBy(desc(moderationDecisions.id))
    .limit(page.limit + 1);
}

export type DecisionRow = Awaited<ReturnType<typeof listLatestDecisions>>[number];

/** Every decision on the ratings, newest first. */
export async function findDecisionsOf(db: Executor, ratingIds: number[]): Promise<DecisionRow[]> {
  if (ratingIds.length === 0) return [];
  return db
    .select()
    .from(moderationDecisions)
    .where(inArray(moderationDecisions.ratingId, ratingIds))
    .orderBy(desc(moderationDecisions.id));
}

/** The ratings as admins see them, with their player's and rater's names and the take-down's note and admin. */
export async function findQueuedRatings(db: Executor, ratingIds: number[]) {
  if (ratingIds.length === 0) return [];
  const latestRemoval = (column: typeof ratingRemovals.note | typeof ratingRemovals.actedByLabel) =>
    sql<string | null>`(select ${column} from ${ratingRemovals}
      where ${ratingRemovals.ratingId} = ${ratings.id} and ${ratingRemovals.action} = 'remove'
      order by ${ratingRemovals.id} desc limit 1)`;
  return db
    .select({
      rating: ratings,
      playerFirstName: players.firstName,
      playerLastName: players.lastName,
      raterFirstName: users.firstName,
      raterLastName: users.lastName,
      removalNote: latestRemoval(ratingRemovals.note),
      removedBy: latestRemoval(ratingRemovals.actedByLabel),
    })
    .from(ratings)
    .innerJoin(players, eq(players.id, ratings.playerId))
    .leftJoin(users, eq(users.id, ratings.raterUserId))
    .where(inArray(ratings.id, ratingIds));
}

/** The reports of the ratings: the open ones, or those a set of decisions closed. */
export async function findReportsOf(db: Executor, ratingIds: number[], closedBy: number[] | 'open') {
  if (ratingIds.length === 0) return [];
  const which =
    closedBy === 'open'
      ? isNull(ratingReports.decisionId)
      : closedBy.length
        ? inArray(ratingReports.decisionId, closedBy)
        : sql`false`;
  return db
    .select({
      report: ratingReports,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(ratingReports)
    .innerJoin(users, eq(users.id, ratingReports.reporterUserId))
    .where(and(inArray(ratingReports.ratingId, ratingIds), which))
    .orderBy(asc(ratingReports.createdAt), asc(ratingReports.id));
}
