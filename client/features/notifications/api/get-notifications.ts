import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { NotificationsReply } from '@common/schemas/notifications';
import { useQuery } from '@tanstack/react-query';

/** How often an open page looks for new notices: a decision or a reply shows under the bell within a minute. */
const REFRESH_MS = 60_000;

/** docs/product.md#notifications GET /api/notifications: the newest notices and the unread count. */
export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications.list,
    queryFn: ({ signal }) => apiGet<NotificationsReply>('/api/notifications', { signal }),
    enabled,
    refetchInterval: REFRESH_MS,
  });
}
