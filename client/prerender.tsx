import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { AppConfig } from '@common/schemas/auth';
import { Providers } from './app/providers';
import { PRERENDER_CONFIG_ID } from './app/prerender-config-id';
import { AppRoutes } from './app/router';
import { seedSignedOut } from './app/signed-out-state';
import { createQueryClient } from './lib/query-client';

/**
 * A page as a signed-out visitor first sees it, for the server to send (built by scripts/build-client.mjs into
 * dist/ssr): `root` goes inside #root, `head` carries the config it was drawn with, for the client to take the
 * page over from the same state (main.tsx). The phone paints the page before its JavaScript arrives. Rendered to
 * completion, lazy pages (/login) included.
 */
export async function renderSignedOutPage(path: string, config: AppConfig): Promise<{ root: string; head: string }> {
  const client = createQueryClient();
  seedSignedOut(client, config);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <Providers client={client}>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </Providers>,
    {
      // Every boundary inline: an outlined one is completed by an inline script, which our CSP refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A part that fails is left for the client to draw: such a page is not worth sending drawn.
      onError: (error) => void errors.push(error),
    },
  );
  if (errors.length) throw new Error(`Pre-rendering ${path} failed`, { cause: errors[0] });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return {
    root: Buffer.concat(chunks).toString('utf8'),
    head: `<script type="application/json" id="${PRERENDER_CONFIG_ID}">${json}</script>`,
  };
}
