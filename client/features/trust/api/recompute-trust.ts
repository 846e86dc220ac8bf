import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { TrustStatus } from '@common/schemas/trust';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export type TrustRun = NonNullable<TrustStatus['lastRun']>;

/** POST /api/admin/trust/recompute: the full run, answered when it is done. */
export const recomputeTrust = () =>
  apiRequest<TrustRun>('POST', '/api/admin/trust/recompute', undefined, { admin: true });

/** A full run can raise new flags and moves every estimate: the trust screens and the player lists refresh. */
export function useRecomputeTrust() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recomputeTrust,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.players.all }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.trustAll }),
  });
}
