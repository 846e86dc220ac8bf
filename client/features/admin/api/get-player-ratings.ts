import { apiGetPageOf, withQuery } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { AdminPlayerRatingsReply } from '@common/schemas/admin-player-ratings';
import { RATINGS_SCREEN_PAGE_SIZE } from '@common/schemas/ratings';
import { infiniteQueryOptions } from '@tanstack/react-query';

/**
 * docs/product.md#take-down GET /api/admin/players/{id}/ratings (admin headers): every rating of the player, removed
 * ones included, newest first, 20 at a time.
 */
export const adminPlayerRatingsQuery = (playerId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.playerRatings(playerId),
    queryFn: ({ pageParam, signal }) =>
      apiGetPageOf<AdminPlayerRatingsReply>(
        withQuery(`/api/admin/players/${playerId}/ratings`, { limit: RATINGS_SCREEN_PAGE_SIZE, cursor: pageParam }),
        { admin: true, signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
