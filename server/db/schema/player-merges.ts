import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { players } from './players';
import { users } from './users';

/**
 * Each duplicate player an admin merged into another (docs/product.md#merging-players). The merged row is deleted, so
 * its id is no foreign key; the record is what sends its old page to the kept player's. A later merge of the kept
 * player moves these rows on to the new one, so one read finds where a merged player lives now.
 */
export const playerMerges = pgTable(
  'player_merges',
  {
    mergedId: integer('merged_id').primaryKey(),
    intoId: integer('into_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The admin as the audit log names them (a token or developer login has no user row). */
    mergedBy: text('merged_by').notNull(),
    mergedByUserId: uuid('merged_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    mergedAt: timestamp('merged_at', { withTimezone: true }).notNull().defaultNow(),
    // What moved, and what the merge took down (docs/product.md#take-down).
    ratingsMoved: integer('ratings_moved').notNull(),
    duplicatesRemoved: integer('duplicates_removed').notNull(),
    conflictsRemoved: integer('conflicts_removed').notNull(),
    claimsMoved: integer('claims_moved').notNull(),
    flagsMoved: integer('flags_moved').notNull(),
    linkMoved: boolean('link_moved').notNull(),
  },
  (t) => [index('player_merges_into_idx').on(t.intoId)],
);
