import { RATING_SCORE_FIELDS, type RatingScoreField } from './schemas/ratings';

/** The same value for each of the five rating categories (docs/product.md#rating-categories), keyed by field name. */
export function inEveryCategory<Value>(value: Value): Record<RatingScoreField, Value> {
  return Object.fromEntries(RATING_SCORE_FIELDS.map((field) => [field, value])) as Record<RatingScoreField, Value>;
}
