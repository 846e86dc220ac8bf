import type { RatingReply } from '@common/schemas/ratings';

// A release falls at 00:00 UTC (docs/product.md#anonymity): named in UTC, so a reader west of Greenwich does not
// read Sunday for Monday's release. The weekday is in the reader's own language.
const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' });

/** The weekday an anonymous rating (or its edit) counts from ("Monday"), or null when it counts already. */
export function countsFromDay(rating: Pick<RatingReply, 'pendingRelease' | 'countsFrom'>): string | null {
  if (!rating.pendingRelease || !rating.countsFrom) return null;
  const at = new Date(rating.countsFrom);
  return Number.isNaN(at.getTime()) ? null : weekday.format(at);
}

/** Why an anonymous rating waits, in the words My Ratings and the wizard share. */
export const RELEASE_EXPLAINED =
  'Anonymous ratings are released together once a week, so nobody can tell who wrote one.';
