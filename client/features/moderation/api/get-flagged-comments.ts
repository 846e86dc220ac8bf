import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { FlaggedCommentsReply } from '@common/schemas/moderation';
import { queryOptions } from '@tanstack/react-query';

/** §7 GET /api/admin/flagged-comments (admin headers) → flaggedComments[] and the §2 counters. */
export const flaggedCommentsQuery = queryOptions({
  queryKey: queryKeys.admin.flaggedComments,
  queryFn: ({ signal }) => apiGet<FlaggedCommentsReply>('/api/admin/flagged-comments', { admin: true, signal }),
});
