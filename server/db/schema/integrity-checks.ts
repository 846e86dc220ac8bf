import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** One mismatch of the recount: a stored figure and the one recounted from the rows. */
export type StoredMismatch = {
  table: string;
  check: string;
  key: string;
  stored: Record<string, unknown>;
  recounted: Record<string, unknown>;
};

/**
 * Each run of the recount (features/integrity): hourly and on an admin's request, by whichever instance holds the
 * check's lock. The latest row is what GET /api/admin/integrity and the integrity metrics report.
 */
export const integrityChecks = pgTable(
  'integrity_checks',
  {
    id: serial('id').primaryKey(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    durationMs: integer('duration_ms').notNull(),
    /** Every mismatching row, of which `mismatches` keeps the first few of each check. */
    mismatchCount: integer('mismatch_count').notNull(),
    mismatches: jsonb('mismatches').$type<StoredMismatch[]>().notNull(),
    ranBy: text('ran_by').notNull(),
  },
  (t) => [index('integrity_checks_checked_idx').on(t.checkedAt.desc())],
);
