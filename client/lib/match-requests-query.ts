import type { MatchRequestStatus } from '@common/constants';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryKeys } from './query-keys';

/** docs/product.md#admin-calls GET /api/admin/match-requests?status=… (admin headers) → {requests}. Shared by the tab and the nav badge. */
export function matchRequestsQuery<TRequest = unknown>(status: MatchRequestStatus) {
  return queryOptions({
    queryKey: queryKeys.admin.matchRequests(status),
    queryFn: ({ signal }) =>
      apiGet<{ requests: TRequest[] }>(`/api/admin/match-requests?status=${status}`, { admin: true, signal }),
  });
}

/** docs/product.md#workspace-tabs, docs/product.md#refreshing-after-changes: the pending count badge is polled every 30 s, for admins only. */
export const MATCH_REQUEST_BADGE_POLL_MS = 30_000;
