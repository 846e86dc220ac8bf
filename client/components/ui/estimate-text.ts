import type { Estimate, ReliabilityLabel } from '@common/schemas/trust';

/** One decimal, the way every estimate is shown (3.75 → "3.8"; 4 → "4.0"). */
export const oneDecimal = (value: number): string => (Math.round(value * 10) / 10).toFixed(1);

/** "3.4–4.2": an estimate's 90% range. */
export const rangeText = (estimate: Pick<Estimate, 'low' | 'high'>): string =>
  `${oneDecimal(estimate.low)}–${oneDecimal(estimate.high)}`;

/** The words for each reliability label, short (a badge) and in a sentence. */
export const RELIABILITY_TEXT: Record<ReliabilityLabel, { short: string; long: string }> = {
  none: { short: 'no ratings yet', long: 'No ratings yet' },
  low: { short: 'low', long: 'Low reliability' },
  medium: { short: 'medium', long: 'Medium reliability' },
  high: { short: 'high', long: 'High reliability' },
};

/** Where a value sits on the 1-5 star scale, in percent of its width (clamped). */
export function scalePercent(value: number): number {
  const percent = ((value - 1) / 4) * 100;
  return Math.min(100, Math.max(0, percent));
}

/** What a screen reader hears for an estimate bar: the number, the range and the scale. */
export function estimateAlt(estimate: Estimate): string {
  return `${oneDecimal(estimate.mean)} out of 5, 90% range ${oneDecimal(estimate.low)} to ${oneDecimal(estimate.high)}`;
}

/** "12 ratings" / "1 rating". */
export const ratingsCount = (n: number): string => `${n.toLocaleString('en-US')} rating${n === 1 ? '' : 's'}`;
