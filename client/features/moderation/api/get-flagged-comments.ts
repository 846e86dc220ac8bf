import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { FlaggedCommentsReply } from '@common/schemas/moderation';
import { queryOptions } from '@tanstack/react-query';

/** docs/product.md#admin-calls GET /api/admin/flagged-comments (admin headers) → flaggedComments[] and the docs/product.md#admin-screens counters. */
export const flaggedCommentsQuery = queryOptions({
  queryKey: queryKeys.admin.flaggedComments,
  queryFn: ({ signal }) => apiGet<FlaggedCommentsReply>('/api/admin/flagged-comments', { admin: true, signal }),
});
