import {
  SITE_IMAGE,
  SITE_KEYWORDS,
  SITE_NAME,
  organizationJsonLd,
  pageJsonLdId,
  type PageMeta,
} from '../../common/seo';
import type { Env } from '../env';

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

/** index.html with a page's head tags, and with a page drawn on the server in its #root. */
export function pageTemplate(template: string, env: Env) {
  // Replaced by functions: a string replacement would run "$&", "$`" and "$'" written in a name or a comment.
  const withHeadIn = (html: string, meta: PageMeta, extra = '') =>
    html.replace('<!--app-head-->', () => renderHead(meta, env) + extra);
  const withHead = (meta: PageMeta, extra = '') => withHeadIn(template, meta, extra);
  // The page is drawn without its scripts: the style sheet and the page come first. Done once, on the template
  // alone (not over each drawn page).
  const signedOutTemplate = template.replace(
    /<(script type="module"|link rel="modulepreload")/g,
    '<$1 fetchpriority="low"',
  );
  /** A signed-out page's HTML: its head scripts added, the drawn page in #root, scripts after the page. */
  const signedOutHtml = (meta: PageMeta, drawn: { root: string; head: string }) =>
    inRoot(withHeadIn(signedOutTemplate, meta, `\n    ${drawn.head}`), drawn.root);
  return { withHead, signedOutHtml };
}

/** The page's HTML with `markup` in its empty #root. */
export const inRoot = (html: string, markup: string) =>
  html.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);

export type PageTemplate = ReturnType<typeof pageTemplate>;
