import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const raterStats = pgTable(
  'rater_stats',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    totalPoints: integer('total_points').notNull().default(0),
    currentRank: text('current_rank').notNull().default('Rookie'),
    ratingsSubmitted: integer('ratings_submitted').notNull().default(0),
    detailedCommentsCount: integer('detailed_comments_count').notNull().default(0),
    /** Helpfulness received on this rater's ratings. */
    helpfulnessSum: integer('helpfulness_sum').notNull().default(0),
    helpfulnessCount: integer('helpfulness_count').notNull().default(0),
    lastActivityDate: timestamp('last_activity_date', { withTimezone: true }),
  },
  (t) => [
    // Serves the all-time leaderboard straight from the index (docs/product.md#leaderboard-rules).
    index('rater_stats_leaderboard_idx').on(
      t.ratingsSubmitted.desc(),
      sql`(${t.helpfulnessSum}::float8 / greatest(${t.helpfulnessCount}, 1)) desc`,
    ),
    check('rater_stats_counts_check', sql`${t.ratingsSubmitted} >= 0 and ${t.totalPoints} >= 0`),
  ],
);

/** Per-rater, per-day counters for the period leaderboards (docs/product.md#leaderboard-rules: year, month, week). */
export const raterDailyStats = pgTable(
  'rater_daily_stats',
  {
    day: date('day').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratingsCount: integer('ratings_count').notNull().default(0),
    helpfulnessSum: integer('helpfulness_sum').notNull().default(0),
    helpfulnessCount: integer('helpfulness_count').notNull().default(0),
  },
  // By user then day: a caller's own counts for a period are a few adjacent index entries (by user alone, the
  // week's counts visited every day the rater ever rated: 150 heap pages for an active rater at 1M ratings).
  (t) => [primaryKey({ columns: [t.day, t.userId] }), index('rater_daily_stats_user_day_idx').on(t.userId, t.day)],
);
