import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { ReportQueueEntry } from '@common/schemas/reports';
import { queryOptions } from '@tanstack/react-query';

export type ReportQueueStatus = 'open' | 'decided';

/** GET /api/admin/reports?status= (admin): one entry per rating, the first 100 (open: oldest report first). */
export const reportsQuery = (status: ReportQueueStatus) =>
  queryOptions({
    queryKey: queryKeys.admin.reports(status),
    queryFn: ({ signal }) =>
      apiGet<ReportQueueEntry[]>(`/api/admin/reports?status=${status}&limit=100`, { admin: true, signal }),
  });
