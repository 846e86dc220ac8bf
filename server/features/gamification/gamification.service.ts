import type { Db, Tx } from '../../db/client';
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
import {
  applyDailyStatsDelta,
  applyRaterStatsDelta,
  findMyStats,
  insertAchievements,
  type RaterStatsDelta,
  type RaterStatsRow,
} from './gamification.repo';

/*
 * The interface ratings and helpfulness call INSIDE their transactions, so rater_stats,
 * rater_daily_stats and achievements never disagree with the ratings (docs/product.md#gamification-rules).
 */

/** The UTC calendar day a rating counts towards in the period leaderboards (docs/product.md#leaderboard-rules). */
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

/** What gamification counts of a new rating. */
export type RatingSubmittedEvent = {
  /** Number of non-empty text fields (strengthsImprovements + category comments) in the rating. */
  commentFieldCount: number;
  /** Total characters of those text fields. */
  commentLength: number;
  createdAt: Date;
};

/**
 * What a new rating earns its rater, as values for the rating's own statement (ratings/submit-rating.repo.ts),
 * which adds them to the rater's totals and day and awards the badges the totals after it hold.
 */
export function ratingCredit(event: RatingSubmittedEvent) {
  return {
    points: pointsForRating(event.commentLength),
    detailedComments: isDetailedFeedback(event.commentLength) ? 1 : 0,
    fullBreakdown: event.commentFieldCount >= COMMENT_FIELD_COUNT,
    day: utcDay(event.createdAt),
  };
}

/**
 * An anonymous rating at its release (docs/product.md#anonymity): what its submit would have given a named one
 * (ratings/submit-rating.repo.ts), counted on the release's day, so a rater's figures move only with a crowd's.
 */
export async function recordRatingReleased(
  tx: Tx,
  event: { raterUserId: string; credit: ReturnType<typeof ratingCredit>; releasedAt: Date },
): Promise<void> {
  const { raterUserId, credit, releasedAt } = event;
  await applyToRater(
    tx,
    {
      userId: raterUserId,
      points: credit.points,
      ratingsSubmitted: 1,
      detailedComments: credit.detailedComments,
      helpfulnessSum: 0,
      helpfulnessCount: 0,
      activityAt: releasedAt,
    },
    { fullBreakdown: credit.fullBreakdown, improvedRating: false },
  );
  await applyDailyStatsDelta(tx, {
    userId: raterUserId,
    day: utcDay(releasedAt),
    ratingsCount: 1,
    helpfulnessSum: 0,
    helpfulnessCount: 0,
  });
}

export type RatingEditedEvent = {
  raterUserId: string;
  before: { commentFieldCount: number; commentLength: number };
  after: { commentFieldCount: number; commentLength: number };
  ratingCreatedAt: Date;
};

/**
 * docs/product.md#gamification-rules, "improvement": an edit that makes a rating detailed earns the detailed-feedback bonus then;
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
