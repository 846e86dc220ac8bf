import { SEARCH_MIN_LENGTH } from '@common/constants';
import type { PlayerSearchResult } from '@common/schemas/players';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, withQuery } from './api-client';
import { queryKeys } from './query-keys';

/** Time the player search waits for typing to pause before asking the server. */
export const PLAYER_SEARCH_DEBOUNCE_MS = 250;

export const isSearchable = (q: string) => q.trim().length >= SEARCH_MIN_LENGTH;

/**
 * §7 GET /api/players/search?q= (public, at least 2 characters, §5). Shared by Player Registration and the
 * Rate a Player wizard, under queryKeys.players.search so a submitted rating refreshes both (§7).
 */
export function playerSearchQuery(q: string) {
  const term = q.trim();
  return queryOptions({
    queryKey: queryKeys.players.search(term),
    queryFn: ({ signal }) => apiGet<PlayerSearchResult[]>(withQuery('/api/players/search', { q: term }), { signal }),
    enabled: isSearchable(term),
    placeholderData: keepPreviousData,
  });
}
