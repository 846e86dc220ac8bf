import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { MyStatsReply } from '@common/schemas/gamification';
import { queryOptions } from '@tanstack/react-query';

/**
 * docs/product.md#rating-calls GET /api/gamification/my-stats. The stats change with actions taken on other tabs (a rating, someone's
 * helpfulness vote), which docs/product.md#refreshing-after-changes does not list for invalidation, so this one query refetches each time the
 * dashboard opens instead of keeping the docs/product.md#refreshing-after-changes "never stale" default.
 */
export const myStatsQuery = queryOptions({
  queryKey: queryKeys.gamification.myStats,
  queryFn: ({ signal }) => apiGet<MyStatsReply>('/api/gamification/my-stats', { signal }),
  staleTime: 0,
});
