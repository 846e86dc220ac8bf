import { LoadingScreen } from '@client/components/loading-screen';
import { useAuth } from '@client/lib/use-auth';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

/**
 * docs/product.md#pages: /login and /register redirect to / when already signed in. `waiting` keeps the loading screen for what
 * else the page needs before it can lay itself out (whether Google sign-in is offered).
 */
export function SignedOutOnly({ children, hold, waiting }: { children: ReactNode; hold?: boolean; waiting?: boolean }) {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <LoadingScreen />;
  // `hold` keeps the page during the post-login delay (docs/product.md#limits-and-timings), while its success message shows.
  if (isAuthenticated && !hold) return <Navigate to="/" replace />;
  if (waiting) return <LoadingScreen />;
  return children;
}
