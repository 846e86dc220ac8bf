import { isLoaded, QueryStatus } from '@client/components/query-status';
import { useReviewFocus } from '@client/components/review-dialog';
import { RatingRemovalButton, useRatingRemovalDialogs } from '@client/components/rating-removal-dialogs';
import type { RatingToRemove } from '@client/components/remove-rating-dialog';
import { restoreTargetOf } from '@client/components/restore-rating-dialog';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { adminLabel } from '@client/lib/admin-label';
import { cn } from '@client/lib/cn';
import { useRemovedRatings } from '@client/lib/rating-removal';
import type { RemovedRating } from '@common/schemas/rating-removal';
import type { FlaggedComment } from '@common/schemas/moderation';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Eye, EyeOff, Flag, Hourglass, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { flaggedCommentsQuery } from '../api/get-flagged-comments';
import { fieldLabel, pendingFlags, reasonLabel, reasonTone, resolutionLabel, resolvedPreview } from '../flag-display';
import { FlagDate } from './flag-date';
import { RemovedRatingsSection } from './removed-ratings-section';
import { ReviewFlagDialog } from './review-flag-dialog';

/**
 * Flagged Content (docs/product.md#admin-screens): counters, the pending flags with Review, the latest resolved ones, and the
 * ratings taken down (docs/product.md#take-down); every flagged rating can be removed, or restored once removed.
 */
export default function FlaggedContentTab() {
  const flags = useQuery(flaggedCommentsQuery);
  const [reviewing, setReviewing] = useState<FlaggedComment | null>(null);
  const pendingHeading = useRef<HTMLHeadingElement>(null);
  const { opener, onCloseAutoFocus } = useReviewFocus(pendingHeading);
  const removedHeading = useRef<HTMLHeadingElement>(null);
  const removal = useRatingRemovalDialogs(removedHeading);
  const removedRatings = useRemovedRatings();
  /** Remove on a flagged rating, or Restore once it is removed. */
  const removalOf = (flag: FlaggedComment) => ({
    removed: removedRatings.get(flag.ratingId),
    onClick: (button: HTMLElement) => {
      const removed = removedRatings.get(flag.ratingId);
      if (removed) removal.openRestore(restoreTargetOf(removed), button);
      else removal.openRemove(ratingOfFlag(flag), button);
    },
  });

  if (!isLoaded(flags)) {
    return <QueryStatus query={flags} loading="Loading flagged content..." failed="Error loading flagged content" />;
  }

  const { flaggedComments, counts } = flags.data;
  const pending = pendingFlags(flaggedComments);
  const resolved = resolvedPreview(flaggedComments, counts.resolved);

  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        <Counter
          icon={Hourglass}
          label="Pending Review"
          value={counts.pending}
          className="bg-amber-50 ring-amber-200"
        />
        <Counter
          icon={CircleCheck}
          label="Resolved"
          value={counts.resolved}
          className="bg-emerald-50 ring-emerald-200"
        />
        <Counter icon={Flag} label="Total Flags" value={counts.total} className="bg-white ring-stone-200" />
      </dl>

      <section aria-labelledby="flags-pending" className="grid gap-3">
        <h2
          id="flags-pending"
          ref={pendingHeading}
          tabIndex={-1}
          className="text-lg font-bold text-stone-900 outline-none"
        >
          Pending review
        </h2>
        {pending.length === 0 ? (
          <EmptyState
            icon={ShieldCheck}
            headingLevel={3}
            title="All Clear!"
            description="No offensive content pending review."
          />
        ) : (
          <ul className="grid gap-3">
            {pending.map((flag) => (
              <li key={flag.id}>
                <PendingFlag
                  flag={flag}
                  removal={removalOf(flag)}
                  onReview={(button) => {
                    opener.current = button;
                    setReviewing(flag);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="flags-resolved" className="grid gap-3">
        <h2 id="flags-resolved" className="text-lg font-bold text-stone-900">
          Resolved
        </h2>
        {resolved.shown.length === 0 ? (
          <p className="rounded-xl border border-dashed border-stone-300 px-4 py-6 text-center text-sm text-stone-600">
            No resolved flags yet.
          </p>
        ) : (
          <Card className="overflow-hidden">
            <ul className="divide-y divide-stone-100">
              {resolved.shown.map((flag) => (
                <li key={flag.id}>
                  <ResolvedFlag flag={flag} removal={removalOf(flag)} />
                </li>
              ))}
            </ul>
            {resolved.more > 0 && (
              <p className="border-t border-stone-100 bg-stone-50 px-4 py-3 text-sm text-stone-600 sm:px-5">
                ... and {resolved.more.toLocaleString('en-US')} more resolved flag{resolved.more === 1 ? '' : 's'}
              </p>
            )}
          </Card>
        )}
      </section>

      <RemovedRatingsSection headingRef={removedHeading} onRestore={removal.openRestore} />

      <ReviewFlagDialog flag={reviewing} onClose={() => setReviewing(null)} onCloseAutoFocus={onCloseAutoFocus} />
      {removal.dialogs}
    </div>
  );
}

function Counter({
  icon: Icon,
  label,
  value,
  className,
}: {
  icon: LucideIcon;
  label: string;
  value: number;
  className: string;
}) {
  return (
    <div
      className={cn('grid content-between gap-1 rounded-2xl px-3 py-3 ring-1 ring-inset sm:px-5 sm:py-4', className)}
    >
      <dt className="flex items-start gap-1.5 text-xs leading-tight font-semibold text-stone-700 sm:text-sm">
        <Icon aria-hidden className="mt-px hidden size-4 shrink-0 text-stone-500 sm:block" />
        {label}
      </dt>
      <dd className="text-2xl font-extrabold text-stone-900 tabular-nums sm:text-3xl">
        {value.toLocaleString('en-US')}
      </dd>
    </div>
  );
}

function ReasonBadge({ reason }: { reason: string }) {
  return (
    <Badge tone={reasonTone(reason)}>
      <span className="sr-only">Reason: </span>
      {reasonLabel(reason)}
    </Badge>
  );
}

/** The rating a flag is on, as the remove dialog shows it. */
const ratingOfFlag = (flag: FlaggedComment): RatingToRemove => ({
  ratingId: flag.ratingId,
  playerId: flag.playerId,
  playerName: flag.playerName,
  rater: flag.raterEmail,
  excerpt: flag.flaggedText,
});

/** A flagged rating's take-down state: removed now (then Restore) or not (Remove). */
type FlagRemoval = { removed: RemovedRating | undefined; onClick: (button: HTMLElement) => void };

function RemovedBadge() {
  return <Badge tone="solidDanger">Rating removed</Badge>;
}

function PendingFlag({
  flag,
  removal,
  onReview,
}: {
  flag: FlaggedComment;
  removal: FlagRemoval;
  onReview: (button: HTMLElement) => void;
}) {
  return (
    <Card className="grid gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <ReasonBadge reason={flag.flagReason} />
          {removal.removed && <RemovedBadge />}
          <span className="text-xs text-stone-600">
            Flagged <FlagDate value={flag.createdAt} />
          </span>
        </div>
      </div>
      <div className="min-w-0">
        <h3 className="font-semibold wrap-anywhere text-stone-900">{flag.playerName}</h3>
        <p className="truncate text-sm text-stone-600" title={flag.raterEmail}>
          Rated by {flag.raterEmail}
        </p>
      </div>
      <figure className="rounded-xl border-l-4 border-red-300 bg-stone-50 px-4 py-3">
        <figcaption className="text-xs font-semibold text-stone-600">{fieldLabel(flag.field)}</figcaption>
        <blockquote className="mt-1 text-sm leading-relaxed wrap-anywhere whitespace-pre-line text-stone-800">
          {flag.flaggedText}
        </blockquote>
      </figure>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <RatingRemovalButton
          removed={removal.removed !== undefined}
          subject={`of ${flag.playerName}`}
          noun
          onClick={removal.onClick}
          variant="ghost"
          size="md"
          className="w-full sm:w-auto"
        />
        <Button variant="outline" onClick={(event) => onReview(event.currentTarget)} className="w-full sm:w-auto">
          Review
          <span className="sr-only"> the flag on the rating of {flag.playerName}</span>
        </Button>
      </div>
    </Card>
  );
}

function ResolvedFlag({ flag, removal }: { flag: FlaggedComment; removal: FlagRemoval }) {
  return (
    <div className="grid gap-1.5 px-4 py-3 sm:px-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="font-semibold wrap-anywhere text-stone-900">{flag.playerName}</h3>
        <ReasonBadge reason={flag.flagReason} />
        {resolutionLabel(flag.resolution) && (
          <Badge tone={flag.resolution === 'kept_hidden' ? 'accent' : 'success'}>
            {flag.resolution === 'kept_hidden' ? (
              <EyeOff aria-hidden className="size-3.5" />
            ) : (
              <Eye aria-hidden className="size-3.5" />
            )}
            {resolutionLabel(flag.resolution)}
          </Badge>
        )}
        {removal.removed && <RemovedBadge />}
        <span className="text-xs text-stone-600 sm:ml-auto">
          Resolved {flag.resolvedAt ? <FlagDate value={flag.resolvedAt} /> : 'Unknown'}
          {flag.resolvedByLabel && <> by {adminLabel(flag.resolvedByLabel)}</>}
        </span>
      </div>
      <div className="flex items-center justify-between gap-3">
        <p className="line-clamp-1 min-w-0 text-sm break-all text-stone-500 sm:break-normal">“{flag.flaggedText}”</p>
        <RatingRemovalButton
          removed={removal.removed !== undefined}
          subject={`of ${flag.playerName}`}
          noun
          onClick={removal.onClick}
          variant="ghost"
        />
      </div>
      {flag.resolutionNotes && (
        <p className="text-sm text-stone-700">
          <span className="font-semibold">Notes:</span> {flag.resolutionNotes}
        </p>
      )}
    </div>
  );
}
