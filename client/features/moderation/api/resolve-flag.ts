import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { ResolveFlagBody } from '@common/schemas/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** §5 Resolution notes: optional; trimmed, and an empty value is sent as absent. */
export function resolveFlagBody(notes: string): ResolveFlagBody {
  const trimmed = notes.trim();
  return trimmed ? { notes: trimmed } : {};
}

/** §7 PUT /api/admin/flagged-comments/{flagId}/resolve {notes}. */
export const resolveFlag = (id: number, notes: string) =>
  apiRequest('PUT', `/api/admin/flagged-comments/${id}/resolve`, resolveFlagBody(notes), { admin: true });

/**
 * The flag list refreshes whatever the outcome (a 409 means someone else resolved it first). A resolved
 * flag can release a held rating text, so the lists that show rating texts refresh too.
 */
export function useResolveFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, notes }: { id: number; notes: string }) => resolveFlag(id, notes),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.communityRatings.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ratings.mine }),
      ]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.flaggedComments }),
  });
}
