import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { TRUST_FLAG_STATUSES, TrustFlag } from '@common/schemas/trust';
import { queryOptions } from '@tanstack/react-query';

export type TrustFlagStatus = (typeof TRUST_FLAG_STATUSES)[number];

/** GET /api/admin/trust/flags?status= (admin) → {flags}: rings and boosts with their evidence. */
export const trustFlagsQuery = (status: TrustFlagStatus) =>
  queryOptions({
    queryKey: queryKeys.admin.trustFlags(status),
    queryFn: ({ signal }) =>
      apiGet<{ flags: TrustFlag[] }>(`/api/admin/trust/flags?status=${status}`, { admin: true, signal }),
  });
