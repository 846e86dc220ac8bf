import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { RatingReply } from '@common/schemas/ratings';
import { queryOptions } from '@tanstack/react-query';

/** docs/product.md#rating-calls GET /api/ratings/{id}: the rating an "already rated" player's update flow starts from (docs/product.md#rate-a-player). */
export const ratingQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.ratings.detail(id),
    queryFn: ({ signal }) => apiGet<RatingReply>(`/api/ratings/${id}`, { signal }),
  });
