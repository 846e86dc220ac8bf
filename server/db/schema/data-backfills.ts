import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One-off data steps the app runs at start because SQL alone cannot do them (the data they need ships
 * with the server), each recorded here once finished so a later start skips it.
 */
export const dataBackfills = pgTable('data_backfills', {
  name: text('name').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});
