import { apiGetPage, withQuery } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { RATINGS_SCREEN_PAGE_SIZE, type ReceivedRating } from '@common/schemas/ratings';
import type { ListSort } from '@common/schemas/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';

/**
 * docs/product.md#rating-calls GET /api/players/{id}/received-ratings: the ratings the user's linked player received, 20 at a time in the
 * chosen order. Refreshing it reads again as many pages as were shown, so the list keeps its place.
 */
export const receivedRatingsQuery = (playerId: number, sort: ListSort) =>
  infiniteQueryOptions({
    queryKey: queryKeys.communityRatings.receivedPages(playerId, sort),
    queryFn: ({ pageParam, signal }) =>
      apiGetPage<ReceivedRating>(
        withQuery(`/api/players/${playerId}/received-ratings`, {
          limit: RATINGS_SCREEN_PAGE_SIZE,
          sort,
          cursor: pageParam,
        }),
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
