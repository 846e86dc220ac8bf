/*
 * When an anonymous rating counts (docs/product.md#anonymity): it reaches everything others can see only at a
 * release, all of a period's together, and only when at least ANONYMITY_CROWD different raters are in it.
 */

/** The fewest different raters a release may show anonymous ratings of: each hides among at least this many. */
export const ANONYMITY_CROWD = 3;

/** How often anonymous ratings are released: weekly by default, daily for a busy site. */
export const ANONYMITY_CADENCES = ['weekly', 'daily'] as const;
export type AnonymityCadence = (typeof ANONYMITY_CADENCES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** 00:00 UTC of the date's day. */
function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** Monday 00:00 UTC of the date's week. */
export function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

/** The start of the release period the moment falls in: what a release at that moment dates its ratings to. */
export function releasePeriodStart(at: Date, cadence: AnonymityCadence): Date {
  return cadence === 'daily' ? startOfDay(at) : startOfWeek(at);
}

/** The next scheduled release after the moment: the start of the next period. */
export function nextReleaseAt(at: Date, cadence: AnonymityCadence): Date {
  const start = releasePeriodStart(at, cadence);
  return new Date(start.getTime() + (cadence === 'daily' ? DAY_MS : 7 * DAY_MS));
}
