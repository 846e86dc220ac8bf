import { ReviewDialog, type ReviewChoice } from '@client/components/review-dialog';
import { useToast } from '@client/components/ui/use-toast';
import { adminLabel } from '@client/lib/admin-label';
import { serverMessage } from '@client/lib/api-client';
import { useRestoreRating } from '@client/lib/rating-removal';
import { REMOVAL_NOTE_MAX, REMOVAL_RULE_LABELS } from '@common/removal-rules';
import type { RatingRemoval, RemovedRating } from '@common/schemas/rating-removal';
import { Undo2 } from 'lucide-react';
import { ratingName, type RatingToRemove } from './remove-rating-dialog';

/** A removed rating as the admin screens offer to restore it: the take-down's rule and time, and its note and admin when known. */
export type RatingToRestore = RatingToRemove & {
  removal: RatingRemoval & { note?: string | null; removedBy?: string };
};

/** An entry of the admins' Removed ratings list as the dialog shows it. */
export const restoreTargetOf = (removed: RemovedRating): RatingToRestore => ({
  ratingId: removed.ratingId,
  playerId: removed.playerId,
  playerName: removed.playerName,
  rater: removed.raterEmail,
  overallRating: removed.overallRating,
  excerpt: removed.strengthsImprovements,
  removal: { rule: removed.rule, removedAt: removed.removedAt, note: removed.note, removedBy: removed.removedBy },
});

const CHOICES: ReviewChoice<'restore'>[] = [
  { action: 'restore', label: 'Restore rating', busyLabel: 'Restoring...', icon: Undo2 },
];

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * docs/product.md#take-down: Restore on a removed rating. It counts and shows again as it was; an optional note
 * goes into the record. A failure keeps the dialog open with the server's reason.
 */
export function RestoreRatingDialog({
  rating,
  onClose,
  onCloseAutoFocus,
}: {
  rating: RatingToRestore | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { toast } = useToast();
  const restore = useRestoreRating();
  const onDecide = (item: RatingToRestore, _action: 'restore', note: string) =>
    restore.mutate(
      { target: item, note },
      {
        onSuccess: () => {
          toast({
            title: 'Rating restored',
            description: `${ratingName(item)} counts and shows again.`,
            variant: 'success',
          });
          onClose();
        },
        onError: (error) =>
          toast({
            title: 'Could not restore the rating',
            description: serverMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <ReviewDialog
      item={rating && { ...rating, id: rating.ratingId }}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      title={(item) => `Restore ${ratingName(item, 'title')}`}
      description="It counts and shows again as it was before it was removed, and its rater no longer sees it marked removed."
      notes={{
        label: 'Note for other admins',
        max: REMOVAL_NOTE_MAX,
        placeholder: 'e.g. The rater explained; it is about play.',
      }}
      choices={CHOICES}
      pendingAction={restore.isPending ? 'restore' : null}
      onDecide={onDecide}
    >
      {(item) => (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-xl bg-stone-50 px-4 py-3 text-sm">
          {item.playerName && (
            <>
              <dt className="text-stone-600">Player</dt>
              <dd className="font-semibold wrap-anywhere text-stone-900">{item.playerName}</dd>
            </>
          )}
          {item.rater && (
            <>
              <dt className="text-stone-600">Rater</dt>
              <dd className="break-all text-stone-900">{item.rater}</dd>
            </>
          )}
          <dt className="text-stone-600">Rule</dt>
          <dd className="text-stone-900">{REMOVAL_RULE_LABELS[item.removal.rule]}</dd>
          <dt className="text-stone-600">Removed</dt>
          <dd className="text-stone-900">
            <time dateTime={item.removal.removedAt}>{dateTime.format(new Date(item.removal.removedAt))}</time>
            {item.removal.removedBy && <> by {adminLabel(item.removal.removedBy)}</>}
          </dd>
          {item.removal.note && (
            <>
              <dt className="text-stone-600">Note</dt>
              <dd className="wrap-anywhere text-stone-900">{item.removal.note}</dd>
            </>
          )}
        </dl>
      )}
    </ReviewDialog>
  );
}
