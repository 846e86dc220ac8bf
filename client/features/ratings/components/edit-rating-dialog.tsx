import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { StarDisplay } from '@client/components/ui/star-display';
import { CountedTextarea } from '@client/components/ui/counted-textarea';
import { useToast } from '@client/components/ui/use-toast';
import { RATING_CATEGORIES } from '@common/constants';
import { RATING_TEXT_MAX, type RatingReply } from '@common/schemas/ratings';
import { useState, type FormEvent } from 'react';
import { useUpdateRating } from '../api/update-rating';
import { formatOverall, overallMean, overallWorking, savedOverallText, type CategoryScores } from '../overall-mean';
import { countsFromDay } from '../counts-from';
import { CategoryCommentFields } from './category-comment-fields';
import { CategoryStars } from './category-stars';
import { draftFromRating, editBody, hasTooLongText, TEXT_TOO_LONG, type RatingDraft } from '../rating-draft';

/** docs/product.md#my-ratings: Edit opens this dialog; saving closes it and refreshes the lists. */
export function EditRatingDialog({ rating, onClose }: { rating: RatingReply | null; onClose: () => void }) {
  return (
    <Dialog open={rating !== null} onOpenChange={(open) => !open && onClose()}>
      {rating && <EditRatingForm key={rating.id} rating={rating} onClose={onClose} />}
    </Dialog>
  );
}

function EditRatingForm({ rating, onClose }: { rating: RatingReply; onClose: () => void }) {
  const { toast } = useToast();
  const update = useUpdateRating();
  const [draft, setDraft] = useState<RatingDraft>(() => draftFromRating(rating));
  const scores: CategoryScores = draft.scores;
  const overall = overallMean(scores);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (hasTooLongText(draft)) {
      const tooLong = event.currentTarget.querySelector<HTMLTextAreaElement>('textarea[aria-invalid="true"]');
      // A long per-category comment sits in the folded section: open it so the marked text can be seen.
      tooLong?.closest('details')?.setAttribute('open', '');
      tooLong?.focus();
      toast({ ...TEXT_TOO_LONG, variant: 'destructive' });
      return;
    }
    // docs/product.md#rating-rules: the overall is the mean of the five categories, to one decimal.
    update.mutate(
      { id: rating.id, body: editBody({ ...draft.scores, overallRating: overall }, draft) },
      {
        onSuccess: (saved) => {
          const day = countsFromDay(saved);
          toast({
            title: 'Rating updated',
            description: day
              ? `Your rating of ${rating.playerName} is saved. Your edit counts from ${day}, released together with other anonymous ratings.`
              : `Your rating of ${rating.playerName} is saved.`,
            variant: 'success',
          });
          onClose();
        },
        onError: () =>
          toast({ title: 'Error', description: 'Failed to update rating. Please try again.', variant: 'destructive' }),
      },
    );
  };

  return (
    <DialogContent className="max-w-2xl">
      <DialogHeader>
        <DialogTitle>Edit your rating of {rating.playerName}</DialogTitle>
        <DialogDescription>Change the scores or the feedback.</DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={submit} className="grid gap-5">
        <ul className="grid gap-1.5">
          {RATING_CATEGORIES.map(({ key, label }) => (
            <li key={key} className="rounded-xl border border-stone-200 px-3 py-2">
              <CategoryStars
                label={label}
                category={key}
                compact
                value={draft.scores[key]}
                onChange={(value) => setDraft((d) => ({ ...d, scores: { ...d.scores, [key]: value } }))}
              />
            </li>
          ))}
        </ul>
        {/* docs/product.md#rating-rules: an edit makes the overall the mean of the five. Said beside the number,
            with its sum, since a rater who answered 4 stars otherwise sees 3.8 with no reason. */}
        <div className="grid gap-1.5 rounded-xl bg-amber-50 px-4 py-3 ring-1 ring-amber-200" aria-live="polite">
          <div className="flex items-center justify-between gap-3">
            <span className="text-sm font-semibold text-stone-900">Overall</span>
            <span className="flex items-center gap-2">
              <StarDisplay value={overall} />
              <span className="text-lg font-bold text-stone-900 tabular-nums">{formatOverall(scores)}</span>
            </span>
          </div>
          <p className="text-sm text-stone-700">
            Saving an edit makes the overall the average of the five categories, to one decimal:{' '}
            <span className="font-semibold whitespace-nowrap tabular-nums">{overallWorking(scores)}</span>.{' '}
            {savedOverallText(rating.overallRating)}
          </p>
        </div>
        <FormField label="Strengths and areas to improve" optional>
          <CountedTextarea
            rows={3}
            max={RATING_TEXT_MAX}
            value={draft.strengthsImprovements}
            onChange={(event) => setDraft((d) => ({ ...d, strengthsImprovements: event.target.value }))}
          />
        </FormField>
        <details className="group rounded-xl border border-stone-200 px-4 py-3">
          <summary className="cursor-pointer text-sm font-semibold text-stone-800 outline-none focus-visible:ring-2 focus-visible:ring-teal-600">
            Comments per category (optional)
          </summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <CategoryCommentFields
              comments={draft.comments}
              onComment={(key, value) => setDraft((d) => ({ ...d, comments: { ...d.comments, [key]: value } }))}
            />
          </div>
        </details>
        <DialogFormFooter submitLabel="Save Changes" pendingLabel="Saving..." pending={update.isPending} />
      </form>
    </DialogContent>
  );
}
