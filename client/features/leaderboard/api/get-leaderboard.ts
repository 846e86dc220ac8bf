import { apiGet, withQuery } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { LeaderboardPeriod } from '@common/constants';
import type { LeaderboardReply } from '@common/schemas/leaderboard';
import { queryOptions } from '@tanstack/react-query';

/**
 * docs/product.md#rating-calls GET /api/leaderboard?period= (signed in). Everyone's ratings move it, not only the caller's, so it
 * refetches whenever the tab opens rather than keeping the docs/product.md#refreshing-after-changes "never stale" default.
 */
export const leaderboardQuery = (period: LeaderboardPeriod) =>
  queryOptions({
    queryKey: queryKeys.leaderboard.period(period),
    queryFn: ({ signal }) => apiGet<LeaderboardReply>(withQuery('/api/leaderboard', { period }), { signal }),
    staleTime: 0,
  });
