import { Suspense, useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { signalAppReady } from './app-ready';
import { AuthEffects } from './auth-effects';
import { DemoWorldBanner } from './demo-world-banner';
import { EmailConfirmedNotice } from './email-confirmed-notice';
import { LoadingScreen } from '@client/components/loading-screen';
import { useNow } from '@client/lib/render-clock';
import { TopNav } from './top-nav';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AuthEffects />
      <EmailConfirmedNotice />
      <DemoWorldBanner />
      <TopNav />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
          <AppReadySignal />
        </Suspense>
      </main>
      <footer className="border-t border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-xs text-stone-500 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © <Year /> Pickleball Ratings · Built by players, for players.
          </p>
          <p>
            Honest peer ratings. Friendly competition. ·{' '}
            <Link to="/transparency" className="font-medium text-teal-800 underline-offset-4 hover:underline">
              Transparency report
            </Link>
          </p>
        </div>
      </footer>
    </div>
  );
}

/** In the page's Suspense boundary, so it runs once the page itself (a lazy route's chunk too) is hydrated. */
function AppReadySignal() {
  useEffect(signalAppReady, []);
  return null;
}

/**
 * The year of the time a pre-rendered page was drawn while it is taken over, then the browser's (render-clock.ts).
 * A component of its own: when the year differs, only this text draws again, not the layout, whose update would
 * make React give up hydrating the page below it and draw it anew.
 */
function Year() {
  return useNow().getFullYear();
}
