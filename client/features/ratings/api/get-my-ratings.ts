import { apiGetPage, withQuery } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { RATINGS_SCREEN_PAGE_SIZE, type RatingReply } from '@common/schemas/ratings';
import type { ListSort } from '@common/schemas/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';

/**
 * docs/product.md#rating-calls GET /api/my-ratings: the ratings the caller gave, 20 at a time in the chosen order. Refreshing it (after an
 * edit) reads again as many pages as were shown, so the list keeps its place.
 */
export const myRatingsQuery = (sort: ListSort) =>
  infiniteQueryOptions({
    queryKey: queryKeys.ratings.minePages(sort),
    queryFn: ({ pageParam, signal }) =>
      apiGetPage<RatingReply>(
        withQuery('/api/my-ratings', { limit: RATINGS_SCREEN_PAGE_SIZE, sort, cursor: pageParam }),
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
