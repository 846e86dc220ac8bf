import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  NOT_FOUND_META,
  PAGE_META,
  SITE_KEYWORDS,
  SITE_NAME,
  organizationJsonLd,
  type PageMeta,
} from '../../common/seo';
import type { Env } from '../env';

export const CLIENT_DIST = path.resolve('dist/client');

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Head tags for a page, so link previews work without running JavaScript. */
export function renderHead(meta: PageMeta, env: Pick<Env, 'PUBLIC_URL' | 'GA_MEASUREMENT_ID' | 'DEMO_MODE'>): string {
  const base = env.PUBLIC_URL.replace(/\/$/, '');
  const url = `${base}${meta.path === '/404' ? '' : meta.path}`;
  const jsonLd = JSON.stringify(organizationJsonLd(base)).replace(/</g, '\\u003c');
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<meta name="keywords" content="${escapeHtml(SITE_KEYWORDS)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(`${base}/og-image.png`)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    `<script type="application/ld+json" id="ld-organization">${jsonLd}</script>`,
    env.GA_MEASUREMENT_ID ? `<meta name="app:ga-measurement-id" content="${escapeHtml(env.GA_MEASUREMENT_ID)}" />` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}

/**
 * Serves the built client: static assets, and index.html with per-page head tags for the SPA routes.
 * Unknown /api paths answer JSON 404; other unknown paths get the client's 404 page with status 404.
 */
export const clientPlugin = fp(
  async (app: FastifyInstance, options: { serveClient: boolean; env: Env; root?: string }) => {
    const root = options.root ?? CLIENT_DIST;
    const indexFile = path.join(root, 'index.html');
    const canServe = options.serveClient && existsSync(indexFile);
    const template = canServe ? readFileSync(indexFile, 'utf8') : '';

    if (canServe) {
      await app.register(fastifyStatic, {
        root,
        index: false,
        wildcard: false,
        // Source maps would publish our source: none is served, even if a build left one behind.
        allowedPath: (pathName) => !pathName.endsWith('.map'),
        setHeaders: (res, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`))
            res.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }

    const renderPage = (meta: PageMeta) => template.replace('<!--app-head-->', renderHead(meta, options.env));

    for (const route of Object.keys(PAGE_META)) {
      app.get(route, { schema: { hide: true } }, async (_request, reply) => {
        if (!canServe) return reply.status(404).send({ message: 'Client not built: run npm run build' });
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(renderPage(PAGE_META[route]));
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname === '/api' || pathname.startsWith('/api/') || !canServe || request.method !== 'GET') {
        return reply.status(404).send({ message: 'Not found' });
      }
      return reply.status(404).type('text/html; charset=utf-8').send(renderPage(NOT_FOUND_META));
    });
  },
);
