import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { PlayerDetail } from '@common/schemas/players';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/players/{id}: the player as shown, with its page visibility when the caller owns it or is an admin. */
export const playerQuery = (playerId: number) =>
  queryOptions({
    queryKey: queryKeys.players.detail(playerId),
    queryFn: ({ signal }) => apiGet<PlayerDetail>(`/api/players/${playerId}`, { signal }),
  });

export const usePlayer = (playerId: number) => useQuery(playerQuery(playerId));
