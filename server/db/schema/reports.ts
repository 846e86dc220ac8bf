import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { flaggedComments } from './flagged-comments';
import { ratings } from './ratings';
import { trustFlags } from './trust';
import { users } from './users';

const RULES = sql.raw(
  `('offensive', 'personal-information', 'not-based-on-play', 'conflict-of-interest', 'spam-or-fake-account', 'duplicate', 'other')`,
);

/**
 * Every moderation decision with its statement of reasons (docs/product.md#decisions; DSA Art. 17): on a member's
 * report, a moderator's own take-down or restore, an automatic offensive-language hold, or a Trust & Safety flag.
 * Kept when the rating is erased (the rating id goes null) so the transparency figures stay true.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: serial('id').primaryKey(),
    ratingId: integer('rating_id').references(() => ratings.id, { onDelete: 'set null', onUpdate: 'cascade' }),
    /** The rater when decided, for the statement and the appeal (the rating may be erased later). */
    raterUserId: uuid('rater_user_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['report', 'moderator', 'automatic-hold', 'collusion', 'burst'] }).notNull(),
    outcome: text('outcome', { enum: ['keep', 'hide-comment', 'remove', 'confirm', 'dismiss'] }).notNull(),
    /** The rule applied (common/removal-rules.ts); null for a flag dismissed or a restore. */
    rule: text('rule'),
    statement: text('statement').notNull(),
    flagId: integer('flag_id').references(() => trustFlags.id, { onDelete: 'set null' }),
    flaggedCommentId: integer('flagged_comment_id').references(() => flaggedComments.id, { onDelete: 'set null' }),
    /** Set when this decision reverses an earlier one on appeal. */
    reversesDecisionId: integer('reverses_decision_id'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The admin as the audit log names them (a token or developer login has no user row). */
    decidedByLabel: text('decided_by_label').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_decisions_rating_idx').on(t.ratingId, t.id),
    index('moderation_decisions_decided_idx').on(t.decidedAt),
    index('moderation_decisions_rater_idx').on(t.raterUserId),
    check(
      'moderation_decisions_source_check',
      sql`${t.source} in ('report', 'moderator', 'automatic-hold', 'collusion', 'burst')`,
    ),
    check(
      'moderation_decisions_outcome_check',
      sql`${t.outcome} in ('keep', 'hide-comment', 'remove', 'confirm', 'dismiss')`,
    ),
    check('moderation_decisions_rule_check', sql`${t.rule} is null or ${t.rule} in ${RULES}`),
    check('moderation_decisions_statement_check', sql`char_length(${t.statement}) between 1 and 2000`),
  ],
);

/**
 * A member's report of a rating (DSA Art. 16). Open while decision_id is null: one open report per member per
 * rating; the decision that closes a rating's reports closes them all.
 */
export const ratingReports = pgTable(
  'rating_reports',
  {
    id: serial('id').primaryKey(),
    ratingId: integer('rating_id')
      .notNull()
      .references(() => ratings.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    reporterUserId: uuid('reporter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decisionId: integer('decision_id').references(() => moderationDecisions.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('rating_reports_open_key')
      .on(t.ratingId, t.reporterUserId)
      .where(sql`${t.decisionId} is null`),
    index('rating_reports_reporter_created_idx').on(t.reporterUserId, t.createdAt),
    index('rating_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.decisionId} is null`),
    index('rating_reports_decision_idx').on(t.decisionId),
    index('rating_reports_created_idx').on(t.createdAt),
    check('rating_reports_reason_check', sql`${t.reason} in ${RULES}`),
    check('rating_reports_details_check', sql`${t.details} is null or char_length(${t.details}) <= 1000`),
  ],
);

/**
 * An appeal of a decision (DSA Art. 20): once per person per decision, decided by a different admin than the one
 * who made the decision (the service checks it; decided_by here and on the decision).
 */
export const appeals = pgTable(
  'appeals',
  {
    id: serial('id').primaryKey(),
    decisionId: integer('decision_id')
      .notNull()
      .references(() => moderationDecisions.id, { onDelete: 'cascade' }),
    appellantUserId: uuid('appellant_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appellantRole: text('appellant_role', { enum: ['rater', 'reporter', 'rated-player'] }).notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome', { enum: ['upheld', 'reversed'] }),
    statement: text('statement'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByLabel: text('decided_by_label'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('appeals_decision_appellant_key').on(t.decisionId, t.appellantUserId),
    index('appeals_open_idx')
      .on(t.createdAt)
      .where(sql`${t.outcome} is null`),
    index('appeals_appellant_idx').on(t.appellantUserId),
    index('appeals_decided_idx').on(t.decidedAt),
    check('appeals_role_check', sql`${t.appellantRole} in ('rater', 'reporter', 'rated-player')`),
    check('appeals_outcome_check', sql`${t.outcome} is null or ${t.outcome} in ('upheld', 'reversed')`),
    check(
      'appeals_decided_check',
      sql`(${t.outcome} is null) = (${t.decidedAt} is null) and (${t.outcome} is null) = (${t.statement} is null)`,
    ),
    check('appeals_text_check', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);
