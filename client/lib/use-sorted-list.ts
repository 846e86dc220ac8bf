import type { ListSort } from '@common/schemas/shared';
import { keepPreviousData, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiPage } from './api-client';
import { type PagedListOptions, usePagedList } from './use-paged-list';

/**
 * A list of ratings read a page at a time in the order the user picks (Newest / Highest / Lowest, newest first):
 * the order and its setter for SortControl, the list read for it (see usePagedList), and whether another order is
 * still loading (`sorting`). The list shown stays while another order loads, so the page does not jump to a
 * spinner, and it offers no Show more until the new order has arrived.
 */
export function useSortedList<Item, Key extends QueryKey>(
  queryFor: (sort: ListSort) => PagedListOptions<ApiPage<Item>, Key>,
  enabled = true,
) {
  const [sort, setSort] = useState<ListSort>('newest');
  const list = usePagedList({ ...queryFor(sort), enabled, placeholderData: keepPreviousData }, itemsOf<Item>);
  const sorting = list.query.isPlaceholderData;
  const showMore = { ...list.showMore, hasMore: list.query.hasNextPage && !sorting };
  return { ...list, sort, setSort, sorting, showMore };
}

const itemsOf = <Item>(page: ApiPage<Item>) => page.items;
