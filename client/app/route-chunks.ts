/**
 * The code of each page off the landing path, loaded on demand (router.tsx wraps each in `lazy`). Kept apart
 * from the router so the entry (main.tsx) can start a page's download together with the app's, rather than
 * after the app has run and found the route.
 */
export const ROUTE_CHUNKS = {
  '/account': () => import('@client/features/account/components/account-page'),
  '/coming-soon': () => import('@client/features/signups/components/coming-soon-page'),
  '/decisions': () => import('@client/features/appeals/components/decision-page'),
  '/dev-login': () => import('@client/features/auth/components/dev-login-page'),
  '/login': () => import('@client/features/auth/components/login-page'),
  '/players': () => import('@client/features/player-page/components/player-page'),
  '/register': () => import('@client/features/auth/components/register-page'),
  '/unsubscribe': () => import('@client/features/notifications/components/unsubscribe-page'),
  '/reset-password': () => import('@client/features/auth/components/reset-password-page'),
  '/transparency': () => import('@client/features/transparency/components/transparency-page'),
  '/verify': () => import('@client/features/verification/components/verify-page'),
} as const;

export type ChunkedRoute = keyof typeof ROUTE_CHUNKS;

/** Starts loading the chunk of the page at `pathname`, if it has one. */
export function preloadRouteChunk(pathname: string): void {
  // A player's page (/players/:id/:slug) has one chunk for every player.
  const route = pathname.startsWith('/players/') ? '/players' : pathname.replace(/\/+$/, '');
  const load = ROUTE_CHUNKS[route as ChunkedRoute] as (() => Promise<unknown>) | undefined;
  void load?.().catch(() => undefined);
}
