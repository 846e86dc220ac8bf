import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { ReceivedRating } from '@common/schemas/ratings';
import { queryOptions } from '@tanstack/react-query';

/** §7 GET /api/players/{id}/received-ratings: the ratings the user's linked player received. */
export const receivedRatingsQuery = (playerId: number) =>
  queryOptions({
    queryKey: queryKeys.communityRatings.receivedByPlayer(playerId),
    queryFn: ({ signal }) => apiGet<ReceivedRating[]>(`/api/players/${playerId}/received-ratings`, { signal }),
  });
