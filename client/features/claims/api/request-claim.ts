import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { ClaimInput, ClaimReply } from '@common/schemas/claims';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** docs/product.md#claim-calls POST /api/players/{playerId}/match-request: a claim an admin reviews later (docs/product.md#claim-rules, pending). */
export const requestClaim = (playerId: number, body: ClaimInput) =>
  apiRequest<ClaimReply>('POST', `/api/players/${playerId}/match-request`, body);

export function useRequestClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ playerId, body }: { playerId: number; body: ClaimInput }) => requestClaim(playerId, body),
    // A new pending request: the Player Registration tab shows it instead of the form; the admin list and its
    // nav badge (when the claimant is an admin too) change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.pendingClaim }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.matchRequestsAll }),
      ]),
  });
}
