import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FeatureRoutes } from '../../deps';
import { notFound } from '../../lib/app-error';
import { firstDrawLimit } from './first-draws.service';
import { keptSitemaps } from './kept-sitemaps.service';
import { createPreviewImages, type PreviewImagesOptions } from './preview-image.service';
import {
  PAGES_SITEMAP_PATH,
  pagesSitemapXml,
  playersSitemapXml,
  robotsTxt,
  SITEMAP_MAX_URLS,
  sitemapIndexXml,
} from './seo.service';

/** A crawler reads these a few times a day; an hour of caching spares the database a sitemap scan per fetch. */
const SITEMAP_CACHE = 'public, max-age=3600';
/**
 * A player's picture may stop at any moment: a page turned members-only gets the site's picture at once
 * (docs/product.md#visibility), whatever version the address names. So browsers and CDNs revalidate every use (the
 * ETag makes that a 304 without the picture) rather than keep it for a lifetime that could outlive the switch.
 */
const PLAYER_IMAGE_CACHE = 'public, no-cache';
/** The site's picture answered in place of a drawing (first draws spent): for this caller, now, only. */
const LIMITED_IMAGE_CACHE = 'no-store';

const MAX_INT = 2_147_483_647;
const positiveInt = (text: string, max: number) =>
  /^[1-9]\d{0,9}$/.test(text) && Number(text) <= max ? Number(text) : 0;

const textParam = (name: string) => z.strictObject({ [name]: z.string() });
const previewQuerySchema = z.object({ v: z.string().max(40).optional() });

function sendXml(request: FastifyRequest, reply: FastifyReply, xml: string) {
  return reply.type('application/xml; charset=utf-8').header('cache-control', SITEMAP_CACHE).send(xml);
}

export type SeoRoutesOptions = {
  /** Player URLs per sitemap page (the protocol allows 50,000); tests make it small. */
  playersPerPage?: number;
  previewImages?: PreviewImagesOptions;
};

/** robots.txt, the sitemaps and the players' link-preview images: what search engines and link previews read. */
export function seoRoutesWith(options: SeoRoutesOptions = {}): FeatureRoutes {
  return async (app, { database, env, limitStore }) => {
    const { db } = database;
    const sitemap = { publicUrl: env.PUBLIC_URL, playersPerPage: options.playersPerPage ?? SITEMAP_MAX_URLS };
    const previewImages = createPreviewImages({
      firstDraws: firstDrawLimit(limitStore, env.FIRST_DRAWS_PER_MINUTE),
      ...options.previewImages,
    });
    const kept = keptSitemaps(env.SITEMAP_KEEP_SECONDS * 1000);

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(env.PUBLIC_URL)),
    );

    app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
      sendXml(request, reply, (await kept('index', () => sitemapIndexXml(db, sitemap)))!),
    );

    app.get(PAGES_SITEMAP_PATH, { schema: { hide: true } }, async (request, reply) =>
      sendXml(request, reply, pagesSitemapXml(env.PUBLIC_URL)),
    );

    app.get(
      '/sitemap-players-:page.xml',
      { schema: { hide: true, params: textParam('page') } },
      async (request, reply) => {
        const page = positiveInt(request.params.page, Math.floor(MAX_INT / sitemap.playersPerPage));
        const xml = page ? await kept(`players-${page}`, () => playersSitemapXml(db, page, sitemap)) : undefined;
        if (!xml) throw notFound('Sitemap not found', 'not_found');
        return sendXml(request, reply, xml);
      },
    );

    // "<id>.png" read from one whole segment: an address like an image file's, which link-preview bots expect.
    app.get(
      '/og/players/:file',
      {
        // Not part of the API: an image address, like /favicon.svg (robots.txt and the sitemaps likewise).
        schema: { hide: true, params: textParam('file'), querystring: previewQuerySchema },
      },
      async (request, reply) => {
        const id = positiveInt(/^(\d+)\.png$/.exec(request.params.file)?.[1] ?? '', MAX_INT);
        if (!id) throw notFound('Player not found', 'player_not_found');
        const image = await previewImages.forPlayer(db, id, request.query.v, request.ip);
        reply
          .type('image/png')
          .header('cache-control', image.limited ? LIMITED_IMAGE_CACHE : PLAYER_IMAGE_CACHE)
          .header('etag', image.etag)
          // Made to be shown elsewhere: a chat or social site may draw it in its own pages.
          .header('cross-origin-resource-policy', 'cross-origin');
        if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
        return reply.send(image.png);
      },
    );
  };
}

export const seoRoutes = seoRoutesWith();
