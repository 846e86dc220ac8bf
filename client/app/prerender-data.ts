import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { setRenderedAt } from '@client/lib/render-clock';

/** The id of the JSON script holding the data a pre-rendered page was drawn with, besides the config. */
export const PRERENDER_DATA_ID = 'app-data';

/** Query answers a page was drawn with (a player's page and its first comments), and when it was drawn. */
export type PrerenderData = { renderedAt: number; queries: { key: QueryKey; data: unknown }[] };

/**
 * Puts a pre-rendered page's data into the query cache as answered at `renderedAt`, so the client draws the same
 * page the server did (and asks nothing on taking it over). Used on both sides: client/prerender.tsx, start.tsx.
 */
export function seedPrerenderedData(client: QueryClient, data: PrerenderData): void {
  setRenderedAt(data.renderedAt);
  for (const { key, data: answer } of data.queries) client.setQueryData(key, answer, { updatedAt: data.renderedAt });
}

/** The data script of the page being taken over, if it has one. */
export function readPrerenderedData(): PrerenderData | null {
  const text = document.getElementById(PRERENDER_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as PrerenderData) : null;
}
