import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { AdminAppeal, AppealDecisionBody } from '@common/schemas/appeals';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/admin/appeals/{id}/decision {outcome, statement, rule?} (admin). */
export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AppealDecisionBody }) =>
      apiRequest<AdminAppeal>('POST', `/api/admin/appeals/${id}/decision`, body, { admin: true }),
    // A reversal restores or removes a rating: every list of ratings and the removed list change with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.communityRatings.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ratings.mine }),
        queryClient.invalidateQueries({ queryKey: queryKeys.players.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.removedRatings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.decisions.all }),
      ]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.appealsAll }),
  });
}
