import {
  type InfiniteData,
  type QueryKey,
  useInfiniteQuery,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import { useMemo } from 'react';

/** The options of a list read a page at a time after a cursor, as its `api/` file's infiniteQueryOptions gives them. */
export type PagedListOptions<Page, Key extends QueryKey> = UseInfiniteQueryOptions<
  Page,
  Error,
  InfiniteData<Page>,
  Key,
  string | undefined
>;

/**
 * A list read from the server a page at a time: its rows read so far (`rowsOf`, defined once outside the component,
 * picks them from a page) and the props of its ShowMore foot.
 */
export function usePagedList<Page, Row, Key extends QueryKey>(
  options: PagedListOptions<Page, Key>,
  rowsOf: (page: Page) => Row[],
) {
  const query = useInfiniteQuery(options);
  const rows = useMemo(() => query.data?.pages.flatMap(rowsOf) ?? [], [query.data, rowsOf]);
  const showMore = {
    shown: rows.length,
    hasMore: query.hasNextPage,
    loading: query.isFetchingNextPage,
    failed: query.isFetchNextPageError,
    onMore: () => void query.fetchNextPage(),
  };
  return { query, rows, showMore };
}
