import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { TransparencyReport } from '@common/schemas/transparency';
import { queryOptions } from '@tanstack/react-query';

/** docs/product.md#transparency GET /api/transparency: public, a few minutes fresh. */
export const transparencyQuery = () =>
  queryOptions({
    queryKey: queryKeys.transparency,
    queryFn: () => apiGet<TransparencyReport>('/api/transparency'),
    staleTime: 5 * 60_000,
  });
