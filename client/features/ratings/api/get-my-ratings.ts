import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { RatingReply } from '@common/schemas/ratings';
import { queryOptions } from '@tanstack/react-query';

/** §7 GET /api/my-ratings: the ratings the caller gave, newest first. */
export const myRatingsQuery = queryOptions({
  queryKey: queryKeys.ratings.mine,
  queryFn: ({ signal }) => apiGet<RatingReply[]>('/api/my-ratings', { signal }),
});
