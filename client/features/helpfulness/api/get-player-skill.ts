import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { PlayerDetail } from '@common/schemas/players';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/players/{id}: the player's detail, whose `skill` opens Ratings About Me. */
export const playerDetailQuery = (playerId: number) =>
  queryOptions({
    queryKey: queryKeys.players.detail(playerId),
    queryFn: ({ signal }) => apiGet<PlayerDetail>(`/api/players/${playerId}`, { signal }),
    // The estimate is recomputed in the background within seconds of a new rating (docs/product.md), so no
    // mutation of this client can say when it changed: reopening the tab a minute later reads it again.
    staleTime: 60_000,
  });
