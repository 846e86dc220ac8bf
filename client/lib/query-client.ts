import { QueryClient } from '@tanstack/react-query';

/** docs/product.md#refreshing-after-changes: the two user lookups stay fresh for 5 minutes. */
export const USER_LOOKUP_STALE_TIME = 5 * 60 * 1000;

/** docs/product.md#refreshing-after-changes: data never goes stale by default, no retries, no refetch on focus, no polling; mutations not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
