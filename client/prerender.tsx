import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { AppConfig } from '@common/schemas/auth';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';
import { PRERENDER_CONFIG_ID, seedSignedOut } from './app/signed-out-state';
import { createQueryClient } from './lib/query-client';

/**
 * A page as a signed-out visitor first sees it, for the server to send (built by scripts/build-client.mjs into
 * dist/ssr): `root` goes inside #root, `head` carries the config it was drawn with, for the client to take the
 * page over from the same state (main.tsx). The phone paints the page before its JavaScript arrives.
 */
export function renderSignedOutPage(path: string, config: AppConfig): { root: string; head: string } {
  const client = createQueryClient();
  seedSignedOut(client, config);
  const root = renderToString(
    <Providers client={client}>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </Providers>,
  );
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return { root, head: `<script type="application/json" id="${PRERENDER_CONFIG_ID}">${json}</script>` };
}
