import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  /** "Jordan R." from the linked player, else from the account's name, else the masked e-mail. Absent on boards stored before it existed. */
  displayName?: string;
};

/**
 * How many raters have each ratings count in the period, most first: `[ratingsCount, raters]`. A caller
 * outside the listed 50 is placed from it (1 + the raters with more ratings) without re-summing the period.
 */
export type RaterCountBucket = [ratingsCount: number, raters: number];

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
    /** Empty on boards stored before it existed: the caller's place outside the list is then unknown. */
    raterCounts: jsonb('rater_counts').$type<RaterCountBucket[]>().notNull().default([]),
    /** The first day the board's standings count (null for all time; null on a period's board stored before them). */
    since: date('since'),
    /** The latest full trust run when the rows were drawn: a new run moves helpfulness scores, so rows are drawn again. */
    trustRunId: integer('trust_run_id'),
    /** When the refresh last brought the board up to date; computedAt moves only when rows or counts change. */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the listed raters' names and e-mails were last compared with their accounts and players. */
    namesCheckedAt: timestamp('names_checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('leaderboard_boards_period_check', sql`${t.period} in ('all', 'year', 'month', 'week')`)],
);
