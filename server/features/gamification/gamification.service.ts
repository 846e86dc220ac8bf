import type { Tx } from '../../db/client';

/*
 * The interface ratings and helpfulness call INSIDE their transactions, so rater_stats,
 * rater_daily_stats and achievements never disagree with the ratings (issue 3).
 * Owned by the gamification feature; bodies are filled in there.
 */

export type RatingSubmittedEvent = {
  raterUserId: string;
  /** Number of non-empty text fields (strengthsImprovements + category comments) in the rating. */
  commentFieldCount: number;
  /** Total characters of those text fields. */
  commentLength: number;
  overallRating: number;
  createdAt: Date;
};

export async function recordRatingSubmitted(_tx: Tx, _event: RatingSubmittedEvent): Promise<void> {
  // filled in by the gamification feature
}

export type RatingEditedEvent = {
  raterUserId: string;
  before: { commentFieldCount: number; commentLength: number };
  after: { commentFieldCount: number; commentLength: number };
  ratingCreatedAt: Date;
};

export async function recordRatingEdited(_tx: Tx, _event: RatingEditedEvent): Promise<void> {
  // filled in by the gamification feature
}

export type HelpfulnessChangedEvent = {
  /** The rater whose rating was judged (gets points for helpfulness received). */
  raterUserId: string;
  ratingCreatedAt: Date;
  /** Change to the sum and count of helpfulness scores on that rating (a re-vote has countDelta 0). */
  sumDelta: number;
  countDelta: number;
};

export async function recordHelpfulnessChanged(_tx: Tx, _event: HelpfulnessChangedEvent): Promise<void> {
  // filled in by the gamification feature
}
