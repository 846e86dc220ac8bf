import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { AdminAppealsReply, AppealQueueStatus } from '@common/schemas/appeals';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/admin/appeals?status= (admin) → {appeals}: each with its decision, rating and appellant. */
export const appealsQuery = (status: AppealQueueStatus) =>
  queryOptions({
    queryKey: queryKeys.admin.appeals(status),
    queryFn: ({ signal }) => apiGet<AdminAppealsReply>(`/api/admin/appeals?status=${status}`, { admin: true, signal }),
  });
