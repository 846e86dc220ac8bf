import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ratings } from './ratings';
import { users } from './users';

/**
 * Every take-down and restore of a rating (docs/product.md#take-down): who, when, under which rule, with what note.
 * A removal keeps when others had first seen the rating and its version, so a restore lists it as it was.
 */
export const ratingRemovals = pgTable(
  'rating_removals',
  {
    id: serial('id').primaryKey(),
    ratingId: integer('rating_id')
      .notNull()
      .references(() => ratings.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    action: text('action').notNull(),
    /** The rule broken (a removal); null for a restore. */
    rule: text('rule'),
    note: text('note'),
    actedBy: uuid('acted_by').references(() => users.id, { onDelete: 'set null' }),
    /** The admin as the audit log names them (a token or developer login has no user row). */
    actedByLabel: text('acted_by_label').notNull(),
    actedAt: timestamp('acted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The rating's listed_at and published_at when removed; null when it had not been released yet. */
    listedAt: timestamp('listed_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    index('rating_removals_rating_idx').on(t.ratingId, t.id),
    index('rating_removals_acted_idx').on(t.actedAt.desc()),
    check('rating_removals_action_check', sql`${t.action} in ('remove', 'restore')`),
    check('rating_removals_rule_check', sql`(${t.action} = 'remove') = (${t.rule} is not null)`),
  ],
);
