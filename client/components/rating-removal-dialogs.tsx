import { useReviewFocus } from '@client/components/review-dialog';
import { Button, type ButtonSize, type ButtonVariant } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { Trash2, Undo2 } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { RemoveRatingDialog, type RatingToRemove } from './remove-rating-dialog';
import { RestoreRatingDialog, type RatingToRestore } from './restore-rating-dialog';

/**
 * The take-down and restore dialogs of an admin screen (docs/product.md#take-down), opened from a button per rating.
 * Focus goes back to that button when a dialog closes, or to `fallback` (the list's heading) once it is gone.
 * Render `dialogs` outside the list, so an outcome's toast outlives the row.
 */
export function useRatingRemovalDialogs(fallback: RefObject<HTMLElement | null>) {
  const [removing, setRemoving] = useState<RatingToRemove | null>(null);
  const [restoring, setRestoring] = useState<RatingToRestore | null>(null);
  const { opener: openerRef, onCloseAutoFocus } = useReviewFocus(fallback);
  return {
    openRemove: (rating: RatingToRemove, button: HTMLElement) => {
      openerRef.current = button;
      setRemoving(rating);
    },
    openRestore: (rating: RatingToRestore, button: HTMLElement) => {
      openerRef.current = button;
      setRestoring(rating);
    },
    dialogs: (
      <>
        <RemoveRatingDialog rating={removing} onClose={() => setRemoving(null)} onCloseAutoFocus={onCloseAutoFocus} />
        <RestoreRatingDialog
          rating={restoring}
          onClose={() => setRestoring(null)}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      </>
    ),
  };
}

/**
 * Remove, or Restore on a removed rating; `subject` ends its name for screen readers ("the rating of Pat Lee").
 * `noun` says "Remove rating", where a bare "Restore" could be read as another action of the screen; `iconOnly`
 * leaves the words to screen readers and the pointer's tooltip, where many ratings stand side by side.
 */
export function RatingRemovalButton({
  removed,
  subject,
  noun = false,
  iconOnly = false,
  onClick,
  variant = 'outline',
  size = 'sm',
  className,
}: {
  removed: boolean;
  subject: string;
  noun?: boolean;
  iconOnly?: boolean;
  onClick: (button: HTMLElement) => void;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const Icon = removed ? Undo2 : Trash2;
  const action = `${removed ? 'Restore' : 'Remove'}${noun ? ' rating' : ''}`;
  if (iconOnly) {
    return (
      <Button
        variant={variant}
        size="icon"
        className={cn('size-8', className)}
        title={`${action} ${subject}`}
        onClick={(event) => onClick(event.currentTarget)}
      >
        <Icon aria-hidden className="size-4" />
        <span className="sr-only">
          {action} {subject}
        </span>
      </Button>
    );
  }
  return (
    <Button variant={variant} size={size} className={className} onClick={(event) => onClick(event.currentTarget)}>
      <Icon aria-hidden className="size-4" />
      {action}
      <span className="sr-only"> {subject}</span>
    </Button>
  );
}
