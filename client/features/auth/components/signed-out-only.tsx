import { LoadingScreen } from '@client/components/loading-screen';
import { useAuth } from '@client/lib/use-auth';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

/** §2: /login and /register redirect to / when already signed in. */
export function SignedOutOnly({ children, hold }: { children: ReactNode; hold?: boolean }) {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <LoadingScreen />;
  // `hold` keeps the page during the post-login delay (§9), while its success message shows.
  if (isAuthenticated && !hold) return <Navigate to="/" replace />;
  return children;
}
