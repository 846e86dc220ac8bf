import { z } from 'zod';
import {
  APPEAL_OUTCOMES,
  APPEAL_TEXT_MAX,
  APPELLANT_ROLES,
  DECISION_OUTCOMES,
  DECISION_SOURCES,
  DECISION_STATEMENT_MAX,
} from '../community';
import { REMOVAL_RULES } from '../removal-rules';

/*
 * A decision's statement of reasons and its appeal (docs/product.md#appeals): what the people a decision concerns
 * read at /decisions/:id, and the admins' queue of appeals.
 */

const ruleSchema = z.enum(REMOVAL_RULES, { error: `rule must be one of: ${REMOVAL_RULES.join(', ')}` });

/** Who the caller is to a decision: a party to it, or an admin reading it. */
export const DECISION_VIEWER_ROLES = [...APPELLANT_ROLES, 'admin'] as const;
export type DecisionViewerRole = (typeof DECISION_VIEWER_ROLES)[number];

/** POST /api/decisions/:id/appeal. */
export const appealBodySchema = z.strictObject({
  text: z
    .string({ error: 'Please say why the decision should change' })
    .trim()
    .min(1, 'Please say why the decision should change')
    .max(APPEAL_TEXT_MAX, `Must be at most ${APPEAL_TEXT_MAX} characters`),
});

/** An appeal as its appellant (and an admin) sees it. */
export const appealSchema = z.object({
  id: z.number().int(),
  decisionId: z.number().int(),
  role: z.enum(APPELLANT_ROLES),
  text: z.string(),
  createdAt: z.iso.datetime(),
  outcome: z.enum(APPEAL_OUTCOMES).nullable(),
  statement: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
});

/** GET /api/decisions/:id: the statement of reasons. Never names an anonymous rater or a reporter to a non-admin. */
export const decisionViewSchema = z.object({
  id: z.number().int(),
  source: z.enum(DECISION_SOURCES),
  outcome: z.enum(DECISION_OUTCOMES),
  rule: ruleSchema.nullable(),
  /** The rule as a sentence (common/removal-rules.ts), or null when no rule was applied. */
  ruleSentence: z.string().nullable(),
  statement: z.string(),
  decidedAt: z.iso.datetime(),
  /** The decision this one reversed on appeal, if it did. */
  reversesDecisionId: z.number().int().nullable(),
  /** When an appeal reversed this decision: the decision that did, and when. */
  reversedBy: z.object({ decisionId: z.number().int(), decidedAt: z.iso.datetime() }).nullable(),
  /** What it was about: null when the rating has since been erased. */
  rating: z
    .object({
      id: z.number().int(),
      playerId: z.number().int(),
      playerName: z.string(),
      createdAt: z.iso.datetime(),
      removed: z.boolean(),
    })
    .nullable(),
  role: z.enum(DECISION_VIEWER_ROLES),
  /** Whether the caller may appeal now; when not, `appealRefusal` says why (null when they already appealed). */
  canAppeal: z.boolean(),
  appealRefusal: z.string().nullable(),
  /** The last moment an appeal is accepted. */
  appealUntil: z.iso.datetime(),
  appeal: appealSchema.nullable(),
});

/** GET /api/admin/appeals?status=open|decided. */
export const APPEAL_QUEUE_STATUSES = ['open', 'decided'] as const;
export const adminAppealsQuerySchema = z.object({
  status: z
    .enum(APPEAL_QUEUE_STATUSES, { error: `status must be one of: ${APPEAL_QUEUE_STATUSES.join(', ')}` })
    .default('open'),
});

/** One appeal in the admins' queue, with the decision and the rating it is about. */
export const adminAppealSchema = appealSchema.extend({
  appellant: z.object({ userId: z.string(), email: z.string(), name: z.string().nullable() }),
  decidedBy: z.string().nullable(),
  decision: z.object({
    id: z.number().int(),
    source: z.enum(DECISION_SOURCES),
    outcome: z.enum(DECISION_OUTCOMES),
    rule: ruleSchema.nullable(),
    statement: z.string(),
    decidedAt: z.iso.datetime(),
    decidedBy: z.string(),
  }),
  rating: z
    .object({
      id: z.number().int(),
      playerId: z.number().int(),
      playerName: z.string(),
      raterEmail: z.string(),
      isAnonymous: z.boolean(),
      overallRating: z.number(),
      comment: z.string().nullable(),
      createdAt: z.iso.datetime(),
      removed: z.boolean(),
    })
    .nullable(),
});
export const adminAppealsReplySchema = z.object({ appeals: z.array(adminAppealSchema) });

/** POST /api/admin/appeals/:id/decision: `rule` is required when reversing a "keep" (the rating is then removed). */
export const appealDecisionBodySchema = z.strictObject({
  outcome: z.enum(APPEAL_OUTCOMES, { error: `outcome must be one of: ${APPEAL_OUTCOMES.join(', ')}` }),
  statement: z
    .string({ error: 'Please give the reasons' })
    .trim()
    .min(1, 'Please give the reasons')
    .max(DECISION_STATEMENT_MAX, `Must be at most ${DECISION_STATEMENT_MAX} characters`),
  rule: ruleSchema.optional(),
});

export const SAME_ADMIN_MESSAGE = 'A different admin must decide this appeal';

export type Appeal = z.infer<typeof appealSchema>;
export type DecisionView = z.infer<typeof decisionViewSchema>;
export type AdminAppeal = z.infer<typeof adminAppealSchema>;
export type AdminAppealsReply = z.infer<typeof adminAppealsReplySchema>;
export type AppealDecisionBody = z.infer<typeof appealDecisionBodySchema>;
export type AppealQueueStatus = (typeof APPEAL_QUEUE_STATUSES)[number];
