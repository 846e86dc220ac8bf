import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { AppConfig } from '@common/schemas/auth';
import { initAnalytics } from '@client/lib/analytics';
import { queryClient } from '@client/lib/query-client';
import { readPrerenderedData, seedPrerenderedData } from './prerender-data';
import { Providers } from './providers';
import { AppRouter } from './router';
import { seedSignedOut } from './signed-out-state';

/**
 * Starts the app in #root (main.tsx loads this chunk): takes over a pre-rendered page from the state it was drawn
 * with (`prerenderedWith`, the config; and the
 * data script of a page drawn with data), or draws the page from scratch.
 */
export function startApp(rootElement: HTMLElement, prerenderedWith: AppConfig | null): void {
  initAnalytics();
  const app = (
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>
  );
  if (!prerenderedWith) {
    createRoot(rootElement).render(app);
    return;
  }
  seedSignedOut(queryClient, prerenderedWith);
  // A page drawn with data (a player's) is taken over with the same answers, as of the time it was drawn.
  const data = readPrerenderedData();
  if (data) seedPrerenderedData(queryClient, data);
  // As a transition, so taking the page over yields to the browser instead of blocking it in one long task.
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
}
