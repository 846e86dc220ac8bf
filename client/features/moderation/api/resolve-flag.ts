import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { ResolveAction, ResolveFlagBody } from '@common/schemas/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Resolution notes (docs/product.md#moderation-rules): optional; trimmed, and an empty value is sent as absent. docs/product.md#moderation-rules: restore or keep hidden. */
export function resolveFlagBody(notes: string, action: ResolveAction = 'restore'): ResolveFlagBody {
  const trimmed = notes.trim();
  return trimmed ? { notes: trimmed, action } : { action };
}

/** docs/product.md#admin-calls PUT /api/admin/flagged-comments/{flagId}/resolve {notes, action}. */
export const resolveFlag = (id: number, notes: string, action: ResolveAction) =>
  apiRequest('PUT', `/api/admin/flagged-comments/${id}/resolve`, resolveFlagBody(notes, action), { admin: true });

/**
 * The flag list refreshes whatever the outcome (a 409 means someone else resolved it first). A resolved
 * flag can release a held rating text, so the lists that show rating texts refresh too.
 */
export function useResolveFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, notes, action }: { id: number; notes: string; action: ResolveAction }) =>
      resolveFlag(id, notes, action),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.communityRatings.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ratings.mine }),
        queryClient.invalidateQueries({ queryKey: queryKeys.players.all }),
      ]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.flaggedComments }),
  });
}
