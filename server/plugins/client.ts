import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NOT_FOUND_META, PAGE_META, type PageMeta } from '../../common/seo';
import type { Env } from '../env';
import { compressPage, sendPage, type RenderedPage } from './compressed-page';
import { pageTemplate } from './page-head';
import { registerPlayerPages, type PlayerPages } from './player-pages';
import { renderSignedOutPages, ssrLoader } from './server-renderer';
import { SESSION_COOKIE_PATTERN } from './session';
import { transparencyPageDrawer, type TransparencySource } from './transparency-page';

export const CLIENT_DIST = path.resolve('dist/client');
/** The server-side renderer of signed-out pages (client/prerender.tsx), built next to the client. */
export const SSR_ENTRY = path.resolve('dist/ssr/prerender.js');

/** Pages a visitor without a session gets already drawn, so a phone paints them before the JavaScript runs. */
export const PRERENDERED_PAGES = ['/', '/login'];
/** Drawn for such a visitor too, with figures read when asked (transparency-page.ts). */
const TRANSPARENCY_PAGE = '/transparency';

/**
 * Serves the built client: static assets (with their .br/.gz siblings made at build time), and index.html with
 * per-page head tags for the SPA routes, rendered and compressed once at start.
 * Unknown /api paths answer JSON 404; other unknown paths get the client's 404 page with status 404.
 */
export const clientPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      serveClient: boolean;
      env: Env;
      root?: string;
      ssrEntry?: string;
      playerPages?: PlayerPages;
      transparency?: TransparencySource;
    },
  ) => {
    const root = options.root ?? CLIENT_DIST;
    const indexFile = path.join(root, 'index.html');
    const canServe = options.serveClient && existsSync(indexFile);
    const html = canServe ? readFileSync(indexFile, 'utf8') : '';

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

    const template = canServe ? pageTemplate(html, options.env) : undefined;
    const render = (meta: PageMeta) => compressPage(template!.withHead(meta));
    const pages = new Map(canServe ? Object.entries(PAGE_META).map(([route, meta]) => [route, render(meta)]) : []);
    const notFoundPage = canServe ? render(NOT_FOUND_META) : undefined;

    const loadSsr = ssrLoader(app, { canServe, ssrEntry: options.ssrEntry ?? SSR_ENTRY });
    let signedOutPages: Promise<Map<string, RenderedPage>> | undefined;
    const loadSignedOutPages = () =>
      (signedOutPages ??= loadSsr().then((loaded) => renderSignedOutPages(app, loaded, template!, PRERENDERED_PAGES)));
    // Started once listening, without holding up "ready" (React's render of two pages was part of every start);
    // a visitor who comes first waits for it in the handler below.
    app.addHook('onListen', async () => {
      void loadSignedOutPages();
    });

    const drawTransparencyPage =
      canServe && options.transparency
        ? transparencyPageDrawer(app, { source: options.transparency, template: template!, loadSsr })
        : undefined;

    for (const route of Object.keys(PAGE_META)) {
      const prerendered = PRERENDERED_PAGES.includes(route);
      app.get(route, { schema: { hide: true } }, async (request, reply) => {
        const page = pages.get(route);
        if (!page) return reply.status(404).send({ message: 'Client not built: run npm run build', code: 'not_found' });
        if (route === TRANSPARENCY_PAGE && drawTransparencyPage) {
          // It reads nothing from the query string: an address with one gets it drawn too.
          const signedOut = SESSION_COOKIE_PATTERN.test(request.headers.cookie ?? '')
            ? undefined
            : await drawTransparencyPage();
          return sendPage(request, reply, signedOut ?? page, 200, ', cookie');
        }
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

    registerPlayerPages(app, { playerPages: options.playerPages, template, notFoundPage, loadSsr });

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname === '/api' || pathname.startsWith('/api/') || !notFoundPage || request.method !== 'GET') {
        return reply.status(404).send({ message: 'Not found', code: 'not_found' });
      }
      return sendPage(request, reply, notFoundPage, 404);
    });
  },
);
