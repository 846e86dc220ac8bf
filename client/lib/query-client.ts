import { QueryClient } from '@tanstack/react-query';

/** docs/product.md#refreshing-after-changes: the two user lookups stay fresh for 5 minutes. */
export const USER_LOOKUP_STALE_TIME = 5 * 60 * 1000;

/**
 * docs/product.md#refreshing-after-changes: data never goes stale by default, no retries, no refetch on focus, no polling; mutations not retried.
 * Every request is tried even when the browser reports itself offline (networkMode 'always'): TanStack's default
 * would hold it until an 'online' event, a button that does nothing and a screen that never loads, where the
 * failure says "Could not reach the server" and offers to try again. navigator.onLine is a guess (a VPN, a
 * captive portal, a flapping interface), and the server answering is what counts.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
