import { useToast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { useAuth } from '@client/lib/use-auth';
import { pointsForRating } from '@common/gamification';
import { existingRatingIdOf, useSubmitRating } from './api/submit-rating';
import { useUpdateRating } from './api/update-rating';
import { commentLength, createBody, draftProblem, editBody, targetName } from './rating-draft';
import type { RateWizard } from './use-rate-wizard';

const failed = (description: string) =>
  ({ title: 'Rating submission failed', description, variant: 'destructive' }) as const;

/**
 * The wizard's submit (docs/product.md#rate-a-player step 3): the docs/product.md#rate-a-player checks, then a new rating or, in the update flow (docs/product.md#rate-a-player), the update of
 * the earlier one. `onDone` hears the banner's title and text.
 */
export function useSubmitDraft(wizard: RateWizard, onDone: (title: string, body: string) => void) {
  const auth = useAuth();
  const { toast } = useToast();
  const submitRating = useSubmitRating();
  const updateRating = useUpdateRating();
  const { draft, target, editingRatingId } = wizard;

  const submit = () => {
    const problem = draftProblem(draft, target, auth.isAuthenticated);
    if (problem || !target) {
      toast({ ...(problem ?? { title: 'Please select a player', description: '' }), variant: 'destructive' });
      if (problem?.field) wizard.setStep(2);
      return;
    }
    const name = targetName(target);
    if (editingRatingId !== null) {
      updateRating.mutate(
        { id: editingRatingId, body: editBody(draft.scores, draft) },
        {
          onSuccess: () => onDone('Rating updated!', `Your rating of ${name} is up to date.`),
          onError: (error) => toast(failed(serverMessage(error, 'Please try again.'))),
        },
      );
      return;
    }
    submitRating.mutate(createBody(draft, target, auth.user?.email ?? null), {
      onSuccess: () =>
        onDone(
          'Rating submitted!',
          `Thanks for rating ${name}. You earned ${pointsForRating(commentLength(draft))} points.`,
        ),
      onError: (error) => {
        const existing = existingRatingIdOf(error);
        // Rated meanwhile (another tab): keep the form, and the next submit updates that rating.
        if (existing !== null) wizard.setEditingRatingId(existing);
        toast(
          failed(
            existing !== null
              ? 'You have already rated this player. Submit again to update your earlier rating.'
              : serverMessage(error, 'Please try again.'),
          ),
        );
      },
    });
  };

  return { submit, submitting: submitRating.isPending || updateRating.isPending };
}
