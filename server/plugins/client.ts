import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import {
  NOT_FOUND_META,
  PAGE_META,
  SITE_KEYWORDS,
  SITE_IMAGE,
  SITE_NAME,
  organizationJsonLd,
  pageJsonLdId,
  type PageMeta,
} from '../../common/seo';
import type {
  renderPlayerPage as RenderPlayerPage,
  renderSignedOutPage as RenderSignedOutPage,
} from '../../client/prerender';
import type { AppConfig } from '../../common/schemas/auth';
import type { Env } from '../env';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './session';

export const CLIENT_DIST = path.resolve('dist/client');
/** The server-side renderer of signed-out pages (client/prerender.tsx), built next to the client. */
export const SSR_ENTRY = path.resolve('dist/ssr/prerender.js');

/** Pages a visitor without a session gets already drawn, so a phone paints them before the JavaScript runs. */
export const PRERENDERED_PAGES = ['/', '/login'];

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*(?:${SESSION_COOKIE}|${SECURE_SESSION_COOKIE})=`);

export const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Head tags for a page, so link previews work without running JavaScript. Every value is escaped for its place. */
export function renderHead(meta: PageMeta, env: Pick<Env, 'PUBLIC_URL' | 'GA_MEASUREMENT_ID' | 'DEMO_MODE'>): string {
  const base = env.PUBLIC_URL.replace(/\/$/, '');
  const url = `${base}${meta.path === '/404' ? '' : meta.path}`;
  const image = meta.image ?? SITE_IMAGE;
  const imageUrl = /^https?:\/\//.test(image.url) ? image.url : `${base}${image.url}`;
  const jsonLdScripts = [organizationJsonLd(base), ...(meta.jsonLd ?? [])].map(
    (data, index) =>
      `<script type="application/ld+json" id="${index === 0 ? 'ld-organization' : pageJsonLdId(index - 1)}">${jsonForScript(data)}</script>`,
  );
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    meta.noindex ? `<meta name="robots" content="noindex" />` : '',
    `<meta name="keywords" content="${escapeHtml(SITE_KEYWORDS)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="${meta.ogType ?? 'website'}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(imageUrl)}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(image.alt)}" />`,
    `<meta property="og:image:width" content="${image.width}" />`,
    `<meta property="og:image:height" content="${image.height}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(imageUrl)}" />`,
    `<meta name="twitter:image:alt" content="${escapeHtml(image.alt)}" />`,
    ...jsonLdScripts,
    env.GA_MEASUREMENT_ID ? `<meta name="app:ga-measurement-id" content="${escapeHtml(env.GA_MEASUREMENT_ID)}" />` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** JSON inside a <script>: "<" escaped so no value can close the element or open a comment. */
export const jsonForScript = (data: unknown) =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to answer with: brotli, else gzip, when the client accepts it (a q of 0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/** A page rendered once, with its compressed forms, so each request only picks one. */
type RenderedPage = { etag: string; body: Record<Encoding, Buffer> };

/**
 * `fast` for a page drawn per request's record (a player's): brotli 11 took milliseconds per page, while 5 costs a
 * fraction of one for a few percent more bytes.
 */
function compressPage(html: string, effort: 'max' | 'fast' = 'max'): RenderedPage {
  const raw = Buffer.from(html);
  const fast = effort === 'fast';
  return {
    etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
    body: {
      identity: raw,
      br: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: fast ? 5 : 11 } }),
      gzip: gzipSync(raw, { level: fast ? 6 : 9 }),
    },
  };
}

/** The server-side renderer (client/prerender.tsx), bound to the install's config. */
export type SignedOutRenderer = {
  /** How many comments the page shows at first (and asks for with each "Show more"). */
  commentsPageSize: number;
  renderPlayerPage: (
    page: Parameters<typeof RenderPlayerPage>[0],
    comments: Parameters<typeof RenderPlayerPage>[1],
  ) => ReturnType<typeof RenderPlayerPage>;
};

/** A page drawn from one record (a player's), kept while its version holds. */
export type RecordPage = {
  /** The canonical path: any other address of the record redirects here. */
  path: string;
  /** Changes whenever anything the page shows changes. */
  version: string;
  /**
   * The head and the content of #root, drawn only when no page of this version is kept; `signedOut`, the page as
   * the client draws it for a visitor without a session, with its head scripts (when `ssr` is there and could).
   */
  render: (
    ssr: SignedOutRenderer | undefined,
  ) => Promise<{ meta: PageMeta; root: string; signedOut?: { root: string; head: string } }>;
};
/** The player page of an id, or undefined when there is no such player. */
export type PlayerPages = (id: number) => Promise<RecordPage | undefined>;

/** A database id: a positive 32-bit integer written without a sign or leading zero. */
const parseRecordId = (raw: string) => {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : undefined;
};

function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, status = 200, vary = '') {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', `accept-encoding${vary}`)
    .header('etag', page.etag);
  if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(page.body[encoding]);
}

/**
 * Serves the built client: static assets (with their .br/.gz siblings made at build time), and index.html with
 * per-page head tags for the SPA routes, rendered and compressed once at start.
 * Unknown /api paths answer JSON 404; other unknown paths get the client's 404 page with status 404.
 */
export const clientPlugin = fp(
  async (
    app: FastifyInstance,
    options: { serveClient: boolean; env: Env; root?: string; ssrEntry?: string; playerPages?: PlayerPages },
  ) => {
    const root = options.root ?? CLIENT_DIST;
    const indexFile = path.join(root, 'index.html');
    const canServe = options.serveClient && existsSync(indexFile);
    const template = canServe ? readFileSync(indexFile, 'utf8') : '';

    if (canServe) {
      await app.register(fastifyStatic, {
        root,
        index: false,
        wildcard: false,
        // Picks file.br or file.gz by Accept-Encoding and answers Vary: Accept-Encoding.
        preCompressed: true,
        // Source maps would publish our source: none is served, even if a build left one behind.
        allowedPath: (pathName) => !pathName.endsWith('.map'),
        setHeaders: (res, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`))
            res.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }

    const withHead = (meta: PageMeta, extra = '') =>
      template.replace('<!--app-head-->', renderHead(meta, options.env) + extra);
    const render = (meta: PageMeta) => compressPage(withHead(meta));
    const pages = new Map(canServe ? Object.entries(PAGE_META).map(([route, meta]) => [route, render(meta)]) : []);
    const notFoundPage = canServe ? render(NOT_FOUND_META) : undefined;

    // Drawn with the config /api/config answers, once the routes are all there (at listen, or the first request).
    const ssrEntry = options.ssrEntry ?? SSR_ENTRY;
    type SsrModule = {
      renderSignedOutPage: typeof RenderSignedOutPage;
      renderPlayerPage?: typeof RenderPlayerPage;
      PLAYER_PAGE_COMMENTS?: number;
    };
    let ssr: Promise<{ module: SsrModule; config: AppConfig } | undefined> | undefined;
    const loadSsr = () =>
      (ssr ??= (async () => {
        if (!canServe || !existsSync(ssrEntry)) return undefined;
        const configReply = await app.inject({ method: 'GET', url: '/api/config' });
        if (configReply.statusCode !== 200) return undefined;
        const module = (await import(pathToFileURL(ssrEntry).href)) as SsrModule;
        return { module, config: configReply.json<AppConfig>() };
      })().catch((error: unknown) => {
        app.log.warn({ err: error }, 'Loading the server-side renderer failed: pages are sent without it');
        return undefined;
      }));
    /** A signed-out page's HTML: its head scripts added, the drawn page in #root, scripts after the page. */
    const signedOutHtml = (meta: PageMeta, drawn: { root: string; head: string }) =>
      withHead(meta, `\n    ${drawn.head}`)
        .replace('<div id="root"></div>', `<div id="root">${drawn.root}</div>`)
        // The page is drawn without its scripts: the style sheet and the page come first.
        .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');

    let signedOutPages: Promise<Map<string, RenderedPage>> | undefined;
    const renderSignedOutPages = async () => {
      const rendered = new Map<string, RenderedPage>();
      const loaded = await loadSsr();
      if (!loaded) return rendered;
      try {
        const { module, config } = loaded;
        const { renderSignedOutPage } = module;
        for (const route of PRERENDERED_PAGES) {
          const { root: markup, head } = await Promise.resolve()
            .then(() => renderSignedOutPage(route, config))
            .catch((error: unknown) => {
              app.log.warn({ err: error }, `Pre-rendering ${route} failed: it is sent blank`);
              return { root: '', head: '' };
            });
          if (!markup) continue;
          rendered.set(route, compressPage(signedOutHtml(PAGE_META[route], { root: markup, head })));
        }
      } catch (error) {
        app.log.warn({ err: error }, 'Pre-rendering the signed-out pages failed: they are sent blank');
      }
      return rendered;
    };
    const loadSignedOutPages = () => (signedOutPages ??= renderSignedOutPages());
    // Started once listening, without holding up "ready" (React's render of two pages was part of every start);
    // a visitor who comes first waits for it in the handler below.
    app.addHook('onListen', async () => {
      void loadSignedOutPages();
    });

    for (const route of Object.keys(PAGE_META)) {
      const prerendered = PRERENDERED_PAGES.includes(route);
      app.get(route, { schema: { hide: true } }, async (request, reply) => {
        const page = pages.get(route);
        if (!page) return reply.status(404).send({ message: 'Client not built: run npm run build', code: 'not_found' });
        if (!prerendered) return sendPage(request, reply, page);
        // With a session cookie the visitor is probably signed in: the blank page, drawn once the session is known.
        // A query string can change the page (/login?error=…), which is drawn for the bare address only.
        const signedOut =
          SESSION_COOKIE_PATTERN.test(request.headers.cookie ?? '') || request.url.includes('?')
            ? undefined
            : (await loadSignedOutPages()).get(route);
        return sendPage(request, reply, signedOut ?? page, 200, ', cookie');
      });
    }

    // Each player's page (docs/product.md, player page): its head and main facts in the HTML, for link previews and
    // crawlers without JavaScript; a visitor without a session gets the page itself, drawn as the client draws it
    // (decision 010). Kept per player while its version holds (bounded, and refreshed after a while so the
    // community prior an unrated player shows follows the model).
    const playerPages = options.playerPages;
    const playerPageRenderer = async (): Promise<SignedOutRenderer | undefined> => {
      const loaded = await loadSsr();
      const { renderPlayerPage, PLAYER_PAGE_COMMENTS } = loaded?.module ?? {};
      if (!loaded || !renderPlayerPage || !PLAYER_PAGE_COMMENTS) return undefined;
      return {
        commentsPageSize: PLAYER_PAGE_COMMENTS,
        renderPlayerPage: (page, comments) => renderPlayerPage(page, comments, loaded.config),
      };
    };
    const keptPlayerPages = new LRUCache<
      number,
      { version: string; withSession: RenderedPage; signedOut: RenderedPage }
    >({
      max: 5000,
      // A drawn page with its compressed forms is tens of KB: bounded by bytes too, not by count alone.
      maxSize: 64 * 1024 * 1024,
      sizeCalculation: ({ withSession, signedOut }) =>
        [...new Set([withSession, signedOut])].reduce(
          (sum, page) => sum + page.body.identity.length + page.body.br.length + page.body.gzip.length,
          0,
        ),
      ttl: 10 * 60_000,
    });
    const sendPlayerPage = async (
      request: FastifyRequest<{ Params: { id: string; slug?: string } }>,
      reply: FastifyReply,
    ) => {
      const id = parseRecordId(request.params.id);
      const found = canServe && playerPages && id !== undefined ? await playerPages(id) : undefined;
      if (!found || id === undefined) {
        if (!notFoundPage) return reply.status(404).send({ message: 'Not found', code: 'not_found' });
        return sendPage(request, reply, notFoundPage, 404);
      }
      if (`/players/${request.params.id}/${request.params.slug ?? ''}` !== found.path) {
        const query = request.url.indexOf('?');
        return reply.redirect(`${found.path}${query === -1 ? '' : request.url.slice(query)}`, 301);
      }
      let kept = keptPlayerPages.get(id);
      if (kept?.version !== found.version) {
        const { meta, root: markup, signedOut } = await found.render(await playerPageRenderer());
        const facts = withHead(meta).replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
        // With a session cookie the visitor is probably signed in: the client draws the page for them, over a blank
        // #root (the facts, laid out otherwise, would jump). Crawlers have no cookie: they get the drawn page. When
        // it could not be drawn, everyone gets the facts.
        const factsPage = signedOut ? undefined : compressPage(facts, 'fast');
        kept = {
          version: found.version,
          withSession: factsPage ?? compressPage(withHead(meta), 'fast'),
          signedOut: factsPage ?? compressPage(signedOutHtml(meta, signedOut!), 'fast'),
        };
        keptPlayerPages.set(id, kept);
      }
      // The page reads nothing from the query string, so an address with one (a shared link's) gets it drawn too.
      const withSession = SESSION_COOKIE_PATTERN.test(request.headers.cookie ?? '');
      return sendPage(request, reply, withSession ? kept.withSession : kept.signedOut, 200, ', cookie');
    };
    app.get('/players/:id', { schema: { hide: true } }, sendPlayerPage);
    app.get('/players/:id/:slug', { schema: { hide: true } }, sendPlayerPage);

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname === '/api' || pathname.startsWith('/api/') || !notFoundPage || request.method !== 'GET') {
        return reply.status(404).send({ message: 'Not found', code: 'not_found' });
      }
      return sendPage(request, reply, notFoundPage, 404);
    });
  },
);
