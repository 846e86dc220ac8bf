import { SEARCH_MIN_LENGTH } from '@common/constants';
import { NEAR_NOT_FOUND_MESSAGE, type PlayerSearchResult } from '@common/schemas/players';
import { DEFAULT_SEARCH_RADIUS_MILES, type SearchRadiusMiles } from '@common/search-radii';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiGet, hasErrorCode, withQuery } from './api-client';
import { locationSuggestionsQuery } from './locations-query';
import { queryKeys } from './query-keys';
import { useDebouncedValue } from './use-debounced-value';

/** Time the player search waits for typing to pause before asking the server. */
export const PLAYER_SEARCH_DEBOUNCE_MS = 250;

export const isSearchable = (q: string) => q.trim().length >= SEARCH_MIN_LENGTH;

/**
 * A place the server can find: a 5-digit ZIP (alone or in a picked suggestion, "78701 — Austin, TX"), or
 * "City, ST" with at least two letters after the comma. Anything shorter is still being typed: asking then
 * would only answer "We could not find that place".
 */
export const isPlaceComplete = (near: string) => /(?<!\d)\d{5}(?!\d)/.test(near) || /\p{L}.*,\s*\p{L}{2,}/u.test(near);

/** What a search box asks: a name or place text, and/or a place to search near within a radius. */
export type PlayerSearchInput = { q: string; near?: string; radiusMiles?: SearchRadiusMiles };

type SearchParams = { q: string; near?: { place: string; radiusMiles: SearchRadiusMiles } };

/** The request a search box makes, or null while it has nothing to ask (a short name, a half-typed place). */
export function searchParams(input: PlayerSearchInput | string): SearchParams | null {
  const { q, near = '', radiusMiles = DEFAULT_SEARCH_RADIUS_MILES } = typeof input === 'string' ? { q: input } : input;
  const term = q.trim();
  const place = near.trim();
  if (isPlaceComplete(place)) return { q: isSearchable(term) ? term : '', near: { place, radiusMiles } };
  return isSearchable(term) ? { q: term } : null;
}

/**
 * docs/product.md#player-calls GET /api/players/search (public): by name or location (at least 2 characters, docs/product.md#place-suggestions), near a place within
 * a radius, or both. Shared by Player Registration, the Rate a Player wizard and the landing page, under
 * queryKeys.players.search so a submitted rating refreshes them all (docs/product.md#refreshing-after-changes).
 */
export function playerSearchQuery(input: PlayerSearchInput | string) {
  const params = searchParams(input);
  return queryOptions({
    queryKey: queryKeys.players.search(params?.q ?? '', params?.near),
    queryFn: ({ signal }) =>
      apiGet<PlayerSearchResult[]>(
        withQuery('/api/players/search', {
          q: params?.q,
          near: params?.near?.place,
          radiusMiles: params?.near?.radiusMiles,
        }),
        { signal },
      ),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** What a search box's fields hold. */
export type SearchBoxValues = { text: string; near: string; radiusMiles: SearchRadiusMiles };

/**
 * The state of a search box with a name field, a Near field and a radius: what was typed, the search it
 * asks once typing pauses, and its results (only while the typed values still ask something).
 */
export function usePlayerSearch(initial?: SearchBoxValues) {
  const [text, setText] = useState(initial?.text ?? '');
  const [near, setNearText] = useState(initial?.near ?? '');
  /** The Near field was left holding what it holds. */
  const [nearLeft, setNearLeft] = useState(false);
  const setNear = (value: string) => {
    setNearText(value);
    setNearLeft(false);
  };
  const [radiusMiles, setRadiusMiles] = useState<SearchRadiusMiles>(
    initial?.radiusMiles ?? DEFAULT_SEARCH_RADIUS_MILES,
  );
  const debouncedText = useDebouncedValue(text, PLAYER_SEARCH_DEBOUNCE_MS);
  const debouncedNear = useDebouncedValue(near, PLAYER_SEARCH_DEBOUNCE_MS);
  const asked = { q: debouncedText, near: debouncedNear, radiusMiles };
  const search = useQuery(playerSearchQuery(asked));
  const ready = searchParams({ q: text, near, radiusMiles }) !== null && searchParams(asked) !== null;
  const params = searchParams(asked);
  const nearProblem = useNearProblem({ near, settled: debouncedNear === near, left: nearLeft, search, ready });
  return {
    text,
    setText,
    near,
    setNear,
    /** The Near field lost focus: a place still half written is then said to be unknown. */
    leaveNear: () => setNearLeft(true),
    /** What to say under the Near field: the place is unknown, and how to write one; null while it is fine. */
    nearProblem,
    radiusMiles,
    setRadiusMiles,
    search,
    ready,
    /** The search the results answer: its name text and its place (null when not near a place). */
    term: params?.q ?? '',
    nearPlace: params?.near ?? null,
    results: ready ? (search.data ?? []) : [],
  };
}

export type PlayerSearchState = ReturnType<typeof usePlayerSearch>;

/**
 * docs/product.md#search-near-a-place: a place the search cannot use is said to be unknown, with how to write one,
 * instead of nothing happening. That is a place the server could not find, or a text that is no place yet
 * ("zzzz") once typing paused with no suggestion to pick, or once the field was left.
 */
function useNearProblem(input: {
  near: string;
  settled: boolean;
  left: boolean;
  search: { isError: boolean; error: unknown };
  ready: boolean;
}): string | null {
  const place = input.near.trim();
  const incomplete = place !== '' && !isPlaceComplete(place);
  const suggestions = useQuery({
    ...locationSuggestionsQuery(place),
    enabled: incomplete && input.settled && place.length >= SEARCH_MIN_LENGTH,
  });
  if (input.ready && input.search.isError && hasErrorCode(input.search.error, 'place_not_found')) {
    return NEAR_NOT_FOUND_MESSAGE;
  }
  if (!incomplete || !input.settled) return null;
  const nothingToPick = suggestions.isSuccess && suggestions.data.length === 0;
  return input.left || nothingToPick ? NEAR_NOT_FOUND_MESSAGE : null;
}

/** "within 25 mi of 78701": what the results of a search near a place are near. */
export function nearText(near: { place: string; radiusMiles: number }) {
  return `within ${near.radiusMiles} mi of ${near.place}`;
}

/** The status line under a search box: what it is doing, or what it found. */
export function searchStatus(state: PlayerSearchState, noneSuffix = ''): string {
  const { ready, search, results, term, nearPlace } = state;
  if (!ready || search.isError) return '';
  if (search.isFetching && results.length === 0) return 'Searching...';
  if (search.isSuccess && results.length === 0) {
    const what = term ? `No players match “${term}”` : 'No players found';
    return `${what}${nearPlace ? ` ${nearText(nearPlace)}` : ''}.${noneSuffix}`;
  }
  if (results.length > 0) return `${results.length} player${results.length === 1 ? '' : 's'} found`;
  return '';
}

/** A result's distance as shown: "12.3 mi". */
export const distanceText = (miles: number) => `${miles.toFixed(1)} mi`;
