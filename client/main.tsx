import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { initAnalytics } from './lib/analytics';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
