import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What an erasure took away, by kind of row (docs/product.md#your-data). */
export type ErasureCounts = Record<string, number>;

/**
 * Every export of a person's data and every erasure of an account (docs/product.md#your-data): whose, when, and
 * whether they asked themselves or an admin did, and which admin. The person is named by their account id only,
 * never by e-mail, so the record outlives the account without keeping what was erased. Written only by the
 * account feature.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['export', 'erase'] }).notNull(),
    /** The account the request was about; no foreign key: an erased account's id stays as the record's subject. */
    userId: uuid('user_id').notNull(),
    /** The admin who acted (null when the person asked themselves, or for an admin token); as the audit logs do. */
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    adminLabel: text('admin_label'),
    /** An erasure's counts (ratings, votes, sessions, ...); null for an export. */
    counts: jsonb('counts').$type<ErasureCounts>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('data_requests_at_idx').on(t.at.desc()),
    index('data_requests_user_idx').on(t.userId),
    check('data_requests_kind_check', sql`${t.kind} in ('export', 'erase')`),
    check('data_requests_counts_check', sql`(${t.kind} = 'erase') = (${t.counts} is not null)`),
  ],
);
