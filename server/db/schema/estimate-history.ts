import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { players } from './players';

/**
 * The player page's history line (docs/product.md: the overall estimate at the end of each calendar quarter since the
 * first rating), stored by the trust worker when it computes it so a page never re-fits the model. One row per player
 * per quarter; a quarter's point counts the ratings given until its end (the current quarter's: until it was
 * computed). A point with n = 0 (every rating set aside) is kept as a sign that the history was computed, and not
 * shown. The page reads a player's rows by the primary key's range.
 */
export const playerEstimateHistory = pgTable(
  'player_estimate_history',
  {
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** "2026-Q3": sorts as text in time order. */
    quarter: text('quarter').notNull(),
    mean: doublePrecision('mean').notNull(),
    low: doublePrecision('low').notNull(),
    high: doublePrecision('high').notNull(),
    /** Ratings counted in the point. */
    n: integer('n').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.quarter], name: 'player_estimate_history_pkey' }),
    check('player_estimate_history_quarter_check', sql`${t.quarter} ~ '^[0-9]{4}-Q[1-4]$'`),
    check(
      'player_estimate_history_range_check',
      sql`${t.low} >= 1 and ${t.high} <= 5 and ${t.low} <= ${t.mean} and ${t.mean} <= ${t.high}`,
    ),
    check('player_estimate_history_n_check', sql`${t.n} >= 0`),
  ],
);
