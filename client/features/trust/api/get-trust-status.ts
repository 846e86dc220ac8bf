import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { TrustStatus } from '@common/schemas/trust';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/admin/trust/status (admin): the last full run, the calibration check and the pending count. */
export const trustStatusQuery = queryOptions({
  queryKey: queryKeys.admin.trustStatus,
  queryFn: ({ signal }) => apiGet<TrustStatus>('/api/admin/trust/status', { admin: true, signal }),
});
