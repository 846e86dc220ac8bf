import { apiGet, apiRequest } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { EmailPreferences, EmailPreferencesBody } from '@common/schemas/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** docs/product.md#notifications GET /api/notifications/preferences: which kinds of e-mail the person gets. */
export function useEmailPreferences() {
  return useQuery({
    queryKey: queryKeys.notifications.preferences,
    queryFn: ({ signal }) => apiGet<EmailPreferences>('/api/notifications/preferences', { signal }),
  });
}

/** PUT /api/notifications/preferences: one switch; the answer is the whole new setting. */
export function useSetEmailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailPreferencesBody) =>
      apiRequest<EmailPreferences>('PUT', '/api/notifications/preferences', body),
    onSuccess: (reply) => queryClient.setQueryData(queryKeys.notifications.preferences, reply),
  });
}
