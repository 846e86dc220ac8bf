import { isLoaded, QueryStatus } from '@client/components/query-status';
import { RatingRemovalButton } from '@client/components/rating-removal-dialogs';
import { restoreTargetOf, type RatingToRestore } from '@client/components/restore-rating-dialog';
import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';
import { adminLabel } from '@client/lib/admin-label';
import { removedRatingsQuery } from '@client/lib/rating-removal';
import { REMOVAL_RULE_LABELS } from '@common/removal-rules';
import type { RemovedRating } from '@common/schemas/rating-removal';
import { useQuery } from '@tanstack/react-query';
import { EyeOff, Star } from 'lucide-react';
import type { RefObject } from 'react';
import { FlagDate } from './flag-date';

/**
 * docs/product.md#take-down: the ratings taken down now, latest first, each with its rule, note, admin and time,
 * and Restore.
 */
export function RemovedRatingsSection({
  headingRef,
  onRestore,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  onRestore: (rating: RatingToRestore, button: HTMLElement) => void;
}) {
  const removed = useQuery(removedRatingsQuery);
  return (
    <section aria-labelledby="removed-ratings" className="grid gap-3">
      <h2
        id="removed-ratings"
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-bold text-stone-900 outline-none"
      >
        Removed ratings
        {removed.data && removed.data.length > 0 && (
          <Badge tone="neutral" className="tabular-nums">
            {removed.data.length.toLocaleString('en-US')}
          </Badge>
        )}
      </h2>
      {!isLoaded(removed) ? (
        <QueryStatus query={removed} loading="Loading removed ratings..." failed="Error loading removed ratings" />
      ) : removed.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 px-4 py-6 text-center text-sm text-stone-600">
          No removed ratings. A rating taken down under a rule shows here until it is restored.
        </p>
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-stone-100" aria-label="Removed ratings">
            {removed.data.map((rating) => (
              <li key={rating.ratingId}>
                <RemovedEntry rating={rating} onRestore={onRestore} />
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

function RemovedEntry({
  rating,
  onRestore,
}: {
  rating: RemovedRating;
  onRestore: (rating: RatingToRestore, button: HTMLElement) => void;
}) {
  return (
    <div className="grid gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start sm:gap-4 sm:px-5">
      <div className="grid min-w-0 gap-1.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="font-semibold wrap-anywhere text-stone-900">{rating.playerName}</h3>
          <Badge tone="danger">
            <span className="sr-only">Rule: </span>
            {REMOVAL_RULE_LABELS[rating.rule]}
          </Badge>
          {rating.isAnonymous && (
            <Badge tone="neutral">
              <EyeOff aria-hidden className="size-3.5" />
              Anonymous
            </Badge>
          )}
        </div>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-stone-600">
          <span className="min-w-0 break-all">Rated by {rating.raterEmail}</span>
          <span className="inline-flex items-center gap-1 whitespace-nowrap tabular-nums">
            <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-500" />
            {rating.overallRating.toFixed(1)}
            <span className="sr-only"> stars overall</span>
          </span>
        </p>
        {rating.strengthsImprovements && (
          <p className="line-clamp-2 text-sm wrap-anywhere text-stone-500">“{rating.strengthsImprovements}”</p>
        )}
        <p className="text-xs text-stone-600">
          Removed <FlagDate value={rating.removedAt} /> by {adminLabel(rating.removedBy)}
        </p>
        {rating.note && (
          <p className="text-sm wrap-anywhere text-stone-700">
            <span className="font-semibold">Note:</span> {rating.note}
          </p>
        )}
      </div>
      <RatingRemovalButton
        removed
        subject={`the rating of ${rating.playerName} by ${rating.raterEmail}`}
        onClick={(button) => onRestore(restoreTargetOf(rating), button)}
        className="w-full sm:w-auto"
      />
    </div>
  );
}
