import type { BadgeTone } from '@client/components/ui/badge';
import { RATING_CATEGORIES } from '@common/constants';
import type { FlaggedComment, FlagResolution } from '@common/schemas/moderation';

/** docs/product.md#admin-screens: the resolved list shows this many flags, then "... and N more resolved flags". */
export const RESOLVED_SHOWN = 5;

/** docs/product.md#admin-screens reason badge colours: racial or slur = red; religious or sexual = orange; contextual = yellow; other = grey. */
export function reasonTone(reason: string): BadgeTone {
  const text = reason.toLowerCase();
  if (text.includes('racial') || text.includes('slur')) return 'danger';
  if (text.includes('religious') || text.includes('sexual')) return 'orange';
  if (text.includes('contextual')) return 'warning';
  return 'neutral';
}

export const reasonLabel = (reason: string) =>
  reason === 'decision' ? 'Hidden by a decision' : reason ? reason[0].toUpperCase() + reason.slice(1) : 'Other';

/** Which text of the rating was flagged, in the words of the rating form. */
export function fieldLabel(field: string): string {
  if (field === 'strengthsImprovements') return 'Strengths & improvements';
  const category = RATING_CATEGORIES.find((item) => `${item.key}Comments` === field);
  return category ? `${category.label} comment` : field;
}

/** The pending flags, newest first as the server sends them. */
export const pendingFlags = (flags: FlaggedComment[]) => flags.filter((flag) => !flag.isResolved);

/**
 * docs/product.md#admin-screens resolved list: the most recently resolved first, only the first five, and how many more there are
 * (from the counter, which also covers flags beyond the list the server sends).
 */
export function resolvedPreview(flags: FlaggedComment[], resolvedCount: number) {
  const resolved = flags
    .filter((flag) => flag.isResolved)
    .sort((a, b) => (b.resolvedAt ?? '').localeCompare(a.resolvedAt ?? ''));
  const shown = resolved.slice(0, RESOLVED_SHOWN);
  return { shown, more: Math.max(0, Math.max(resolvedCount, resolved.length) - shown.length) };
}

/** docs/product.md#moderation-rules: what the admin chose on resolving; null for a flag the system closed (the rater replaced the text). */
export function resolutionLabel(resolution: FlagResolution | null): string | null {
  if (resolution === 'restored') return 'Restored';
  if (resolution === 'kept_hidden') return 'Kept hidden';
  return null;
}
