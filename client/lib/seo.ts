import {
  SITE_IMAGE,
  SITE_KEYWORDS,
  SITE_NAME,
  leaderboardJsonLd,
  organizationJsonLd,
  pageJsonLdId,
  type LeaderboardJsonLdEntry,
  type PageMeta,
} from '@common/seo';

/**
 * Keeps the head tags in step with the page on client-side navigation (docs/product.md#page-metadata). The server sends the same
 * tags in the HTML of public pages (server/plugins/client.ts renderHead); both read common/seo.ts.
 */

/** The site's public origin: the canonical link the server rendered from PUBLIC_URL, else this origin. */
export function siteBaseUrl(): string {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  try {
    if (canonical) return new URL(canonical).origin;
  } catch {
    // fall through
  }
  return window.location.origin;
}

function upsertMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

function upsertCanonical(href: string) {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!element) {
    element = document.createElement('link');
    element.rel = 'canonical';
    document.head.appendChild(element);
  }
  element.href = href;
}

/** Adds, replaces or (with null) removes a JSON-LD block identified by its element id. */
export function setJsonLd(id: string, data: object | null): void {
  const existing = document.getElementById(id);
  if (!data) {
    existing?.remove();
    return;
  }
  const element = existing ?? document.createElement('script');
  element.id = id;
  element.setAttribute('type', 'application/ld+json');
  element.textContent = JSON.stringify(data);
  if (!existing) document.head.appendChild(element);
}

function setNoindex(noindex: boolean) {
  const existing = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
  if (noindex) upsertMeta('name', 'robots', 'noindex');
  else existing?.remove();
}

export function applyPageMeta(meta: PageMeta): void {
  const base = siteBaseUrl();
  const url = `${base}${meta.path === '/404' ? '' : meta.path}`;
  const image = meta.image ?? SITE_IMAGE;
  const imageUrl = /^https?:\/\//.test(image.url) ? image.url : `${base}${image.url}`;
  document.title = meta.title;
  upsertMeta('name', 'description', meta.description);
  setNoindex(meta.noindex ?? false);
  upsertMeta('name', 'keywords', SITE_KEYWORDS);
  upsertCanonical(url);
  upsertMeta('property', 'og:type', meta.ogType ?? 'website');
  upsertMeta('property', 'og:site_name', SITE_NAME);
  upsertMeta('property', 'og:title', meta.title);
  upsertMeta('property', 'og:description', meta.description);
  upsertMeta('property', 'og:url', url);
  upsertMeta('property', 'og:image', imageUrl);
  upsertMeta('property', 'og:image:alt', image.alt);
  upsertMeta('property', 'og:image:width', String(image.width));
  upsertMeta('property', 'og:image:height', String(image.height));
  upsertMeta('name', 'twitter:card', 'summary_large_image');
  upsertMeta('name', 'twitter:title', meta.title);
  upsertMeta('name', 'twitter:description', meta.description);
  upsertMeta('name', 'twitter:image', imageUrl);
  upsertMeta('name', 'twitter:image:alt', image.alt);
  setJsonLd('ld-organization', organizationJsonLd(base));
  // The page's own structured data replaces the previous page's.
  document.head.querySelectorAll('script[id^="ld-page-"]').forEach((element) => element.remove());
  (meta.jsonLd ?? []).forEach((data, index) => setJsonLd(pageJsonLdId(index), data));
}

export const LEADERBOARD_JSON_LD_ID = 'ld-leaderboard';

/** docs/product.md#page-metadata: the leaderboard's ItemList of the top 10 (Gold, Silver, Bronze, then "Rank N"); null removes it. */
export function setLeaderboardJsonLd(entries: LeaderboardJsonLdEntry[] | null): void {
  setJsonLd(LEADERBOARD_JSON_LD_ID, entries && entries.length > 0 ? leaderboardJsonLd(entries, siteBaseUrl()) : null);
}
