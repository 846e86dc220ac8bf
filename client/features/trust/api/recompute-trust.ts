import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { TrustRecomputeReply } from '@common/schemas/trust';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/admin/trust/recompute (202): queues a full run, or joins the one already queued or running. */
export const recomputeTrust = () =>
  apiRequest<TrustRecomputeReply>('POST', '/api/admin/trust/recompute', undefined, { admin: true });

/**
 * Queues a full run, then reads the status that follows it; the mutation stays pending until the status shows the
 * run, so "Recompute now" never comes back for a moment in between. `onQueued` hears the run's id first.
 */
export function useRecomputeTrust(onQueued: (reply: TrustRecomputeReply) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recomputeTrust,
    onSuccess: async (reply) => {
      onQueued(reply);
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.trustStatus });
    },
  });
}
