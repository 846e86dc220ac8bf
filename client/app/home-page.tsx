import { useAuth } from '@client/lib/use-auth';
import { lazy } from 'react';
import { LandingPage } from './landing-page';
import { LoadingScreen } from '@client/components/loading-screen';
import { useGoogleSignInEnabled } from '@client/components/google-sign-in-button';

const TabShell = lazy(() => import('./tab-shell'));

/** docs/product.md#pages, "/": the loading screen while auth loads, the landing page signed out, the tabbed workspace signed in. */
export function HomePage() {
  const { isLoading, isAuthenticated } = useAuth();
  // Asked together with the auth lookups, so the landing page opens in its final layout (its main button
  // depends on it) without a later jump and without a wait of its own.
  const googleEnabled = useGoogleSignInEnabled();
  if (isLoading) return <LoadingScreen />;
  if (isAuthenticated) return <TabShell />;
  if (googleEnabled === undefined) return <LoadingScreen />;
  return <LandingPage googleEnabled={googleEnabled} />;
}
