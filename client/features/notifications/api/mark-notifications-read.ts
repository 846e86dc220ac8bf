import { apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { MarkReadBody } from '@common/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** docs/product.md#notifications POST /api/notifications/read: the given notices, or all, read. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadBody) => apiRequest<{ unreadCount: number }>('POST', '/api/notifications/read', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list }),
  });
}
