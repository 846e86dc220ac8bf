import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { PlayerDetail } from '@common/schemas/players';
import { queryOptions } from '@tanstack/react-query';

/** While the estimate catches up with a new rating, it is asked for again this often… */
const CATCH_UP_INTERVAL_MS = 2000;
/** …this many times at most (a rating set aside by a collusion check never joins the estimate). */
const CATCH_UP_READS = 15;

/**
 * The estimate is recomputed in the background within seconds of a new rating (docs/decisions/011), so the
 * player's live rating count can be ahead of the ratings the estimate counts: read it again until they agree.
 */
export function estimateCatchingUp(detail: PlayerDetail | undefined): boolean {
  return detail !== undefined && detail.ratingCount > detail.skill.reliability.ratings;
}

/** GET /api/players/{id}: the player's detail, whose `skill` opens Ratings About Me. */
export const playerDetailQuery = (playerId: number) =>
  queryOptions({
    queryKey: queryKeys.players.detail(playerId),
    queryFn: ({ signal }) => apiGet<PlayerDetail>(`/api/players/${playerId}`, { signal }),
    // No mutation of this client can say when the estimate changed: reopening the tab a minute later reads it again.
    staleTime: 60_000,
    refetchInterval: (query) =>
      estimateCatchingUp(query.state.data) && query.state.dataUpdateCount <= CATCH_UP_READS
        ? CATCH_UP_INTERVAL_MS
        : false,
  });
