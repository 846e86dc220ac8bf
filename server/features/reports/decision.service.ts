import type { Db, Tx } from '../../db/client';
import type { moderationDecisions } from '../../db/schema/index';
import { notFound } from '../../lib/app-error';
import type { AdminIdentity } from '../../plugins/authorize';
import type { DecisionOutcome, DecisionSource } from '../../../common/community';
import { REMOVAL_RULE_SENTENCES, type RemovalRule } from '../../../common/removal-rules';
import type { DecideReportBody, Decision, ReportDecisionOutcome } from '../../../common/schemas/reports';
import { keepRatingTextsHidden } from '../moderation/moderation.service';
import { notify, type NewNotice } from '../notifications/notifications.service';
import { removeRatingInTransaction } from '../ratings/rating-removal.service';
import { heldReplies, setReplyStatus } from '../replies/replies.service';
import { closeOpenReports, existingRatings, findDecision, insertDecision, lockDecidedRating } from './decision.repo';

/*
 * Every moderation decision with its statement of reasons (docs/product.md#reports-and-decisions): who decided, when,
 * the outcome, the rule and the statement, whatever path it came by (a report, a moderator's own take-down or
 * restore, an automatic hold, a Trust & Safety flag). The rater and every reporter hear it, with the rule's sentence
 * and a link to the statement, where they may appeal.
 */

export type NewDecision = {
  ratingId: number | null;
  source: DecisionSource;
  outcome: DecisionOutcome;
  rule: RemovalRule | null;
  statement: string;
  admin: AdminIdentity;
  flagId?: number | null;
  flaggedCommentId?: number | null;
  reversesDecisionId?: number | null;
};

/** Sources whose decision settles the rating's reports: a report's own, and a moderator acting on the rating. */
const CLOSES_REPORTS: ReadonlySet<DecisionSource> = new Set(['report', 'moderator']);

const OUTCOME_SENTENCES: Record<DecisionOutcome, string> = {
  keep: 'The rating stays as it is.',
  'hide-comment': "The rating's comments are hidden; its scores still count.",
  remove: 'The rating is taken down: it is shown and counted nowhere.',
  confirm: 'The rating no longer counts in any estimate.',
  dismiss: 'The rating counts as before.',
};

export const decisionLink = (decisionId: number) => `/decisions/${decisionId}`;

/** The words every notice of a decision carries: what happens, the statement, and the rule it applies. */
function noticeBody(decision: NewDecision): string {
  const rule = decision.rule ? ` Rule: ${REMOVAL_RULE_SENTENCES[decision.rule]}` : '';
  return `${OUTCOME_SENTENCES[decision.outcome]} ${decision.statement}${rule}`;
}

/**
 * Stores a decision on the caller's transaction, closes the rating's open reports (a report's or a moderator's
 * decision), and tells the rater (except of a keep nobody reported) and each reporter of the closed reports, once
 * each whatever the retries (the dedupe key is the decision's).
 */
export async function recordDecision(tx: Tx, decision: NewDecision): Promise<{ id: number }> {
  const rating = decision.ratingId === null ? undefined : await lockDecidedRating(tx, decision.ratingId);
  if (decision.ratingId !== null && !rating) throw notFound('Rating not found', 'rating_not_found');
  const row = await insertDecision(tx, {
    ratingId: decision.ratingId,
    raterUserId: rating?.raterUserId ?? null,
    source: decision.source,
    outcome: decision.outcome,
    rule: decision.rule,
    statement: decision.statement,
    flagId: decision.flagId ?? null,
    flaggedCommentId: decision.flaggedCommentId ?? null,
    reversesDecisionId: decision.reversesDecisionId ?? null,
    decidedBy: decision.admin.userId,
    decidedByLabel: decision.admin.label,
  });
  const reporters =
    decision.ratingId !== null && CLOSES_REPORTS.has(decision.source)
      ? await closeOpenReports(tx, decision.ratingId, row.id)
      : [];
  const body = noticeBody(decision);
  const link = decisionLink(row.id);
  const dedupeKey = `decision:${row.id}`;
  const notices: NewNotice[] = reporters.map((userId) => ({
    userId,
    kind: 'report-decision',
    title: 'A decision on a rating you reported',
    body,
    link,
    dedupeKey,
  }));
  const raterHears = decision.outcome !== 'keep' || reporters.length > 0;
  if (rating?.raterUserId && raterHears && !reporters.includes(rating.raterUserId)) {
    notices.push({
      userId: rating.raterUserId,
      kind: 'rating-decision',
      title: 'A decision on your rating',
      body,
      link,
      dedupeKey,
    });
  }
  await notify(tx, ...notices);
  return { id: row.id };
}

/**
 * What an outcome does to the rating, on the caller's transaction: remove takes it down (one already down stays
 * down: the decision still stands and is recorded); hide-comment keeps its texts hidden from everyone but admins;
 * keep leaves it. A reply the offensive-language check held waits for this decision too: shown on a keep, hidden
 * otherwise. 404 for an unknown rating.
 */
export async function applyDecisionOutcome(
  tx: Tx,
  ratingId: number,
  outcome: ReportDecisionOutcome,
  rule: RemovalRule,
  admin: AdminIdentity,
): Promise<void> {
  const rating = await lockDecidedRating(tx, ratingId);
  if (!rating) throw notFound('Rating not found', 'rating_not_found');
  if (outcome === 'remove' && !rating.removedAt) {
    await removeRatingInTransaction(tx, ratingId, { rule, note: null, admin });
  }
  if (outcome === 'hide-comment') await keepRatingTextsHidden(tx, ratingId, admin, null);
  if ((await heldReplies(tx)).includes(ratingId)) {
    await setReplyStatus(tx, ratingId, outcome === 'keep' ? 'shown' : 'hidden');
  }
}

export function toDecision(row: typeof moderationDecisions.$inferSelect): Decision {
  return {
    id: row.id,
    ratingId: row.ratingId,
    source: row.source,
    outcome: row.outcome,
    rule: row.rule as RemovalRule | null,
    statement: row.statement,
    decidedBy: row.decidedByLabel,
    decidedAt: row.decidedAt.toISOString(),
  };
}

/** POST /api/admin/reports/:ratingId/decision: the outcome applied and the decision recorded in one transaction. */
export async function decideReport(
  db: Db,
  ratingId: number,
  body: DecideReportBody,
  admin: AdminIdentity,
): Promise<Decision> {
  return db.transaction(async (tx) => {
    await applyDecisionOutcome(tx, ratingId, body.outcome, body.rule, admin);
    const { id } = await recordDecision(tx, { ratingId, source: 'report', ...body, admin });
    return toDecision(await findDecision(tx, id));
  });
}

/** The rule a confirmed Trust & Safety flag applies: a ring or boost is a conflict of interest, a burst fake accounts. */
const FLAG_RULES = {
  ring: 'conflict-of-interest',
  boost: 'conflict-of-interest',
  burst: 'spam-or-fake-account',
} as const;

const FLAG_DISMISSED = 'A moderator reviewed the flag and found nothing wrong: its ratings count as before.';

/**
 * The review of a Trust & Safety flag as decisions (docs/product.md#reports-and-decisions), on the review's
 * transaction: a confirm is one decision per rating of the flag still stored, its rater told; a dismiss is one
 * decision for the flag.
 */
export async function recordFlagReview(
  tx: Tx,
  flag: { id: number; type: keyof typeof FLAG_RULES; ratingIds: number[] },
  review: { action: 'confirm' | 'dismiss'; notes: string | null },
  admin: AdminIdentity,
): Promise<void> {
  const source = flag.type === 'burst' ? 'burst' : 'collusion';
  if (review.action === 'dismiss') {
    const statement = review.notes ?? FLAG_DISMISSED;
    await recordDecision(tx, {
      ratingId: null,
      source,
      outcome: 'dismiss',
      rule: null,
      statement,
      admin,
      flagId: flag.id,
    });
    return;
  }
  const rule = FLAG_RULES[flag.type];
  for (const ratingId of await existingRatings(tx, flag.ratingIds)) {
    const statement = review.notes ?? REMOVAL_RULE_SENTENCES[rule];
    await recordDecision(tx, { ratingId, source, outcome: 'confirm', rule, statement, admin, flagId: flag.id });
  }
}
