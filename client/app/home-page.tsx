import { useAuth } from '@client/lib/use-auth';
import { lazy } from 'react';
import { LandingPage } from './landing-page';
import { LoadingScreen } from '@client/components/loading-screen';

const TabShell = lazy(() => import('./tab-shell'));

/** §2 "/": the loading screen while auth loads, the landing page signed out, the tabbed workspace signed in. */
export function HomePage() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <LoadingScreen />;
  return isAuthenticated ? <TabShell /> : <LandingPage />;
}
