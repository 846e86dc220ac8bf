import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { AppConfig } from '@common/schemas/auth';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { PRERENDER_CONFIG_ID, seedSignedOut } from './app/signed-out-state';
import { initAnalytics } from './lib/analytics';
import { queryClient } from './lib/query-client';
import './styles.css';

initAnalytics();

// §8 "Failed lazy-loaded asset": after a deploy an old page can ask for chunks that no longer exist.
// Reload once to pick up the new build; a second failure is rethrown to the route's error screen.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'preload-reload-at';
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < 10_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const app = (
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>
);
const rootElement = document.getElementById('root')!;
const prerenderedWith = document.getElementById(PRERENDER_CONFIG_ID)?.textContent;
// A signed-out visitor gets the page already drawn (server/plugins/client.ts): take it over from the same state.
if (rootElement.hasChildNodes() && prerenderedWith) {
  seedSignedOut(queryClient, JSON.parse(prerenderedWith) as AppConfig);
  // As a transition, so taking the page over yields to the browser instead of blocking it in one long task.
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
} else {
  createRoot(rootElement).render(app);
}
