import { LRUCache } from 'lru-cache';

/** A sitemap as drawn, or undefined for a page that lists nobody (404). */
type Draw = () => Promise<string | undefined>;

/**
 * Sitemaps kept after their first draw (docs/product.md#first-draws): each one, of up to 50,000 players, is a range
 * read and tens of milliseconds of XML, and a crawler (or anyone) may ask for them as often as it likes. So each
 * instance draws a sitemap at most once per `keepMs` and answers the kept text meanwhile; requests that arrive during
 * a draw share it. A player added, hidden or renamed shows in the sitemaps within `keepMs` (search engines read
 * them a few times a day). 0 draws on every request. Bounded by bytes; an empty page is not kept.
 */
export function keptSitemaps(keepMs: number) {
  const kept = new LRUCache<string, { xml: Promise<string | undefined>; size: number }>({
    max: 1000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (entry) => entry.size,
    ttl: Math.max(keepMs, 1),
  });
  return async (key: string, draw: Draw): Promise<string | undefined> => {
    if (keepMs <= 0) return draw();
    const found = kept.get(key);
    if (found) return found.xml;
    const xml = draw();
    // Held while it is drawn (so parallel requests share it), with its real size once drawn.
    kept.set(key, { xml, size: 1 });
    try {
      const text = await xml;
      if (text === undefined) kept.delete(key);
      else if (kept.get(key)?.xml === xml) kept.set(key, { xml, size: text.length + 100 }, { noUpdateTTL: true });
      return text;
    } catch (error) {
      kept.delete(key);
      throw error;
    }
  };
}
