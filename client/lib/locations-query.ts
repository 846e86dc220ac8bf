import { LOCATION_QUERY_MIN, type LocationsReply } from '@common/schemas/locations';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, withQuery } from './api-client';
import { queryKeys } from './query-keys';

/** docs/product.md#limits-and-timings: suggestions wait 300 ms after typing stops and close 150 ms after the field loses focus. */
export const LOCATION_DEBOUNCE_MS = 300;
export const LOCATION_BLUR_CLOSE_MS = 150;

/** docs/product.md#player-calls GET /api/locations?q= → up to 10 US ZIP/city suggestions (served by our own server). */
export function locationSuggestionsQuery(q: string) {
  const term = q.trim();
  return queryOptions({
    queryKey: queryKeys.locations.suggest(term),
    queryFn: ({ signal }) => apiGet<LocationsReply>(withQuery('/api/locations', { q: term }), { signal }),
    enabled: term.length >= LOCATION_QUERY_MIN,
    select: (reply) => reply.suggestions,
  });
}
