import { oneDecimal, ratingsCount } from '@client/components/ui/estimate-text';
import { OVERALL_LABEL, RATING_CATEGORIES } from '@common/constants';
import type { Estimate, Skill } from '@common/schemas/trust';

export type SkillRow = { key: string; label: string; estimate: Estimate; sentence: string };

/**
 * The rows of the estimate view: the five categories, then "would play again", each with one sentence in
 * plain words. A player nobody rated sees the community's numbers, said as such (docs/product.md#how-we-compute-your-numbers).
 * `whose` names the player in the sentences: "your" on Ratings About Me, "Jordan’s" on a player's page.
 */
export function skillRows(skill: Skill, whose = 'your'): SkillRow[] {
  const unrated = skill.reliability.label === 'none';
  const rows = [
    ...RATING_CATEGORIES.map(({ key, label }) => ({ key, label, estimate: skill.categories[key] })),
    { key: 'overall', label: OVERALL_LABEL, estimate: skill.overall },
  ];
  return rows.map((row) => ({ ...row, sentence: unrated ? unratedSentence(row) : ratedSentence(row, whose) }));
}

function subject(key: string, label: string, whose: string): string {
  return key === 'overall' ? `${whose} “would play again” score` : `${whose} ${label}`;
}

function ratedSentence(
  { key, label, estimate }: { key: string; label: string; estimate: Estimate },
  whose: string,
): string {
  return `We are 90% sure ${subject(key, label, whose)} is between ${oneDecimal(estimate.low)} and ${oneDecimal(estimate.high)}.`;
}

function unratedSentence({ key, label, estimate }: { key: string; label: string; estimate: Estimate }): string {
  const what = key === 'overall' ? '“Would play again”' : label;
  return `${what} shows the community average, ${oneDecimal(estimate.mean)}: 9 in 10 players are between ${oneDecimal(estimate.low)} and ${oneDecimal(estimate.high)}.`;
}

/** "12 ratings, 5 in the last 12 months". */
export function ratingsSummary(reliability: Skill['reliability']): string {
  return `${ratingsCount(reliability.ratings)}, ${reliability.ratingsLast12Months.toLocaleString('en-US')} in the last 12 months`;
}

/** A rating's share in the estimate, discreetly: null when the server sent none. */
export function weightText(weight: number | null | undefined): string | null {
  if (weight === null || weight === undefined) return null;
  if (weight <= 0) return 'does not count toward your estimate';
  if (weight < 0.005) return 'counts less than 1% toward your estimate';
  return `counts ${Math.round(weight * 100)}% toward your estimate`;
}

// The server rounds an anonymous rating's date to the start of its week (UTC), so it is shown in UTC too:
// in a local time zone west of Greenwich that instant would fall on the day before.
const weekDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "week of Nov 23, 2026": the date of an anonymous rating, which arrives rounded to its week. */
export const weekOf = (iso: string): string => `week of ${weekDate.format(new Date(iso))}`;
