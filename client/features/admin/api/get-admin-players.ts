import { apiGet, withQuery } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { AdminPlayersReply } from '@common/schemas/admin';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

/** §7 GET /api/admin/players (admin headers), filtered by name, e-mail or location on the server. */
export const adminPlayersQuery = (q: string) =>
  queryOptions({
    queryKey: [...queryKeys.admin.players, q] as const,
    queryFn: ({ signal }) => apiGet<AdminPlayersReply>(withQuery('/api/admin/players', { q }), { admin: true, signal }),
    // Keep the last list on screen while the next search runs.
    placeholderData: keepPreviousData,
  });
