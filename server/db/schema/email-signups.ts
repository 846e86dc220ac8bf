import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const emailSignups = pgTable(
  'email_signups',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_signups_email_lower_key').on(sql`lower(${t.email})`),
    index('email_signups_created_at_idx').on(t.createdAt.desc()),
  ],
);
