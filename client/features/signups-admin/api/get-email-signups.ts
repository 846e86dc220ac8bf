import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { EmailSignupsReply } from '@common/schemas/admin';
import { queryOptions } from '@tanstack/react-query';

/** §7 GET /api/admin/email-signups (admin headers) → emailSignups[], newest first. */
export const emailSignupsQuery = queryOptions({
  queryKey: queryKeys.admin.emailSignups,
  queryFn: ({ signal }) => apiGet<EmailSignupsReply>('/api/admin/email-signups', { admin: true, signal }),
});
