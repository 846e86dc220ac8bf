import { ApiError, apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { CreateRatingBody, RatingReply } from '@common/schemas/ratings';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/** docs/product.md#rating-calls POST /api/ratings: the rating fields plus raterEmail (the server takes the rater from the session). */
export const submitRating = (body: CreateRatingBody) => apiRequest<RatingReply>('POST', '/api/ratings', body);

/** docs/product.md#refreshing-after-changes: after a rating is saved the client refreshes my-ratings, community-ratings and the players search. */
export function invalidateAfterRating(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.ratings.mine }),
    queryClient.invalidateQueries({ queryKey: queryKeys.communityRatings.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.players.searchAll }),
  ]);
}

export function useSubmitRating() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitRating, onSuccess: () => invalidateAfterRating(queryClient) });
}

/** The 409 of a second rating names the rating to update instead (server: existingRatingId); null for any other error. */
export function existingRatingIdOf(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'already_rated') return null;
  try {
    const body = JSON.parse(error.body) as { existingRatingId?: unknown };
    return typeof body.existingRatingId === 'number' ? body.existingRatingId : null;
  } catch {
    return null;
  }
}
