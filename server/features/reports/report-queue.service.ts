import type { Db } from '../../db/client';
import { cutPage, readCursor } from '../../lib/page-cursor';
import type { RemovalRule } from '../../../common/removal-rules';
import type { ReportQueueEntry, ReportQueueQuery } from '../../../common/schemas/reports';
import { ratingContent } from '../ratings/rating-content.service';
import { heldReplies, repliesFor } from '../replies/replies.service';
import { getRaterTrust } from '../trust/trust-flags.service';
import { toDecision } from './decision.service';
import {
  findDecisionsOf,
  findQueuedRatings,
  findReportsOf,
  listLatestDecisions,
  listOpenReportedRatings,
  type DecisionRow,
} from './report-queue.repo';

/*
 * The admins' Reports screen (docs/product.md#reports-and-decisions), one entry per rating: the rating as stored
 * (texts an automatic hold keeps back included), its reply, the reasons with their counts, the reporters, the
 * rater's trust figures as Trust & Safety shows them, and the decisions on it so far.
 */

type Paged<Reply> = { reply: Reply; nextCursor: string | undefined };

const ADMIN_VIEWER = { userId: null, isAdmin: true };

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

/** GET /api/admin/reports: open (ratings with open reports, then those only a held reply brings) or decided. */
export async function getReportQueue(db: Db, query: ReportQueueQuery): Promise<Paged<ReportQueueEntry[]>> {
  if (query.status === 'open') {
    const reported = await listOpenReportedRatings(db, query.limit);
    const held = (await heldReplies(db)).filter((ratingId) => !reported.includes(ratingId));
    const ratingIds = [...reported, ...held].slice(0, query.limit);
    return { reply: await describeEntries(db, ratingIds, 'open', new Map()), nextCursor: undefined };
  }
  const after = readCursor(query.cursor, { key: 'number', id: 'int' });
  const rows = await listLatestDecisions(db, { limit: query.limit, beforeId: after?.id });
  const page = cutPage(rows, query.limit, (row) => row.id);
  const decisionOf = new Map(page.items.map((row) => [row.id, row]));
  const entries = await describeEntries(
    db,
    page.items.map((row) => row.ratingId!),
    page.items.map((row) => row.id),
    decisionOf,
  );
  return { reply: entries, nextCursor: page.nextCursor };
}

/**
 * One entry per rating id, in the order given (a rating erased meanwhile is left out). Open entries carry the
 * open reports; decided ones the reports their decision closed, and the decision itself.
 */
async function describeEntries(
  db: Db,
  ratingIds: number[],
  reportsOf: 'open' | number[],
  decisionOf: Map<number, DecisionRow>,
): Promise<ReportQueueEntry[]> {
  const unique = [...new Set(ratingIds)];
  const [rows, reports, decisions, replies] = await Promise.all([
    findQueuedRatings(db, unique),
    findReportsOf(db, unique, reportsOf),
    findDecisionsOf(db, unique),
    repliesFor(db, unique, ADMIN_VIEWER),
  ]);
  const rowOf = new Map(rows.map((row) => [row.rating.id, row]));
  const raterIds = [...new Set(rows.flatMap((row) => (row.rating.raterUserId ? [row.rating.raterUserId] : [])))];
  const trustOf = new Map(
    await Promise.all(raterIds.map(async (userId) => [userId, await getRaterTrust(db, userId)] as const)),
  );
  const decisionIds = reportsOf === 'open' ? [] : reportsOf;
  return ratingIds.flatMap((ratingId, index) => {
    const row = rowOf.get(ratingId);
    if (!row) return [];
    const { rating } = row;
    const decision = reportsOf === 'open' ? undefined : decisionOf.get(decisionIds[index]);
    const mine = reports.filter(
      ({ report }) => report.ratingId === ratingId && (!decision || report.decisionId === decision.id),
    );
    const reasons = new Map<RemovalRule, number>();
    for (const { report } of mine) {
      reasons.set(report.reason as RemovalRule, (reasons.get(report.reason as RemovalRule) ?? 0) + 1);
    }
    const trust = rating.raterUserId ? trustOf.get(rating.raterUserId) : undefined;
    return [
      {
        rating: {
          id: rating.id,
          playerId: rating.playerId,
          playerName: `${row.playerFirstName} ${row.playerLastName}`,
          raterEmail: rating.raterEmail,
          raterName: fullName(row.raterFirstName, row.raterLastName),
          isAnonymous: rating.isAnonymous,
          ...ratingContent(rating),
          isHeld: rating.isHeld,
          createdAt: rating.createdAt.toISOString(),
          updatedAt: rating.updatedAt.toISOString(),
          reply: replies.get(ratingId) ?? null,
          awaitingRelease: rating.listedAt === null && rating.removedAt === null,
          removal:
            rating.removedAt && rating.removalRule
              ? {
                  rule: rating.removalRule as RemovalRule,
                  removedAt: rating.removedAt.toISOString(),
                  note: row.removalNote,
                  removedBy: row.removedBy ?? 'unknown',
                }
              : null,
        },
        reasons: [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
        reporters: mine.map(({ report, firstName, lastName, email }) => ({
          reportId: report.id,
          userId: report.reporterUserId,
          name: fullName(firstName, lastName),
          email,
          reason: report.reason as RemovalRule,
          details: report.details,
          reportedAt: report.createdAt.toISOString(),
        })),
        raterTrust: trust
          ? {
              leniency: trust.leniency,
              leniencyLow: trust.leniencyLow,
              leniencyHigh: trust.leniencyHigh,
              ratingsGiven: trust.ratingsGiven,
            }
          : null,
        decisions: decisions
          .filter((row) => row.ratingId === ratingId && (!decision || row.id <= decision.id))
          .map(toDecision),
        decision: decision ? toDecision(decision) : null,
      },
    ];
  });
}
