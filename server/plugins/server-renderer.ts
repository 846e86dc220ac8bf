import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type {
  renderPlayerPage as RenderPlayerPage,
  renderSignedOutPage as RenderSignedOutPage,
  renderTransparencyPage as RenderTransparencyPage,
} from '../../client/prerender';
import type { AppConfig } from '../../common/schemas/auth';
import { PAGE_META } from '../../common/seo';
import { compressPage, type RenderedPage } from './compressed-page';
import type { PageTemplate } from './page-head';

/** The server-side renderer of signed-out pages (client/prerender.tsx), as built next to the client. */
export type SsrModule = {
  renderSignedOutPage: typeof RenderSignedOutPage;
  renderPlayerPage?: typeof RenderPlayerPage;
  PLAYER_PAGE_COMMENTS?: number;
  renderTransparencyPage?: typeof RenderTransparencyPage;
};

export type LoadedSsr = { module: SsrModule; config: AppConfig };

/**
 * Loads the renderer once, with the config /api/config answers (so it is asked once the routes are all there:
 * at listen, or the first request). Undefined when there is no build of it or it fails to load: pages are then
 * sent without it.
 */
export function ssrLoader(app: FastifyInstance, options: { canServe: boolean; ssrEntry: string }) {
  let ssr: Promise<LoadedSsr | undefined> | undefined;
  return () =>
    (ssr ??= (async () => {
      if (!options.canServe || !existsSync(options.ssrEntry)) return undefined;
      const configReply = await app.inject({ method: 'GET', url: '/api/config' });
      if (configReply.statusCode !== 200) return undefined;
      const module = (await import(pathToFileURL(options.ssrEntry).href)) as SsrModule;
      return { module, config: configReply.json<AppConfig>() };
    })().catch((error: unknown) => {
      app.log.warn({ err: error }, 'Loading the server-side renderer failed: pages are sent without it');
      return undefined;
    }));
}

/** The given routes drawn for a visitor without a session; a route that fails to draw is left out (sent blank). */
export async function renderSignedOutPages(
  app: FastifyInstance,
  loaded: LoadedSsr | undefined,
  template: PageTemplate,
  routes: string[],
): Promise<Map<string, RenderedPage>> {
  const rendered = new Map<string, RenderedPage>();
  if (!loaded) return rendered;
  try {
    const { module, config } = loaded;
    const { renderSignedOutPage } = module;
    for (const route of routes) {
      const { root: markup, head } = await Promise.resolve()
        .then(() => renderSignedOutPage(route, config))
        .catch((error: unknown) => {
          app.log.warn({ err: error }, `Pre-rendering ${route} failed: it is sent blank`);
          return { root: '', head: '' };
        });
      if (!markup) continue;
      rendered.set(route, compressPage(template.signedOutHtml(PAGE_META[route], { root: markup, head })));
    }
  } catch (error) {
    app.log.warn({ err: error }, 'Pre-rendering the signed-out pages failed: they are sent blank');
  }
  return rendered;
}
