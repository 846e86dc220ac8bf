import { check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Each release of anonymous ratings (docs/product.md#anonymity): when it ran, the period its ratings are dated to, and
 * how many it released and held back (fewer than ANONYMITY_CROWD raters: all wait for the next one).
 */
export const anonymityReleases = pgTable(
  'anonymity_releases',
  {
    id: serial('id').primaryKey(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    released: integer('released').notNull(),
    held: integer('held').notNull(),
    /** 'schedule' (the period's boundary passed) or the admin's label who ran it now. */
    ranBy: text('ran_by').notNull(),
  },
  (t) => [check('anonymity_releases_counts_check', sql`${t.released} >= 0 and ${t.held} >= 0`)],
);
