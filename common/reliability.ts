import {
  RELIABILITY_HIGH_FROM,
  RELIABILITY_MEDIUM_FROM,
  RELIABILITY_MIN_RATERS,
  type ReliabilityLabel,
} from './schemas/trust';

/**
 * docs/product.md#how-we-compute-your-numbers: the reliability label and its 0-100 score. The score measures the
 * range against the community's spread, and a range can be narrow for reasons other than the ratings (a stated
 * level the community's ratings bear out). One or two people are one or two views, however narrow the range:
 * below RELIABILITY_MIN_RATERS distinct raters the label is Low and the score stays within its share of Low's
 * scores (a third of them per rater), so the figure agrees with the label and grows with each new rater.
 */
export function reliabilityOf(
  rangeScore: number,
  ratings: number,
  distinctRaters: number,
): { label: ReliabilityLabel; score: number } {
  if (ratings === 0) return { label: 'none', score: 0 };
  const bounded = Math.max(0, Math.min(100, Math.round(rangeScore)));
  const score =
    distinctRaters < RELIABILITY_MIN_RATERS
      ? Math.min(bounded, Math.floor(((RELIABILITY_MEDIUM_FROM - 1) * distinctRaters) / RELIABILITY_MIN_RATERS))
      : bounded;
  const label = score >= RELIABILITY_HIGH_FROM ? 'high' : score >= RELIABILITY_MEDIUM_FROM ? 'medium' : 'low';
  return { label, score };
}
