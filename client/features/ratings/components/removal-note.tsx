import { removedNotice } from '@client/lib/rating-removal';
import type { RatingRemoval } from '@common/schemas/rating-removal';
import { ShieldX } from 'lucide-react';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * docs/product.md#take-down: a rating a moderator took down, as its rater sees it in My Ratings: the rule's
 * sentence, and what it means. It cannot be edited while removed.
 */
export function RemovalNote({ removal }: { removal: RatingRemoval }) {
  return (
    <div className="mx-5 mt-3 flex items-start gap-2.5 rounded-lg bg-red-50 px-3 py-2.5 ring-1 ring-red-200 ring-inset">
      <ShieldX aria-hidden className="mt-0.5 size-4 shrink-0 text-red-700" />
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm font-semibold text-red-900">{removedNotice(removal.rule)}</p>
        <p className="text-xs leading-relaxed text-red-900">
          Since <time dateTime={removal.removedAt}>{day.format(new Date(removal.removedAt))}</time> it no longer counts
          and nobody else sees it, and it cannot be edited.
        </p>
      </div>
    </div>
  );
}
