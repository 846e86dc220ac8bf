import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const adminTokens = pgTable(
  'admin_tokens',
  {
    /** SHA-256 of the token handed to the browser. */
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_tokens_expires_at_idx').on(t.expiresAt)],
);
