import type { Db, Tx, ValueSlot } from '../../db/client';
import {
  COMMENT_FIELD_COUNT,
  POINTS,
  averageToOneDecimal,
  isDetailedFeedback,
  newlyEarnedBadges,
  nextRank,
  pointsForHelpfulness,
  pointsForRating,
  rankForPoints,
  type BadgeFacts,
} from '../../../common/gamification';
import type { MyStatsReply } from '../../../common/schemas/gamification';
import type { SQL } from 'drizzle-orm';
import {
  applyDailyStatsDelta,
  applyRaterStatsDelta,
  badgeAwardsInsert,
  dailyStatsUpsert,
  dailyStatsValues,
  findMyStats,
  insertAchievements,
  raterStatsUpsert,
  raterStatsValues,
  type RaterStatsDelta,
  type RaterStatsRow,
} from './gamification.repo';

/*
 * The interface ratings and helpfulness call INSIDE their transactions, so rater_stats,
 * rater_daily_stats and achievements never disagree with the ratings (issue 3).
 */

/** The UTC calendar day a rating counts towards in the period leaderboards (§9). */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

type ActionFacts = Pick<BadgeFacts, 'fullBreakdown' | 'improvedRating'>;

/**
 * Applies the change to the rater's totals (rank included) and awards what the change newly
 * earned, all on the caller's transaction.
 */
async function applyToRater(tx: Tx, delta: RaterStatsDelta, action: ActionFacts) {
  const after = await applyRaterStatsDelta(tx, delta);
  await awardNewBadges(tx, after, delta, action);
}

/** Awards the badges a change newly earned, from the totals after it (row-locked by the caller's upsert). */
async function awardNewBadges(tx: Tx, after: RaterStatsRow, delta: RaterStatsDelta, action: ActionFacts) {
  const afterFacts = factsOf(after, action);
  // The row lock taken by the upsert makes "after minus this change" exactly the totals before it.
  const beforeFacts: BadgeFacts = {
    ratingsSubmitted: after.ratingsSubmitted - delta.ratingsSubmitted,
    detailedCommentsCount: after.detailedCommentsCount - delta.detailedComments,
    helpfulnessSum: after.helpfulnessSum - delta.helpfulnessSum,
    helpfulnessCount: after.helpfulnessCount - delta.helpfulnessCount,
    fullBreakdown: false,
    improvedRating: false,
  };
  await insertAchievements(tx, delta.userId, newlyEarnedBadges(beforeFacts, afterFacts), new Date());
}

function factsOf(stats: RaterStatsRow, action: ActionFacts): BadgeFacts {
  return {
    ratingsSubmitted: stats.ratingsSubmitted,
    detailedCommentsCount: stats.detailedCommentsCount,
    helpfulnessSum: stats.helpfulnessSum,
    helpfulnessCount: stats.helpfulnessCount,
    ...action,
  };
}

export type RatingSubmittedEvent = {
  raterUserId: string;
  /** Number of non-empty text fields (strengthsImprovements + category comments) in the rating. */
  commentFieldCount: number;
  /** Total characters of those text fields. */
  commentLength: number;
  overallRating: number;
  createdAt: Date;
};

/**
 * A new rating's effect on its rater's totals, as statements for the rating's own statement to run
 * (ratings.repo: no row there, no change here): the totals, the day's counters and the badges the
 * totals after it (`totalsAfter`, the CTE of `stats`) hold. `awardBadges` does the badge step on its
 * own transaction instead (test fixtures that write a rating without that statement).
 */
export function ratingSubmittedTotals(event: RatingSubmittedEvent) {
  const detailed = isDetailedFeedback(event.commentLength);
  const delta: RaterStatsDelta = {
    userId: event.raterUserId,
    points: pointsForRating(event.commentLength),
    ratingsSubmitted: 1,
    detailedComments: detailed ? 1 : 0,
    helpfulnessSum: 0,
    helpfulnessCount: 0,
    activityAt: event.createdAt,
  };
  const daily = {
    userId: event.raterUserId,
    day: utcDay(event.createdAt),
    ratingsCount: 1,
    helpfulnessSum: 0,
    helpfulnessCount: 0,
  };
  const action: ActionFacts = { fullBreakdown: event.commentFieldCount >= COMMENT_FIELD_COUNT, improvedRating: false };
  return {
    delta,
    daily,
    statements: (from: SQL, slot: ValueSlot, totalsAfter: SQL) => ({
      stats: raterStatsUpsert('stats_', from, slot),
      daily: dailyStatsUpsert('daily_', from, slot),
      badges: badgeAwardsInsert(totalsAfter, slot('badges_earnedAt', 'timestamptz'), {
        fullBreakdown: slot('badges_fullBreakdown', 'boolean'),
        improvedRating: slot('badges_improvedRating', 'boolean'),
      }),
    }),
    values: {
      ...raterStatsValues('stats_', delta),
      ...dailyStatsValues('daily_', daily),
      badges_earnedAt: event.createdAt.toISOString(),
      badges_fullBreakdown: action.fullBreakdown,
      badges_improvedRating: action.improvedRating,
    },
    awardBadges: (tx: Tx, after: RaterStatsRow) => awardNewBadges(tx, after, delta, action),
  };
}

/** The same totals for a rating written on its own statement (test fixtures). */
export async function recordRatingSubmitted(tx: Tx, event: RatingSubmittedEvent): Promise<void> {
  const totals = ratingSubmittedTotals(event);
  const after = await applyRaterStatsDelta(tx, totals.delta);
  await applyDailyStatsDelta(tx, totals.daily);
  await totals.awardBadges(tx, after);
}

export type RatingEditedEvent = {
  raterUserId: string;
  before: { commentFieldCount: number; commentLength: number };
  after: { commentFieldCount: number; commentLength: number };
  ratingCreatedAt: Date;
};

/**
 * §1 "improvement": an edit that makes a rating detailed earns the detailed-feedback bonus then;
 * an edit that removes the detail takes it back, so editing back and forth earns nothing.
 */
export async function recordRatingEdited(tx: Tx, event: RatingEditedEvent): Promise<void> {
  const wasDetailed = isDetailedFeedback(event.before.commentLength);
  const isDetailed = isDetailedFeedback(event.after.commentLength);
  const detailedChange = Number(isDetailed) - Number(wasDetailed);
  await applyToRater(
    tx,
    {
      userId: event.raterUserId,
      points: detailedChange * POINTS.detailedFeedback,
      ratingsSubmitted: 0,
      detailedComments: detailedChange,
      helpfulnessSum: 0,
      helpfulnessCount: 0,
      activityAt: new Date(),
    },
    {
      fullBreakdown: event.after.commentFieldCount >= COMMENT_FIELD_COUNT,
      improvedRating: detailedChange > 0,
    },
  );
}

export type HelpfulnessChangedEvent = {
  /** The rater whose rating was judged (gets points for helpfulness received). */
  raterUserId: string;
  ratingCreatedAt: Date;
  /** Change to the sum and count of helpfulness scores on that rating (a re-vote has countDelta 0). */
  sumDelta: number;
  countDelta: number;
};

/** Helpfulness counts towards the day its rating was made, so a period shows its ratings' reception. */
export async function recordHelpfulnessChanged(tx: Tx, event: HelpfulnessChangedEvent): Promise<void> {
  if (event.sumDelta === 0 && event.countDelta === 0) return;
  await applyToRater(
    tx,
    {
      userId: event.raterUserId,
      points: pointsForHelpfulness(event.sumDelta),
      ratingsSubmitted: 0,
      detailedComments: 0,
      helpfulnessSum: event.sumDelta,
      helpfulnessCount: event.countDelta,
      activityAt: null,
    },
    { fullBreakdown: false, improvedRating: false },
  );
  await applyDailyStatsDelta(tx, {
    userId: event.raterUserId,
    day: utcDay(event.ratingCreatedAt),
    ratingsCount: 0,
    helpfulnessSum: event.sumDelta,
    helpfulnessCount: event.countDelta,
  });
}

export async function getMyStats(db: Db, userId: string): Promise<MyStatsReply> {
  const row = await findMyStats(db, userId);
  const totalPoints = row?.totalPoints ?? 0;
  const next = nextRank(totalPoints);
  return {
    ratingsSubmitted: row?.ratingsSubmitted ?? 0,
    totalPoints,
    // Derived from the points so the reply always agrees with the rank table.
    currentRank: rankForPoints(totalPoints),
    detailedCommentsCount: row?.detailedCommentsCount ?? 0,
    nextRank: next?.rank ?? null,
    pointsToNextRank: next?.pointsNeeded ?? null,
    reviewsCount: row?.helpfulnessCount ?? 0,
    averageHelpfulness: averageToOneDecimal(row?.helpfulnessSum ?? 0, row?.helpfulnessCount ?? 0),
    lastActivityDate: row?.lastActivityDate?.toISOString() ?? null,
    achievements: (row?.achievements ?? []).map((achievement) => ({
      ...achievement,
      earnedAt: new Date(achievement.earnedAt).toISOString(),
    })),
  };
}
