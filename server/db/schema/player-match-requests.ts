import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { players } from './players';
import { users } from './users';

export const playerMatchRequests = pgTable(
  'player_match_requests',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    requestMessage: text('request_message'),
    claimantFirstName: text('claimant_first_name').notNull(),
    claimantLastName: text('claimant_last_name').notNull(),
    claimantEmail: text('claimant_email').notNull(),
    claimantCity: text('claimant_city').notNull(),
    claimantState: text('claimant_state').notNull(),
    claimantZip: text('claimant_zip').notNull(),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedByLabel: text('reviewed_by_label'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNotes: text('review_notes'),
    /** When the claimant withdrew the request (status 'withdrawn'); kept for the admin's record. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One pending claim per user: a user is one player, and the pending claim is what the Player Registration
    // tab shows instead of the form (decision 008).
    uniqueIndex('player_match_requests_one_pending_per_user_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('player_match_requests_status_created_idx').on(t.status, t.createdAt.desc()),
    index('player_match_requests_player_idx').on(t.playerId),
    check('player_match_requests_status_check', sql`${t.status} in ('pending', 'approved', 'denied', 'withdrawn')`),
  ],
);
