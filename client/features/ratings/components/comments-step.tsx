import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { CountedTextarea } from '@client/components/ui/counted-textarea';
import { DETAILED_FEEDBACK_MIN_CHARS, POINTS } from '@common/gamification';
import type { RatingCategoryKey } from '@common/constants';
import { RATING_TEXT_MAX } from '@common/schemas/ratings';
import { ChevronLeft, Send } from 'lucide-react';
import type { FormEvent } from 'react';
import { allRated, type RatingDraft } from '../rating-draft';
import { CategoryCommentFields } from './category-comment-fields';

/** docs/product.md#rate-a-player wizard step 3: strengthsImprovements and optional per-category comments; submit only with all ratings. */
export function CommentsStep({
  draft,
  onStrengths,
  onComment,
  onBack,
  onSubmit,
  submitting,
  isUpdate,
}: {
  draft: RatingDraft;
  onStrengths: (value: string) => void;
  onComment: (key: RatingCategoryKey, value: string) => void;
  onBack: () => void;
  onSubmit: () => void;
  submitting: boolean;
  isUpdate: boolean;
}) {
  const complete = allRated(draft.scores);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A comment past its limit: the submit's message says so, and the caret goes to the text to shorten.
    event.currentTarget.querySelector<HTMLTextAreaElement>('textarea[aria-invalid="true"]')?.focus();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Comments">
      <FormField
        label="Strengths and areas to improve"
        optional
        hint={`Written feedback of ${DETAILED_FEEDBACK_MIN_CHARS}+ characters earns +${POINTS.detailedFeedback} bonus points.`}
      >
        <CountedTextarea
          rows={4}
          max={RATING_TEXT_MAX}
          placeholder="What do they do well? What would take their game to the next level?"
          value={draft.strengthsImprovements}
          onChange={(event) => onStrengths(event.target.value)}
        />
      </FormField>

      <fieldset className="grid gap-4 rounded-2xl border border-stone-200 p-4">
        <legend className="px-1 text-sm font-semibold text-stone-900">Comments per category (optional)</legend>
        <div className="grid gap-4 md:grid-cols-2">
          <CategoryCommentFields comments={draft.comments} onComment={onComment} />
        </div>
      </fieldset>

      {!complete && (
        <Alert tone="warning" title="Please provide ratings for all categories">
          Go back and give each category and the overall rating at least one star before submitting.
        </Alert>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack}>
          <ChevronLeft aria-hidden className="size-4" />
          Back to Ratings
        </Button>
        <Button type="submit" size="lg" disabled={!complete} loading={submitting}>
          <Send aria-hidden className="size-4" />
          {submitting ? 'Submitting...' : isUpdate ? 'Update Rating' : 'Submit Rating'}
        </Button>
      </div>
    </form>
  );
}
