import { useToast } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import type { PlayerSearchResult } from '@common/schemas/players';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ratingQuery } from './api/get-rating';
import {
  draftFromRating,
  freshDraft,
  type NewPlayerDetails,
  type RatingDraft,
  type RatingTarget,
} from './rating-draft';

export type WizardStep = 1 | 2 | 3;

/**
 * The Rate a Player wizard's state (docs/product.md#rate-a-player): the step, who is rated, the draft, and the earlier rating it updates
 * when the player was rated before (docs/product.md#rate-a-player update flow).
 */
export function useRateWizard() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<WizardStep>(1);
  const [target, setTarget] = useState<RatingTarget | null>(null);
  const [draft, setDraft] = useState<RatingDraft>(freshDraft);
  const [editingRatingId, setEditingRatingId] = useState<number | null>(null);
  const [loadingPlayerId, setLoadingPlayerId] = useState<number | null>(null);

  /** docs/product.md#rate-a-player: "Change Player" and "Cancel" go back to step 1 with a fresh form. */
  const reset = () => {
    setStep(1);
    setTarget(null);
    setDraft(freshDraft());
    setEditingRatingId(null);
  };

  const selectPlayer = async (player: PlayerSearchResult) => {
    if (player.alreadyRated && player.existingRatingId !== null) {
      // docs/product.md#rate-a-player: an already-rated player loads the earlier rating into the form (update flow).
      setLoadingPlayerId(player.id);
      try {
        const rating = await queryClient.fetchQuery(ratingQuery(player.existingRatingId));
        setDraft(draftFromRating(rating));
        setEditingRatingId(rating.id);
      } catch (error) {
        toast({
          title: 'Could not load your earlier rating',
          description: serverMessage(error, 'Please try again.'),
          variant: 'destructive',
        });
        return;
      } finally {
        setLoadingPlayerId(null);
      }
    } else {
      setDraft(freshDraft());
      setEditingRatingId(null);
    }
    setTarget({ kind: 'existing', player });
    setStep(2);
  };

  const addNewPlayer = (details: NewPlayerDetails) => {
    setTarget({ kind: 'new', details });
    setDraft(freshDraft());
    setEditingRatingId(null);
    setStep(2);
  };

  return {
    step,
    setStep,
    target,
    draft,
    setDraft,
    editingRatingId,
    setEditingRatingId,
    loadingPlayerId,
    reset,
    selectPlayer,
    addNewPlayer,
  };
}

export type RateWizard = ReturnType<typeof useRateWizard>;
