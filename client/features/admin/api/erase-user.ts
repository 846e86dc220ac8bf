import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { AdminEraseBody, ErasureReply } from '@common/schemas/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** docs/product.md#your-data POST /api/admin/users/:id/erase (admin headers). */
export const eraseUser = ({ userId, ...body }: AdminEraseBody & { userId: string }) =>
  apiRequest<ErasureReply>('POST', `/api/admin/users/${encodeURIComponent(userId)}/erase`, body, { admin: true });

/**
 * The erased account leaves the users list; its ratings leave every list of ratings and the players' numbers and
 * searches; its player, when deleted, leaves the players list.
 */
export function useEraseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.users }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.players }),
        queryClient.invalidateQueries({ queryKey: queryKeys.communityRatings.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.players.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard.all }),
      ]),
  });
}
