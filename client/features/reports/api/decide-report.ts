import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { DecideReportBody, Decision } from '@common/schemas/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/admin/reports/{ratingId}/decision {outcome, rule, statement} (admin). */
export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ratingId, body }: { ratingId: number; body: DecideReportBody }) =>
      apiRequest<{ decision: Decision }>('POST', `/api/admin/reports/${ratingId}/decision`, body, { admin: true }),
    // A removal or hidden comments change every list that shows the rating, and the removed list.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.communityRatings.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.ratings.mine }),
        queryClient.invalidateQueries({ queryKey: queryKeys.players.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.removedRatings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.playerRatingsAll }),
      ]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.reportsAll }),
  });
}
