import { apiRequest, type ApiPage } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { HelpfulnessBody, HelpfulnessReply } from '@common/schemas/helpfulness';
import type { ReceivedRating } from '@common/schemas/ratings';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';

/** docs/product.md#rating-calls POST /api/ratings/{id}/helpfulness: 1-5 stars; a second vote replaces the first. */
export const rateHelpfulness = (ratingId: number, body: HelpfulnessBody) =>
  apiRequest<HelpfulnessReply>('POST', `/api/ratings/${ratingId}/helpfulness`, body);

/**
 * The answer carries the rating's new average and count: the received lists (every order read) are updated in
 * place, so the page keeps its place and nothing is read again.
 */
export function useRateHelpfulness(playerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ratingId, helpfulnessScore }: { ratingId: number; helpfulnessScore: number }) =>
      rateHelpfulness(ratingId, { helpfulnessScore }),
    onSuccess: (reply) => {
      const update = (rating: ReceivedRating): ReceivedRating =>
        rating.id === reply.ratingId
          ? {
              ...rating,
              userHelpfulnessScore: reply.helpfulnessScore,
              helpfulnessAvg: reply.helpfulnessAvg,
              helpfulnessCount: reply.helpfulnessCount,
            }
          : rating;
      queryClient.setQueriesData<InfiniteData<ApiPage<ReceivedRating>>>(
        { queryKey: queryKeys.communityRatings.receivedByPlayer(playerId) },
        (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(update) })) },
      );
    },
  });
}
