import { FormField } from '@client/components/ui/form-field';
import { CountedTextarea } from '@client/components/ui/counted-textarea';
import { RATING_CATEGORIES, type RatingCategoryKey } from '@common/constants';
import { RATING_TEXT_MAX } from '@common/schemas/ratings';
import type { CategoryComments } from '../rating-draft';

/** The optional comment on each rating category, as the wizard's step 3 and the edit dialog both ask for it. */
export function CategoryCommentFields({
  comments,
  onComment,
}: {
  comments: CategoryComments;
  onComment: (key: RatingCategoryKey, value: string) => void;
}) {
  return RATING_CATEGORIES.map(({ key, label }) => (
    <FormField key={key} label={label}>
      <CountedTextarea
        rows={2}
        max={RATING_TEXT_MAX}
        value={comments[key]}
        onChange={(event) => onComment(key, event.target.value)}
      />
    </FormField>
  ));
}
