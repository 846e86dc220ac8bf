import type { Db } from '../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error';
import { formatWait } from '../../lib/limit-refusal';
import { uniqueViolation } from '../../lib/db-errors';
import type { Actor } from '../../plugins/authorize';
import { REPORTS_PER_DAY } from '../../../common/community';
import type { RemovalRule } from '../../../common/removal-rules';
import type { ReportRatingBody, ReportReply } from '../../../common/schemas/reports';
import { findReportableRating, insertReport, lockReporter, reportTimesSince } from './report.repo';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export function reportLimitMessage(waitMs: number): string {
  const wait = waitMs > HOUR_MS ? `${Math.ceil(waitMs / HOUR_MS)} hours` : formatWait(waitMs);
  return `You can report at most ${REPORTS_PER_DAY} ratings in 24 hours. Please try again in ${wait}.`;
}

export const REPORT_OWN_RATING = 'You cannot report your own rating';
export const REPORT_ALREADY_OPEN = 'You have already reported this rating; a moderator will decide on it';

/**
 * A member's report of a rating (docs/product.md#reports-and-decisions): any confirmed member but the rater, on a
 * rating members can see; one open report per member and rating (the partial unique index decides, so two at once
 * cannot both pass), and REPORTS_PER_DAY in any 24 hours (counted under a lock per member).
 */
export async function fileReport(
  db: Db,
  ratingId: number,
  actor: Actor,
  body: ReportRatingBody,
  retryAfter: (seconds: number) => void,
): Promise<ReportReply> {
  try {
    return await db.transaction(async (tx) => {
      const rating = await findReportableRating(tx, ratingId);
      if (!rating || !rating.listedAt || rating.removedAt) throw notFound('Rating not found', 'rating_not_found');
      if (rating.raterUserId === actor.user.id) throw forbidden(REPORT_OWN_RATING, 'report_own_rating');
      // The day's count and the insert under one lock per member: ten at once cannot all pass the count.
      await lockReporter(tx, actor.user.id);
      const now = Date.now();
      const recent = await reportTimesSince(tx, actor.user.id, new Date(now - DAY_MS), REPORTS_PER_DAY);
      if (recent.length >= REPORTS_PER_DAY) {
        // The 429 every limit answers: the wait until the oldest report of the day leaves the 24 hours.
        const waitMs = Math.max(1000, recent[0].getTime() + DAY_MS - now);
        retryAfter(Math.ceil(waitMs / 1000));
        throw new AppError(429, reportLimitMessage(waitMs), 'rate_limited');
      }
      const row = await insertReport(tx, {
        ratingId,
        reporterUserId: actor.user.id,
        reason: body.reason,
        details: body.details,
      });
      return {
        id: row.id,
        ratingId: row.ratingId,
        reason: row.reason as RemovalRule,
        details: row.details,
        createdAt: row.createdAt.toISOString(),
      };
    });
  } catch (error) {
    const violated = uniqueViolation(error);
    if (violated && (violated.constraint === null || violated.constraint === 'rating_reports_open_key')) {
      throw conflict(REPORT_ALREADY_OPEN, 'report_already_open');
    }
    throw error;
  }
}
