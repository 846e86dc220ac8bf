import {
  BADGES,
  pointsForHelpfulness,
  rankForPoints,
  type BadgeFacts,
  type BadgeType,
} from '../../../common/gamification';
import { createCsvTable } from './csv';
import type { User } from './generate-users';
import { DAY_MS, iso } from './people';

/** What one rater did, collected while the ratings and votes are generated. */
export type RaterTotals = {
  times: number[];
  detailedTimes: number[];
  fullBreakdownAt: number | null;
  points: number;
  helpfulnessSum: number;
  helpfulnessCount: number;
  lastVoteAt: number;
};

/** User indexes fit in 21 bits, so a day and a user make one number key. */
const USER_BITS = 2 ** 21;
export const MAX_USERS = USER_BITS - 1;

/**
 * Every rater's totals and per-day counts, added to as the ratings are generated, then written as
 * rater_stats, achievements and rater_daily_stats: the aggregates agree with the rows by construction.
 */
export function createRaterLedger() {
  const totals = new Map<number, RaterTotals>();
  const daily = new Map<number, [number, number, number]>();
  return {
    totalsOf(userIndex: number): RaterTotals {
      let entry = totals.get(userIndex);
      if (!entry) {
        entry = {
          times: [],
          detailedTimes: [],
          fullBreakdownAt: null,
          points: 0,
          helpfulnessSum: 0,
          helpfulnessCount: 0,
          lastVoteAt: 0,
        };
        totals.set(userIndex, entry);
      }
      return entry;
    },
    addDaily(time: number, userIndex: number, ratings: number, sum: number, count: number) {
      const key = Math.floor(time / DAY_MS) * USER_BITS + userIndex;
      const entry = daily.get(key) ?? [0, 0, 0];
      entry[0] += ratings;
      entry[1] += sum;
      entry[2] += count;
      daily.set(key, entry);
    },
    tables(users: User[]) {
      return { ...raterTables(users, totals), dailyTable: dailyTable(users, daily) };
    },
  };
}

function dailyTable(users: User[], daily: Map<number, [number, number, number]>) {
  const table = createCsvTable('rater_daily_stats', [
    'day',
    'user_id',
    'ratings_count',
    'helpfulness_sum',
    'helpfulness_count',
  ]);
  for (const [key, [ratings, sum, count]] of daily) {
    const day = Math.floor(key / USER_BITS);
    table.add([new Date(day * DAY_MS).toISOString().slice(0, 10), users[key % USER_BITS].id, ratings, sum, count]);
  }
  return table;
}

/** When each badge's rule first held, as far as the seeded history tells. */
function badgeDates(entry: RaterTotals): Partial<Record<BadgeType, number>> {
  return {
    first_rating: entry.times[0],
    ten_ratings: entry.times[9],
    fifty_ratings: entry.times[49],
    detailed_reviewer: entry.detailedTimes[4],
    full_breakdown: entry.fullBreakdownAt ?? undefined,
    community_favorite: entry.lastVoteAt || undefined,
    five_star_excellence: entry.lastVoteAt || undefined,
  };
}

/** rater_stats and achievements from each rater's totals, with the rules of common/gamification.ts. */
function raterTables(users: User[], totals: Map<number, RaterTotals>) {
  const statsTable = createCsvTable('rater_stats', [
    'user_id',
    'total_points',
    'current_rank',
    'ratings_submitted',
    'detailed_comments_count',
    'helpfulness_sum',
    'helpfulness_count',
    'last_activity_date',
  ]);
  const achievementsTable = createCsvTable('achievements', [
    'user_id',
    'achievement_type',
    'achievement_name',
    'achievement_description',
    'badge_icon',
    'earned_at',
  ]);
  // The busiest rater who can sign in (a password account), for the seed's summary to name.
  let topRater = { id: '', email: '', ratings: -1 };
  for (const [userIndex, entry] of [...totals].sort((a, b) => a[0] - b[0])) {
    const user = users[userIndex];
    entry.times.sort((a, b) => a - b);
    entry.detailedTimes.sort((a, b) => a - b);
    const lastActivity = entry.times[entry.times.length - 1];
    const totalPoints = entry.points + pointsForHelpfulness(entry.helpfulnessSum);
    statsTable.add([
      user.id,
      totalPoints,
      rankForPoints(totalPoints),
      entry.times.length,
      entry.detailedTimes.length,
      entry.helpfulnessSum,
      entry.helpfulnessCount,
      iso(lastActivity),
    ]);
    if (user.provider === 'password' && entry.times.length > topRater.ratings) {
      topRater = { id: user.id, email: user.email, ratings: entry.times.length };
    }
    const facts: BadgeFacts = {
      ratingsSubmitted: entry.times.length,
      detailedCommentsCount: entry.detailedTimes.length,
      helpfulnessSum: entry.helpfulnessSum,
      helpfulnessCount: entry.helpfulnessCount,
      fullBreakdown: entry.fullBreakdownAt !== null,
      improvedRating: false,
    };
    const earnedAt = badgeDates(entry);
    for (const badge of BADGES) {
      if (!badge.earned(facts)) continue;
      achievementsTable.add([
        user.id,
        badge.type,
        badge.name,
        badge.description,
        badge.icon,
        iso(earnedAt[badge.type] ?? lastActivity),
      ]);
    }
  }
  return { statsTable, achievementsTable, topRater };
}
