import { apiGet, withQuery } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { AdminUsersReply } from '@common/schemas/admin';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

/** §7 GET /api/admin/users (admin headers), filtered by name or e-mail on the server. */
export const adminUsersQuery = (q: string) =>
  queryOptions({
    queryKey: [...queryKeys.admin.users, q] as const,
    queryFn: ({ signal }) => apiGet<AdminUsersReply>(withQuery('/api/admin/users', { q }), { admin: true, signal }),
    placeholderData: keepPreviousData,
  });
