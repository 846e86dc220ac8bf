import { headerSafeAddress, playerPath } from '../../../common/player-path';
import type { Db } from '../../db/client';
import { CONFIRM_EMAIL_PATH } from '../auth/email-confirmation.service';
import { listSitemapPages, listSitemapPlayers } from './seo.repo';
import { sitemapIndex, urlSet } from './sitemap-xml';

/** The sitemap protocol's ceiling for one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Public pages besides the players', in the order a visitor meets them. */
export const SITEMAP_STATIC_PAGES = ['/', '/login', '/register', '/coming-soon'];

/**
 * The `v` of a player's preview image address: the time its estimate was computed (base-36 epoch ms), or
 * "0" before the first one. The image changes with the estimate, so a new estimate gives a new address
 * that link-preview caches fetch afresh; the player page's head links `/og/players/:id.png?v=<this>`.
 */
export function previewImageVersion(skillComputedAt: Date | string | null | undefined): string {
  if (!skillComputedAt) return '0';
  const ms = typeof skillComputedAt === 'string' ? Date.parse(skillComputedAt) : skillComputedAt.getTime();
  return Number.isFinite(ms) ? ms.toString(36) : '0';
}

/** The preview image's path for a player whose estimate was computed at `skillComputedAt`. */
export const previewImagePath = (playerId: number, skillComputedAt: Date | string | null | undefined) =>
  `/og/players/${playerId}.png?v=${previewImageVersion(skillComputedAt)}`;

const baseUrl = (publicUrl: string) => publicUrl.replace(/\/$/, '');

/**
 * Player pages are open to crawlers; the API, sign-in helpers and one-time links are not (a crawler that
 * followed a mailed confirmation link would use it up).
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    `Disallow: ${CONFIRM_EMAIL_PATH}`,
    'Disallow: /dev-login',
    'Disallow: /reset-password',
    'Disallow: /verify',
    '',
    `Sitemap: ${baseUrl(publicUrl)}/sitemap.xml`,
    '',
  ].join('\n');
}

export type SitemapOptions = { publicUrl: string; playersPerPage: number };

export const playersSitemapPath = (page: number) => `/sitemap-players-${page}.xml`;
export const PAGES_SITEMAP_PATH = '/sitemap-pages.xml';

/** /sitemap.xml: the static pages' sitemap, then one sitemap per page of listable players. */
export async function sitemapIndexXml(db: Db, options: SitemapOptions): Promise<string> {
  const base = baseUrl(options.publicUrl);
  const pages = await listSitemapPages(db, options.playersPerPage);
  return sitemapIndex([
    { loc: `${base}${PAGES_SITEMAP_PATH}` },
    ...pages.map((page) => ({ loc: `${base}${playersSitemapPath(page)}` })),
  ]);
}

export function pagesSitemapXml(publicUrl: string): string {
  const base = baseUrl(publicUrl);
  return urlSet(SITEMAP_STATIC_PAGES.map((page) => ({ loc: `${base}${page}` })));
}

/** One page of player URLs (canonical addresses); undefined when the page holds no listable player. */
export async function playersSitemapXml(db: Db, page: number, options: SitemapOptions): Promise<string | undefined> {
  const size = options.playersPerPage;
  const rows = await listSitemapPlayers(db, (page - 1) * size, page * size);
  if (rows.length === 0) return undefined;
  const base = baseUrl(options.publicUrl);
  // The protocol wants URLs escaped: a name outside ASCII is percent-encoded, as the page's redirect sends it.
  return urlSet(
    rows.map((row) => ({ loc: `${base}${headerSafeAddress(playerPath(row))}`, lastModified: row.lastModified })),
  );
}
