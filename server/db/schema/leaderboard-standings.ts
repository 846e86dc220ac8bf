import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Each rater's counts in each period as the leaderboard refresh last counted them (docs/product.md#leaderboard-rules):
 * the boards are drawn from here (the first 50 are a range of leaderboard_standings_count_idx) and kept up to date one
 * marked rater at a time, so a refresh reads the raters that changed, not every rater's days (decision 026). Written
 * only by the refresh. No foreign key to users: a deleted account's row goes with the mark its deletion leaves, so
 * the board's rater counts lose it in the same step.
 */
export const leaderboardStandings = pgTable(
  'leaderboard_standings',
  {
    period: text('period').notNull(),
    userId: uuid('user_id').notNull(),
    ratingsCount: integer('ratings_count').notNull(),
    helpfulnessSum: integer('helpfulness_sum').notNull(),
    helpfulnessCount: integer('helpfulness_count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.userId] }),
    index('leaderboard_standings_count_idx').on(t.period, t.ratingsCount.desc()),
    check('leaderboard_standings_period_check', sql`${t.period} in ('all', 'year', 'month', 'week')`),
    check('leaderboard_standings_count_check', sql`${t.ratingsCount} > 0`),
  ],
);

/**
 * Raters whose totals or days changed since the last refresh, written by triggers on rater_stats and
 * rater_daily_stats (migration 0024) whatever changes them, and taken (deleted) by the refresh. Only ever inserted by
 * writers, so a rating never waits on the refresh. A null user is every rater (the tables were truncated).
 */
export const leaderboardMarks = pgTable('leaderboard_marks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id'),
});
