import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import { ratings } from './ratings';
import { users } from './users';

/**
 * The rated player's one public reply under a rating (docs/product.md#replies). Written only by the replies
 * feature; the author is the account linked to the rated player when the reply was written.
 */
export const ratingReplies = pgTable(
  'rating_replies',
  {
    ratingId: integer('rating_id')
      .primaryKey()
      .references(() => ratings.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    authorUserId: uuid('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** shown; held by the offensive-language check until an admin decides; hidden by a decision. */
    status: text('status', { enum: ['shown', 'held', 'hidden'] })
      .notNull()
      .default('shown'),
    /** The offensive-language check's reason when it held the reply (as flagged_comments.flag_reason). */
    holdReason: text('hold_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rating_replies_author_idx').on(t.authorUserId),
    index('rating_replies_held_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'held'`),
    check('rating_replies_status_check', sql`${t.status} in ('shown', 'held', 'hidden')`),
    check('rating_replies_text_check', sql`char_length(${t.text}) between 1 and 1000`),
  ],
);
