import { DETAILED_FEEDBACK_MIN_CHARS, POINTS, RANKS } from '../../../common/gamification';
import { TEXT_COLUMNS } from './generate-ratings';

/*
 * The gamification rules of common/gamification.ts as SQL over the ratings rows, for the seed's checks (verify.ts)
 * and for the raters' totals recounted after the demo world's removal.
 */

const textLength = TEXT_COLUMNS.map((column) => `coalesce(length(trim(${column})), 0)`).join(' + ');

/** Whether a rating (a row of ratings) is detailed feedback. */
export const isDetailedSql = `(${textLength}) >= ${DETAILED_FEEDBACK_MIN_CHARS}`;

/** A rater's points from their ratings, detailed ones and helpfulness stars received. */
export const pointsSql = (ratings: string, detailed: string, helpfulnessSum: string) =>
  `${POINTS.ratingSubmitted} * ${ratings} + ${POINTS.detailedFeedback} * ${detailed} + ${POINTS.helpfulnessPerStar} * ${helpfulnessSum}`;

/** The rank of a number of points. */
export const rankSql = (points: string) =>
  `case ${[...RANKS]
    .reverse()
    .map((rank) => `when ${points} >= ${rank.minPoints} then '${rank.name}'`)
    .join(' ')} end`;
