import { apiGet, apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { useAuth } from '@client/lib/use-auth';
import type { OwnClaim, OwnClaimReply, WithdrawReply } from '@common/schemas/claims';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * GET /api/auth/user/match-request: the caller's pending claim, or null. Keyed by who is signed in, and read
 * afresh whenever a screen that shows it mounts: an admin's review happens elsewhere.
 */
export function usePendingClaim() {
  const auth = useAuth();
  const sessionKey = auth.developer
    ? `developer:${auth.developer.userId}`
    : auth.user
      ? `user:${auth.user.id}`
      : 'none';
  return useQuery({
    queryKey: [...queryKeys.auth.pendingClaim, sessionKey] as const,
    queryFn: async ({ signal }): Promise<OwnClaim | null> =>
      (await apiGet<OwnClaimReply>('/api/auth/user/match-request', { signal })).request,
    enabled: auth.isAuthenticated,
    staleTime: 0,
  });
}

/** POST /api/match-requests/{id}/withdraw: the claimant takes a pending claim back. */
export const withdrawClaim = (id: number) => apiRequest<WithdrawReply>('POST', `/api/match-requests/${id}/withdraw`);

export function useWithdrawClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawClaim,
    // The registration form comes back; the admin's lists and badge (when the claimant is an admin too) change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.pendingClaim }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.matchRequestsAll }),
      ]),
  });
}
