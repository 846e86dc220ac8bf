import { Button } from '@client/components/ui/button';
import { CountedTextarea } from '@client/components/ui/counted-textarea';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { RemovalRuleSelect } from '@client/components/removal-rule-select';
import { useToast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { removedNotice, useRemoveRating, type RemovalTarget } from '@client/lib/rating-removal';
import { charactersOver } from '@common/text';
import { REMOVAL_NOTE_MAX, type RemovalRule } from '@common/removal-rules';
import { Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';

/** What an admin screen knows of the rating it offers to remove: enough for the admin to recognise it. */
export type RatingToRemove = RemovalTarget & {
  /** The rated player; a collusion ring's rating comes with the ring instead (`context`). */
  playerName?: string;
  /** Where the screen found it, when it does not know the player ("In the ring of ..."). */
  context?: string;
  /** Who wrote it, as admins see it (an e-mail). */
  rater?: string;
  overallRating?: number;
  /** A line of its text. */
  excerpt?: string | null;
};

/**
 * docs/product.md#take-down: Remove on a rating an admin sees. The rule it breaks (its label to choose, and the
 * sentence its rater will read), an optional note for other admins, then Remove rating. A failure keeps the dialog
 * open with the server's reason.
 */
export function RemoveRatingDialog({
  rating,
  onClose,
  onCloseAutoFocus,
}: {
  rating: RatingToRemove | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const remove = useRemoveRating();
  return (
    <Dialog open={rating !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {rating && <RemoveRatingForm key={rating.ratingId} rating={rating} remove={remove} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function RemoveRatingForm({
  rating,
  remove,
  onClose,
}: {
  rating: RatingToRemove;
  remove: ReturnType<typeof useRemoveRating>;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const [rule, setRule] = useState<RemovalRule | ''>('');
  const [note, setNote] = useState('');
  const [ruleError, setRuleError] = useState<string | null>(null);
  const ruleField = useRef<HTMLSelectElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!rule) {
      setRuleError('Choose the rule this rating breaks.');
      ruleField.current?.focus();
      return;
    }
    if (charactersOver(note, REMOVAL_NOTE_MAX) > 0) {
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    remove.mutate(
      { target: rating, rule, note },
      {
        onSuccess: () => {
          toast({
            title: 'Rating removed',
            description: `${ratingName(rating)} no longer counts or shows. Its rater sees it marked removed.`,
            variant: 'success',
          });
          onClose();
        },
        onError: (error) =>
          toast({
            title: 'Could not remove the rating',
            description: serverMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Remove {ratingName(rating, 'title')}</DialogTitle>
        <DialogDescription>
          A removed rating counts nowhere and nobody sees it but its rater, marked removed with the rule, and admins.
          You can restore it from Removed ratings in Flagged Content.
        </DialogDescription>
      </DialogHeader>

      <RatingDetails rating={rating} />

      <FormField label="Rule it breaks" error={ruleError}>
        <RemovalRuleSelect
          ref={ruleField}
          value={rule}
          placeholder="Choose a rule…"
          onChange={(next) => {
            setRule(next);
            setRuleError(null);
          }}
        />
      </FormField>
      <div className="rounded-xl bg-stone-50 px-4 py-3 text-sm ring-1 ring-stone-200 ring-inset" aria-live="polite">
        <p className="text-xs font-semibold text-stone-600">What the rater sees in My Ratings</p>
        <p className="mt-1 text-stone-900">{rule ? removedNotice(rule) : 'Choose a rule to see its sentence.'}</p>
      </div>

      <FormField label="Note for other admins" optional>
        <CountedTextarea
          rows={2}
          max={REMOVAL_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder="e.g. Reported by the player; the comment names their employer."
        />
      </FormField>

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={remove.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="destructive" loading={remove.isPending}>
          {!remove.isPending && <Trash2 aria-hidden className="size-4" />}
          {remove.isPending ? 'Removing...' : 'Remove rating'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "The rating of Pat Lee" (or "the rating of ..." in a title), or "Rating #12" when the player is not known. */
export function ratingName(rating: RatingToRemove, use: 'sentence' | 'title' = 'sentence'): string {
  if (rating.playerName) return `${use === 'title' ? 'the' : 'The'} rating of ${rating.playerName}`;
  return `${use === 'title' ? 'rating' : 'Rating'} #${rating.ratingId}`;
}

function RatingDetails({ rating }: { rating: RatingToRemove }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-xl bg-stone-50 px-4 py-3 text-sm">
      {rating.playerName && (
        <>
          <dt className="text-stone-600">Player</dt>
          <dd className="font-semibold wrap-anywhere text-stone-900">{rating.playerName}</dd>
        </>
      )}
      {rating.context && (
        <>
          <dt className="text-stone-600">Flag</dt>
          <dd className="wrap-anywhere text-stone-900">{rating.context}</dd>
        </>
      )}
      {rating.rater && (
        <>
          <dt className="text-stone-600">Rater</dt>
          <dd className="break-all text-stone-900">{rating.rater}</dd>
        </>
      )}
      {rating.overallRating !== undefined && (
        <>
          <dt className="text-stone-600">Overall</dt>
          <dd className="text-stone-900 tabular-nums">{rating.overallRating.toFixed(1)} stars</dd>
        </>
      )}
      {!rating.playerName && (
        <>
          <dt className="text-stone-600">Rating</dt>
          <dd className="text-stone-900 tabular-nums">#{rating.ratingId}</dd>
        </>
      )}
      {rating.excerpt && (
        <>
          <dt className="text-stone-600">Text</dt>
          <dd className="line-clamp-3 wrap-anywhere text-stone-900">“{rating.excerpt}”</dd>
        </>
      )}
    </dl>
  );
}
