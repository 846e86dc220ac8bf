import { apiGetPage, withQuery } from '@client/lib/api-client';
import { COMMENTS_PAGE_SIZE } from '@client/lib/player-page-query';
import { queryKeys } from '@client/lib/query-keys';
import type { PlayerPageComment } from '@common/schemas/player-page';
import { infiniteQueryOptions } from '@tanstack/react-query';

/** GET /api/players/{id}/comments?limit&cursor: newest first, a page at a time (the next cursor in x-next-cursor). */
export function playerCommentsQuery(playerId: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.communityRatings.playerPageComments(playerId),
    queryFn: ({ pageParam, signal }) =>
      apiGetPage<PlayerPageComment>(
        withQuery(`/api/players/${playerId}/comments`, { limit: COMMENTS_PAGE_SIZE, cursor: pageParam }),
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });
}
