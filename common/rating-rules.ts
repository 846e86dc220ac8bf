import { textLength } from './code-points';
import { RATING_SCORE_FIELDS, type RatingScoreField } from './schemas/ratings';

export { textLength };

/*
 * The rules both sides compute of one rating, written once (docs/product.md#rating-rules): the client shows what the
 * server counts, and the server's figures (and the recount that checks them) use the same functions.
 */

/** An edit's overall rating: the mean of the five categories, rounded to one decimal. */
export function overallFromCategories(scores: Record<RatingScoreField, number>): number {
  const sum = RATING_SCORE_FIELDS.reduce((total, field) => total + scores[field], 0);
  return Math.round((sum / RATING_SCORE_FIELDS.length) * 10) / 10;
}

/** The written feedback's length for the detailed-feedback bonus: every text, trimmed, in code points. */
export function commentLength(texts: Iterable<string | null | undefined>): number {
  let total = 0;
  for (const text of texts) if (text) total += textLength(text.trim());
  return total;
}

/** How many of the texts say something (the Full Breakdown badge asks for all six). */
export function filledTextCount(texts: Iterable<string | null | undefined>): number {
  let count = 0;
  for (const text of texts) if (text?.trim()) count++;
  return count;
}

export type StarBucket = 1 | 2 | 3 | 4 | 5;

/**
 * The star bucket (1-5) of an overall rating in a player's distribution; an edited overall can be fractional and a
 * half rounds up (as Math.round does; PostgreSQL's round() of a double would round it to even).
 */
export function starBucket(overall: number): StarBucket {
  return Math.min(5, Math.max(1, Math.floor(overall + 0.5))) as StarBucket;
}
