import type { DecisionOutcome, DecisionSource } from '@common/community';

/* A decision in the words of the Reports screen (docs/product.md#reports-and-decisions). */

export const OUTCOME_LABELS: Record<DecisionOutcome, string> = {
  keep: 'Kept',
  'hide-comment': 'Comments hidden',
  remove: 'Removed',
  confirm: 'Flag confirmed',
  dismiss: 'Flag dismissed',
};

export const SOURCE_LABELS: Record<DecisionSource, string> = {
  report: 'on reports',
  moderator: 'by a moderator',
  'automatic-hold': 'on an automatic hold',
  collusion: 'on a collusion flag',
  burst: 'on a burst flag',
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** Leniency in stars above the average rater, signed, with its 90% interval. */
export function leniencyText(trust: { leniency: number; leniencyLow: number; leniencyHigh: number }): string {
  const signed = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value).toFixed(2)}`;
  return `${signed(trust.leniency)} stars (90%: ${signed(trust.leniencyLow)} to ${signed(trust.leniencyHigh)})`;
}
