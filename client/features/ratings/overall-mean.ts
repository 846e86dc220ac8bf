import { RATING_CATEGORIES, type RatingCategoryKey } from '@common/constants';
import { overallFromCategories } from '@common/rating-rules';

export type CategoryScores = Record<RatingCategoryKey, number>;

/** docs/product.md#rating-rules: an edit's overall rating is the mean of the five categories, as the server stores it. */
export const overallMean = (scores: CategoryScores): number => overallFromCategories(scores);

/** The mean as the edit dialog prints it: always one decimal ("4.0"). */
export const formatOverall = (scores: CategoryScores) => overallMean(scores).toFixed(1);

/** The sum behind the mean, as the edit dialog shows it: "(4 + 4 + 4 + 4 + 3) ÷ 5 = 3.8". */
export const overallWorking = (scores: CategoryScores) =>
  `(${RATING_CATEGORIES.map(({ key }) => scores[key]).join(' + ')}) ÷ ${RATING_CATEGORIES.length} = ${formatOverall(scores)}`;

/**
 * What the overall was before this edit, in words: a submitted rating's overall is the rater's own whole-star
 * answer, an edited one's already a mean.
 */
export const savedOverallText = (overall: number) =>
  Number.isInteger(overall)
    ? `You gave ${overall} star${overall === 1 ? '' : 's'} overall.`
    : `It is ${overall.toFixed(1)} now.`;
