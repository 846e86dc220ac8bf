import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One ranked rater as stored: e-mails whole (masked per request), counts of the period, all-time points. */
export type StoredLeaderboardRow = {
  userId: string;
  email: string;
  ratingsCount: number;
  helpfulnessSum: number;
  helpfulnessCount: number;
  totalPoints: number;
  /** Lower bound of the rater's helpfulness, adjusted for flattery (trust run); null before any vote. Absent on boards stored before it existed. */
  helpfulnessScore?: number | null;
  /** "Jordan R." from the linked player, else the masked e-mail. Absent on boards stored before it existed. */
  displayName?: string;
};

/**
 * Each period's board, computed once for the whole cluster by whichever instance holds the refresh job,
 * and read by every instance: a request never pays for the aggregate, however many instances run.
 */
export const leaderboardBoards = pgTable(
  'leaderboard_boards',
  {
    period: text('period').primaryKey(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    rows: jsonb('rows').$type<StoredLeaderboardRow[]>().notNull(),
  },
  (t) => [check('leaderboard_boards_period_check', sql`${t.period} in ('all', 'year', 'month', 'week')`)],
);
