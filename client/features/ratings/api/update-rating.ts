import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { EditRatingBody, RatingReply } from '@common/schemas/ratings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAfterRating } from './submit-rating';

/** docs/product.md#rating-calls PUT /api/ratings/{id}: the five categories, overallRating and strengthsImprovements (nullable). */
export const updateRating = (id: number, body: EditRatingBody) =>
  apiRequest<RatingReply>('PUT', `/api/ratings/${id}`, body);

/** docs/product.md#my-ratings: saving refreshes the lists; the rating itself is answered fresh and cached as is. */
export function useUpdateRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EditRatingBody }) => updateRating(id, body),
    onSuccess: async (rating) => {
      queryClient.setQueryData(queryKeys.ratings.detail(rating.id), rating);
      await invalidateAfterRating(queryClient);
    },
  });
}
