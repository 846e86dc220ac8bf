import { apiGetPageOf, withQuery } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { AdminUsersReply } from '@common/schemas/admin';
import { DEFAULT_PAGE_SIZE } from '@common/schemas/shared';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';

/** docs/product.md#admin-calls GET /api/admin/users (admin headers): filtered by name or e-mail on the server, 50 at a time. */
export const adminUsersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.admin.users, q] as const,
    queryFn: ({ pageParam, signal }) =>
      apiGetPageOf<AdminUsersReply>(withQuery('/api/admin/users', { q, limit: DEFAULT_PAGE_SIZE, cursor: pageParam }), {
        admin: true,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    // Keep the last list on screen while the next search runs.
    placeholderData: keepPreviousData,
  });
