import { RATING_CATEGORIES, type RatingCategoryKey } from '@common/constants';
import { averageToOneDecimal } from '@common/gamification';

type Scored = Record<RatingCategoryKey, number> & { overallRating: number };

export type ReceivedSummary = {
  count: number;
  overall: number;
  categories: { key: RatingCategoryKey; label: string; average: number }[];
};

/** Averages (one decimal) of the ratings a player received, overall and per category; null for none. */
export function summarizeReceived(ratings: readonly Scored[]): ReceivedSummary | null {
  if (ratings.length === 0) return null;
  const average = (pick: (rating: Scored) => number) =>
    averageToOneDecimal(
      ratings.reduce((sum, rating) => sum + pick(rating), 0),
      ratings.length,
    );
  return {
    count: ratings.length,
    overall: average((rating) => rating.overallRating),
    categories: RATING_CATEGORIES.map(({ key, label }) => ({ key, label, average: average((rating) => rating[key]) })),
  };
}
