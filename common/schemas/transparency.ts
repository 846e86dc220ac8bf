import { z } from 'zod';
import { DECISION_OUTCOMES, DECISION_SOURCES } from '../community';
import { REMOVAL_RULES } from '../removal-rules';
import { TRUST_FLAG_TYPES } from './trust';

/*
 * GET /api/transparency (docs/product.md#transparency): what moderation did, per calendar month (UTC), newest first,
 * the last 24 months at most. Every list names every key, with 0 where nothing happened, so months compare.
 */

/** How many months the report covers, the current one included. */
export const TRANSPARENCY_MONTHS = 24;
/** How long an answer (and the page drawn from it) may be shown: a few minutes old is fine. */
export const TRANSPARENCY_MAX_AGE_SECONDS = 300;

const count = z.number().int().min(0);
const counted = <Key extends z.ZodType>(key: Key) => z.array(z.object({ key, count }));

export const transparencyMonthSchema = z.object({
  /** "2026-11" (UTC). */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  reports: z.object({ received: count, byReason: counted(z.enum(REMOVAL_RULES)) }),
  decisions: z.object({
    total: count,
    byOutcome: counted(z.enum(DECISION_OUTCOMES)),
    /** "none" for a decision without a rule (a flag dismissed, a keep). */
    byRule: counted(z.enum([...REMOVAL_RULES, 'none'])),
    bySource: counted(z.enum(DECISION_SOURCES)),
    /** Over the reports a decision of this month closed; null when it closed none. */
    medianHoursFromReport: z.number().nullable(),
  }),
  appeals: z.object({ received: count, decided: count, reversed: count }),
  /** Comments the offensive-language check held (flagged_comments created). */
  automaticHolds: count,
  /** Trust & Safety flags reviewed this month, by type. */
  flags: z.array(z.object({ type: z.enum(TRUST_FLAG_TYPES), confirmed: count, dismissed: count })),
  ratingsRemoved: count,
  accountsErased: count,
});

export const transparencyReportSchema = z.object({
  generatedAt: z.iso.datetime(),
  months: z.array(transparencyMonthSchema),
});

export type TransparencyMonth = z.infer<typeof transparencyMonthSchema>;
export type TransparencyReport = z.infer<typeof transparencyReportSchema>;
