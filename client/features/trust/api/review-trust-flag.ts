import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { TrustFlag } from '@common/schemas/trust';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export type TrustReviewAction = 'confirm' | 'dismiss';

/** Notes are optional: trimmed, and an empty value is sent as absent. */
export function trustReviewBody(action: TrustReviewAction, notes: string) {
  const trimmed = notes.trim();
  return trimmed ? { action, notes: trimmed } : { action };
}

/** POST /api/admin/trust/flags/{id}/review {action, notes?} → {flag}. */
export const reviewTrustFlag = (id: number, action: TrustReviewAction, notes: string) =>
  apiRequest<{ flag: TrustFlag }>('POST', `/api/admin/trust/flags/${id}/review`, trustReviewBody(action, notes), {
    admin: true,
  });

/**
 * Every list and the status panel refresh whatever the outcome (a 409 means another admin reviewed it first).
 * A confirmed flag's ratings stop counting, so the estimates shown anywhere refresh too.
 */
export function useReviewTrustFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, notes }: { id: number; action: TrustReviewAction; notes: string }) =>
      reviewTrustFlag(id, action, notes),
    onSuccess: (_reply, { action }) =>
      action === 'confirm' ? queryClient.invalidateQueries({ queryKey: queryKeys.players.all }) : undefined,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.trustAll }),
  });
}
