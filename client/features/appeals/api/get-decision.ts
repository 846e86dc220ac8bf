import { apiGet } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import type { DecisionView } from '@common/schemas/appeals';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/decisions/{id}: the statement of reasons, for the people the decision concerns (404 for others). */
export const decisionQuery = (decisionId: number) =>
  queryOptions({
    queryKey: queryKeys.decisions.detail(decisionId),
    queryFn: ({ signal }) => apiGet<DecisionView>(`/api/decisions/${decisionId}`, { signal }),
    retry: false,
  });
