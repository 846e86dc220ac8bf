/** XML text and attribute values: the five characters XML reserves. */
export const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export type SitemapEntry = { loc: string; lastModified?: Date };

/** W3C datetime, as the sitemap protocol asks; seconds are enough for a crawler. */
const lastmod = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

const entry = (tag: 'url' | 'sitemap', item: SitemapEntry) =>
  `<${tag}><loc>${escapeXml(item.loc)}</loc>${item.lastModified ? `<lastmod>${lastmod(item.lastModified)}</lastmod>` : ''}</${tag}>`;

/** A `<urlset>`: one sitemap of pages. */
export const urlSet = (items: SitemapEntry[]) =>
  [XML_HEAD, `<urlset xmlns="${SITEMAP_NS}">`, ...items.map((item) => entry('url', item)), '</urlset>', ''].join('\n');

/** A `<sitemapindex>`: the list of sitemaps. */
export const sitemapIndex = (items: SitemapEntry[]) =>
  [
    XML_HEAD,
    `<sitemapindex xmlns="${SITEMAP_NS}">`,
    ...items.map((item) => entry('sitemap', item)),
    '</sitemapindex>',
    '',
  ].join('\n');
