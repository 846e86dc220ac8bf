import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { ReviewBody, ReviewReply } from '@common/schemas/claims';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** docs/product.md#claim-rules: approve or deny, with the notes the admin screen sends. */
export const REVIEW_NOTES = {
  approve: 'Request approved by admin',
  deny: 'Request denied by admin',
} as const satisfies Record<ReviewBody['action'], string>;

/** docs/product.md#admin-calls POST /api/admin/match-requests/{requestId}/review {action, reviewNotes}. */
export const reviewMatchRequest = (id: number, action: ReviewBody['action']) =>
  apiRequest<ReviewReply>(
    'POST',
    `/api/admin/match-requests/${id}/review`,
    { action, reviewNotes: REVIEW_NOTES[action] } satisfies ReviewBody,
    { admin: true },
  );

/**
 * docs/product.md#refreshing-after-changes: success refreshes the request lists, the pending one being the nav badge too. An approval links
 * a player to an account, so the admin player list (its Linked marks) refreshes as well.
 */
export function useReviewMatchRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ReviewBody['action'] }) => reviewMatchRequest(id, action),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.matchRequestsAll }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.players }),
      ]),
  });
}
