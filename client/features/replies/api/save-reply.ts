import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { ReplyBody, SavedReply } from '@common/schemas/replies';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** docs/product.md#replies PUT /api/ratings/{id}/reply: writes or replaces the rated player's reply. */
export const saveReply = (ratingId: number, body: ReplyBody) =>
  apiRequest<SavedReply>('PUT', `/api/ratings/${ratingId}/reply`, body);

/** DELETE /api/ratings/{id}/reply. */
export const deleteReply = (ratingId: number) =>
  apiRequest<{ ratingId: number; reply: null }>('DELETE', `/api/ratings/${ratingId}/reply`);

/** The lists that show the reply: the player's received ratings and their public page's comments. */
function useRefreshReplies(playerId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.communityRatings.receivedByPlayer(playerId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.communityRatings.playerPageComments(playerId) }),
    ]);
}

export function useSaveReply(playerId: number) {
  const refresh = useRefreshReplies(playerId);
  return useMutation({
    mutationFn: ({ ratingId, text }: { ratingId: number; text: string }) => saveReply(ratingId, { text }),
    onSuccess: refresh,
  });
}

export function useDeleteReply(playerId: number) {
  const refresh = useRefreshReplies(playerId);
  return useMutation({ mutationFn: (ratingId: number) => deleteReply(ratingId), onSuccess: refresh });
}
