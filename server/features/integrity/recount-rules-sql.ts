import { DETAILED_FEEDBACK_MIN_CHARS, POINTS, RANKS } from '../../../common/gamification';
import { RATING_TEXT_FIELDS } from '../../../common/schemas/ratings';
import { ratings } from '../../db/schema/index';

const TEXT_COLUMNS = RATING_TEXT_FIELDS.map((field) => ratings[field].name);

/*
 * The rules of common/ as SQL over whole tables of rows, for the recount (recount.repo.ts) and for the raters'
 * totals recounted after the demo world's removal (db/seed/remove-demo-world.ts). A text's length is trimmed code
 * points (length()), as common/rating-rules.ts commentLength counts it.
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

/**
 * Each rating's votes (as `v.s`, `v.c`) as its rater's figures count them: the released scores, a vote on an
 * anonymous rating only from the release after it (docs/product.md#anonymity). Joined to `ratings r`.
 */
export const releasedVotesSql = `left join (
    select rating_id, sum(released_score) as s, count(released_score) as c from rating_helpfulness group by rating_id
  ) v on v.rating_id = r.id`;
