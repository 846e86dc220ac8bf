import type { FastifyInstance } from 'fastify';
import type { TransparencyReport } from '../../common/schemas/transparency';
import { PAGE_META } from '../../common/seo';
import { compressPage, type RenderedPage } from './compressed-page';
import type { PageTemplate } from './page-head';
import type { LoadedSsr } from './server-renderer';

/** Where /transparency's figures come from (wired in server/app.ts), and how long an answer may be shown. */
export type TransparencySource = {
  /** The report as GET /api/transparency answers it. */
  report: () => Promise<TransparencyReport>;
  /** How long the API's answer may be cached: a page drawn from it is kept no longer. */
  maxAgeMs: number;
};

type KeptDraw = { startedAt: number; page: Promise<RenderedPage | undefined> };

/**
 * /transparency drawn with its figures for a visitor without a session (docs/product.md#transparency). Drawn on
 * the first visit after the kept page expired (nothing at start), and kept from the moment its figures were asked
 * for, so no page older than the API's cache time is ever sent. Visitors who come while it is drawn share the draw.
 * Undefined (the blank page, drawn by the client) when there is no renderer or the draw failed; a failed draw is
 * not kept, so the next visit tries again.
 */
export function transparencyPageDrawer(
  app: FastifyInstance,
  options: { source: TransparencySource; template: PageTemplate; loadSsr: () => Promise<LoadedSsr | undefined> },
): () => Promise<RenderedPage | undefined> {
  const { source, template, loadSsr } = options;
  let kept: KeptDraw | undefined;
  const draw = async (renderedAt: number) => {
    const loaded = await loadSsr();
    const render = loaded?.module.renderTransparencyPage;
    if (!loaded || !render) return undefined;
    const drawn = await render(await source.report(), loaded.config, renderedAt);
    return compressPage(template.signedOutHtml(PAGE_META['/transparency'], drawn), 'fast');
  };
  return () => {
    const now = Date.now();
    if (kept && now - kept.startedAt < source.maxAgeMs) return kept.page;
    const current: KeptDraw = {
      startedAt: now,
      page: draw(now).catch((error: unknown) => {
        app.log.warn({ err: error }, 'Pre-rendering /transparency failed: it is sent blank');
        if (kept === current) kept = undefined;
        return undefined;
      }),
    };
    kept = current;
    return current.page;
  };
}
