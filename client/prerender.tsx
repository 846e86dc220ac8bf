import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { transparencyQuery } from '@client/features/transparency/api/get-transparency';
import { COMMENTS_PAGE_SIZE, playerPageQuery } from '@client/lib/player-page-query';
import { queryKeys } from '@client/lib/query-keys';
import type { AppConfig } from '@common/schemas/auth';
import type { PlayerPage, PlayerPageComment } from '@common/schemas/player-page';
import type { TransparencyReport } from '@common/schemas/transparency';
import { Providers } from './app/providers';
import { PRERENDER_CONFIG_ID } from './app/prerender-config-id';
import { PRERENDER_DATA_ID, seedPrerenderedData, type PrerenderData } from './app/prerender-data';
import { AppRoutes } from './app/router';
import { seedSignedOut } from './app/signed-out-state';
import { createQueryClient } from './lib/query-client';

/** JSON inside a <script>: "<" escaped so no value can close the element or open a comment (as the server's). */
const jsonForScript = (data: unknown) =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * A page as a signed-out visitor first sees it, for the server to send (built by scripts/build-client.mjs into
 * dist/ssr): `root` goes inside #root, `head` carries the config it was drawn with and its data (query answers, the time), for
 * the client to take the page over from the same state (main.tsx, app/start.tsx). The phone paints the page
 * before its JavaScript arrives. Rendered to completion, lazy pages (/login, a player's) included.
 */
export async function renderSignedOutPage(
  path: string,
  config: AppConfig,
  data?: PrerenderData,
): Promise<{ root: string; head: string }> {
  // Every pre-rendered page says when it was drawn: the client takes it over with the same "now" (the footer's year).
  const seed = data ?? { renderedAt: Date.now(), queries: [] };
  const page = () => {
    const client = createQueryClient();
    seedSignedOut(client, config);
    seedPrerenderedData(client, seed);
    return (
      <Providers client={client}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    );
  };
  // Drawn at once when it can: the same HTML as prerender's for a quarter less CPU (5.8 against 7.9 ms per player
  // page, measured on 60 pages), which counts in a page's first draw (docs/product.md#first-draws). A part it could
  // not finish (a lazy page not loaded yet in this process, a failure) is left to the client (<!--$!-->): then
  // prerender, which waits for it.
  let root = renderToString(page());
  if (root.includes(CLIENT_RENDERED_BOUNDARY)) root = await prerendered(path, page());
  const scripts = [`<script type="application/json" id="${PRERENDER_CONFIG_ID}">${jsonForScript(config)}</script>`];
  scripts.push(`<script type="application/json" id="${PRERENDER_DATA_ID}">${jsonForScript(seed)}</script>`);
  return { root, head: scripts.join('\n    ') };
}

/** How React marks a Suspense boundary it left for the client to draw. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/** Rendered to completion, lazy pages (/login, a player's) included. */
async function prerendered(path: string, page: ReactElement): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(page, {
    // Every boundary inline: an outlined one is completed by an inline script, which our CSP refuses.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    // A part that fails is left for the client to draw: such a page is not worth sending drawn.
    onError: (error) => void errors.push(error),
  });
  if (errors.length) throw new Error(`Pre-rendering ${path} failed`, { cause: errors[0] });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The comments a player's page shows at first: the server reads that many for renderPlayerPage. */
export const PLAYER_PAGE_COMMENTS = COMMENTS_PAGE_SIZE;

/**
 * A player's public page as a signed-out visitor sees it: `page` as GET /api/players/:id/page answers an
 * anonymous caller, `comments` its first PLAYER_PAGE_COMMENTS comments (GET /api/players/:id/comments), seeded under the
 * keys and in the shapes of the page's own queries (features/player-page/api/get-player-comments.ts).
 */
export function renderPlayerPage(
  page: PlayerPage,
  comments: { items: PlayerPageComment[]; nextCursor: string | undefined },
  config: AppConfig,
  renderedAt = Date.now(),
): Promise<{ root: string; head: string }> {
  const data: PrerenderData = {
    renderedAt,
    queries: [
      { key: playerPageQuery(page.id).queryKey, data: page },
      {
        key: queryKeys.communityRatings.playerPageComments(page.id),
        // An infinite query's data: its pages and the cursor each was asked with (none for the first).
        data: { pages: [{ items: comments.items, nextCursor: comments.nextCursor }], pageParams: [null] },
      },
    ],
  };
  return renderSignedOutPage(page.path, config, data);
}

/**
 * /transparency as a signed-out visitor sees it: `report` as GET /api/transparency answers, seeded under the page's
 * own query key (features/transparency/api/get-transparency.ts), so the client takes it over without asking again.
 */
export function renderTransparencyPage(
  report: TransparencyReport,
  config: AppConfig,
  renderedAt = Date.now(),
): Promise<{ root: string; head: string }> {
  const data: PrerenderData = { renderedAt, queries: [{ key: transparencyQuery().queryKey, data: report }] };
  return renderSignedOutPage('/transparency', config, data);
}
