import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ratings } from './ratings';
import { users } from './users';

export const ratingHelpfulness = pgTable(
  'rating_helpfulness',
  {
    id: serial('id').primaryKey(),
    ratingId: integer('rating_id')
      .notNull()
      .references(() => ratings.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    helpfulnessScore: integer('helpfulness_score').notNull(),
    comment: text('comment'),
    /**
     * The score the rater's public figures and the trust model count. Equal to helpfulnessScore on a named rating; on
     * an anonymous one it waits for the release, so a vote moves no figure that points at the rater (null: none yet).
     */
    releasedScore: integer('released_score'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rating_helpfulness_rating_user_key').on(t.ratingId, t.userId),
    index('rating_helpfulness_user_idx').on(t.userId),
    check('rating_helpfulness_score_check', sql`${t.helpfulnessScore} between 1 and 5`),
  ],
);
