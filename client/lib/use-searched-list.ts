import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';
import { type PagedListOptions, usePagedList } from './use-paged-list';

/** Search waits for typing to pause, like the location suggestions (docs/product.md#limits-and-timings: 300 ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list searched and paged on the server (the admin lists): what is typed, the search it has settled into (`q`,
 * trimmed, once typing pauses), the list read for it (see usePagedList), every match (`totalOf` reads the count the
 * server sends with the first page) and the props of its SearchBox.
 */
export function useSearchedList<Page, Row, Key extends QueryKey>(
  queryFor: (q: string) => PagedListOptions<Page, Key>,
  rowsOf: (page: Page) => Row[],
  totalOf: (page: Page) => number,
) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = usePagedList(queryFor(q), rowsOf);
  const { query } = list;
  const firstPage = query.data?.pages[0];
  const total = firstPage ? totalOf(firstPage) : 0;
  const searchBox = {
    value: search,
    onChange: setSearch,
    // The spinner is for a new search's answer, not for the first read or a next page.
    busy: query.isFetching && !query.isPending && !query.isFetchingNextPage,
  };
  return { ...list, q, total, searchBox };
}
