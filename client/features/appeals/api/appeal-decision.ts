import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { Appeal } from '@common/schemas/appeals';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/decisions/{id}/appeal {text}: once per person, within 6 months. */
export function useAppealDecision(decisionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiRequest<Appeal>('POST', `/api/decisions/${decisionId}/appeal`, { text }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.decisions.detail(decisionId) }),
  });
}
