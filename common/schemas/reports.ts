import { z } from 'zod';
import { DECISION_OUTCOMES, DECISION_SOURCES, DECISION_STATEMENT_MAX, REPORT_DETAILS_MAX } from '../community';
import { REMOVAL_RULES } from '../removal-rules';
import { adminPlayerRatingSchema } from './admin-player-ratings';
import { idSchema, optionalText, pageQuerySchema } from './shared';

/* docs/product.md#reports-and-decisions: a member's report of a rating, the admins' queue and their decisions. */

const ruleSchema = z.enum(REMOVAL_RULES, { error: `rule must be one of: ${REMOVAL_RULES.join(', ')}` });

/** POST /api/ratings/:id/reports: which rule the rating breaks, and optional details for the moderator. */
export const reportRatingBodySchema = z.strictObject({
  reason: z.enum(REMOVAL_RULES, { error: `reason must be one of: ${REMOVAL_RULES.join(', ')}` }),
  details: optionalText(REPORT_DETAILS_MAX),
});

export const reportReplySchema = z.object({
  id: z.number().int(),
  ratingId: z.number().int(),
  reason: ruleSchema,
  details: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

/** The outcomes an admin picks for a reported rating (confirm and dismiss are for Trust & Safety flags). */
export const REPORT_DECISION_OUTCOMES = ['keep', 'hide-comment', 'remove'] as const;
export type ReportDecisionOutcome = (typeof REPORT_DECISION_OUTCOMES)[number];

export const REPORT_DECISION_OUTCOME_LABELS: Record<ReportDecisionOutcome, string> = {
  keep: 'Keep the rating',
  'hide-comment': 'Hide its comments',
  remove: 'Remove the rating',
};

/** POST /api/admin/reports/:ratingId/decision: the statement of reasons goes to the rater and every reporter. */
export const decideReportBodySchema = z.strictObject({
  outcome: z.enum(REPORT_DECISION_OUTCOMES, {
    error: `outcome must be one of: ${REPORT_DECISION_OUTCOMES.join(', ')}`,
  }),
  rule: ruleSchema,
  statement: z
    .string({ error: 'statement is required' })
    .trim()
    .min(1, 'statement is required')
    .max(DECISION_STATEMENT_MAX, `Must be at most ${DECISION_STATEMENT_MAX} characters`),
});

export const ratingIdParamSchema = z.strictObject({ ratingId: idSchema });

export const REPORT_QUEUE_STATUSES = ['open', 'decided'] as const;

/** GET /api/admin/reports: the open queue (oldest report first), or the latest decisions a page at a time. */
export const reportQueueQuerySchema = z.strictObject({
  status: z
    .enum(REPORT_QUEUE_STATUSES, { error: `status must be one of: ${REPORT_QUEUE_STATUSES.join(', ')}` })
    .default('open'),
  limit: pageQuerySchema.shape.limit,
  cursor: pageQuerySchema.shape.cursor,
});

/** A stored decision with its statement of reasons, as admins see it. */
export const decisionSchema = z.object({
  id: z.number().int(),
  ratingId: z.number().int().nullable(),
  source: z.enum(DECISION_SOURCES),
  outcome: z.enum(DECISION_OUTCOMES),
  rule: ruleSchema.nullable(),
  statement: z.string(),
  decidedBy: z.string(),
  decidedAt: z.iso.datetime(),
});

export const reporterSchema = z.object({
  reportId: z.number().int(),
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  reason: ruleSchema,
  details: z.string().nullable(),
  reportedAt: z.iso.datetime(),
});

/** What Trust & Safety shows of a rater: leniency in stars above the average rater, its 90% interval, ratings given. */
export const raterTrustFiguresSchema = z.object({
  leniency: z.number(),
  leniencyLow: z.number(),
  leniencyHigh: z.number(),
  ratingsGiven: z.number().int(),
});

/**
 * One rating of the queue with everything an admin needs to decide on it. Its reply (rating.reply) is there even when
 * the offensive-language check holds it (`held`): such a reply waits for a decision too.
 */
export const reportQueueEntrySchema = z.object({
  rating: adminPlayerRatingSchema.extend({ playerName: z.string() }),
  reasons: z.array(z.object({ reason: ruleSchema, count: z.number().int() })),
  reporters: z.array(reporterSchema),
  raterTrust: raterTrustFiguresSchema.nullable(),
  /** Earlier decisions on the rating, newest first (in the decided list: the entry's own decision first). */
  decisions: z.array(decisionSchema),
  /** In the decided list: the decision this entry stands for. */
  decision: decisionSchema.nullable(),
});

export const reportQueueReplySchema = z.array(reportQueueEntrySchema);

export const decideReportReplySchema = z.object({ decision: decisionSchema });

export type ReportRatingBody = z.infer<typeof reportRatingBodySchema>;
export type ReportReply = z.infer<typeof reportReplySchema>;
export type DecideReportBody = z.infer<typeof decideReportBodySchema>;
export type ReportQueueQuery = z.infer<typeof reportQueueQuerySchema>;
export type ReportQueueEntry = z.infer<typeof reportQueueEntrySchema>;
export type Decision = z.infer<typeof decisionSchema>;
