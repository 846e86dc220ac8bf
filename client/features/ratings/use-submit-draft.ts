import { useToast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { useAuth } from '@client/lib/use-auth';
import { pointsForRating } from '@common/gamification';
import { existingRatingIdOf, useSubmitRating } from './api/submit-rating';
import { useUpdateRating } from './api/update-rating';
import { countsFromDay } from './counts-from';
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
          onSuccess: (rating) => {
            const day = countsFromDay(rating);
            onDone(
              'Rating updated!',
              day
                ? `Your rating of ${name} is saved. Your edit counts from ${day}, released together with other anonymous ratings.`
                : `Your rating of ${name} is up to date.`,
            );
          },
          onError: (error) => toast(failed(serverMessage(error, 'Please try again.'))),
        },
      );
      return;
    }
    submitRating.mutate(createBody(draft, target, auth.user?.email ?? null), {
      onSuccess: (rating) => {
        const points = pointsForRating(commentLength(draft));
        const day = countsFromDay(rating);
        // docs/product.md#anonymity: an anonymous rating, and the points it earns, count from the next release.
        onDone(
          'Rating submitted!',
          day
            ? `Rating saved. Anonymous ratings count from ${day}, released together with others. Your ${points} points arrive then.`
            : `Thanks for rating ${name}. You earned ${points} points.`,
        );
      },
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
