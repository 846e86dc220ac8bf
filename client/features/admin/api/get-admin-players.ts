import { apiGetPageOf, withQuery } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { AdminPlayersReply } from '@common/schemas/admin';
import { DEFAULT_PAGE_SIZE } from '@common/schemas/shared';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';

/** docs/product.md#admin-calls GET /api/admin/players (admin headers): filtered by name, e-mail or location on the server, 50 at a time. */
export const adminPlayersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.admin.players, q] as const,
    queryFn: ({ pageParam, signal }) =>
      apiGetPageOf<AdminPlayersReply>(
        withQuery('/api/admin/players', { q, limit: DEFAULT_PAGE_SIZE, cursor: pageParam }),
        { admin: true, signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    // Keep the last list on screen while the next search runs.
    placeholderData: keepPreviousData,
  });
