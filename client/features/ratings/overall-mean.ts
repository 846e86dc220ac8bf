import { RATING_CATEGORIES, type RatingCategoryKey } from '@common/constants';

export type CategoryScores = Record<RatingCategoryKey, number>;

/** docs/product.md#rating-rules: an edit's overall rating is the mean of the five categories, rounded to one decimal. */
export function overallMean(scores: CategoryScores): number {
  const total = RATING_CATEGORIES.reduce((sum, { key }) => sum + scores[key], 0);
  return Math.round((total / RATING_CATEGORIES.length) * 10) / 10;
}

/** The mean as the edit dialog prints it: always one decimal ("4.0"). */
export const formatOverall = (scores: CategoryScores) => overallMean(scores).toFixed(1);
