import { apiGet, apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { UnsubscribeReply } from '@common/schemas/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const url = (token: string) => `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

/** What the link switches off; reading it changes nothing (mail scanners open links). */
export function useUnsubscribeTarget(token: string) {
  return useQuery({
    queryKey: queryKeys.notifications.unsubscribe(token),
    queryFn: ({ signal }) => apiGet<UnsubscribeReply>(url(token), { signal }),
    enabled: token !== '',
    retry: false,
  });
}

export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<UnsubscribeReply>('POST', url(token)),
    onSuccess: (reply) => {
      queryClient.setQueryData(queryKeys.notifications.unsubscribe(token), reply);
      return queryClient.invalidateQueries({ queryKey: queryKeys.notifications.preferences });
    },
  });
}
