import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ratings } from './ratings';
import { users } from './users';

export const flaggedComments = pgTable(
  'flagged_comments',
  {
    id: serial('id').primaryKey(),
    ratingId: integer('rating_id')
      .notNull()
      .references(() => ratings.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** Which text field of the rating was flagged (strengthsImprovements or a category comment). */
    field: text('field').notNull(),
    flaggedText: text('flagged_text').notNull(),
    flagReason: text('flag_reason').notNull(),
    isResolved: boolean('is_resolved').notNull().default(false),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** Who resolved it when the admin was a token or developer login with no user row. */
    resolvedByLabel: text('resolved_by_label'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionNotes: text('resolution_notes'),
    /**
     * An admin's choice on resolving (docs/product.md#moderation-rules): 'restored' shows the text again, 'kept_hidden' keeps it
     * from everyone but admins for as long as the rating holds that text. Null while pending, and when the
     * system closed the flag because the rater replaced the text.
     */
    resolution: text('resolution'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flagged_comments_resolved_created_idx').on(t.isResolved, t.createdAt.desc()),
    index('flagged_comments_rating_idx').on(t.ratingId),
    check('flagged_comments_resolution_check', sql`${t.resolution} in ('restored', 'kept_hidden')`),
    check(
      'flagged_comments_reason_check',
      sql`${t.flagReason} in ('racial', 'slur', 'religious', 'sexual', 'contextual', 'other', 'decision')`,
    ),
  ],
);
