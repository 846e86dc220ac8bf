import { apiGet, apiRequest, withQuery } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { MergePlayerReply, MergePreview } from '@common/schemas/player-merge';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/*
 * docs/product.md#merging-players: GET /api/admin/players/{id}/merge-preview?intoPlayerId= (what would move) and
 * POST /api/admin/players/{id}/merge {intoPlayerId}, with admin headers.
 */

/** Under the admin players' key: a merge (or any change to the players) reads it again. */
export const mergePreviewQuery = (mergedId: number, keptId: number) =>
  queryOptions({
    queryKey: [...queryKeys.admin.players, 'merge-preview', mergedId, keptId] as const,
    queryFn: ({ signal }) =>
      apiGet<MergePreview>(withQuery(`/api/admin/players/${mergedId}/merge-preview`, { intoPlayerId: keptId }), {
        admin: true,
        signal,
      }),
    // The preview is what the admin confirms: read it anew each time the dialog shows it.
    staleTime: 0,
  });

/**
 * docs/product.md#refreshing-after-changes: a merge moves ratings, claims and flags between players and deletes one,
 * so every list of players or ratings, the admin lists, and the figures that count ratings are read again.
 */
export function useMergePlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mergedId, keptId }: { mergedId: number; keptId: number }) =>
      apiRequest<MergePlayerReply>(
        'POST',
        `/api/admin/players/${mergedId}/merge`,
        { intoPlayerId: keptId },
        { admin: true },
      ),
    onSuccess: () =>
      Promise.all(
        [
          queryKeys.admin.all,
          queryKeys.players.all,
          queryKeys.communityRatings.all,
          queryKeys.ratings.mine,
          queryKeys.gamification.myStats,
          queryKeys.leaderboard.all,
          queryKeys.auth.linkedPlayer,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
