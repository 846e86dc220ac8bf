import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { renderPlayerPage as RenderPlayerPage } from '../../client/prerender';
import { headerSafeAddress } from '../../common/player-path';
import type { PageMeta } from '../../common/seo';
import { compressPage, pageBytesBound, sendPage, type RenderedPage } from './compressed-page';
import { inRoot, type PageTemplate } from './page-head';
import type { LoadedSsr } from './server-renderer';
import { SESSION_COOKIE_PATTERN } from './session';

/** The server-side renderer (client/prerender.tsx), bound to the install's config. */
export type SignedOutRenderer = {
  /** How many comments the page shows at first (and asks for with each "Show more"). */
  commentsPageSize: number;
  renderPlayerPage: (
    page: Parameters<typeof RenderPlayerPage>[0],
    comments: Parameters<typeof RenderPlayerPage>[1],
  ) => ReturnType<typeof RenderPlayerPage>;
};

/** A page drawn from one record (a player's), kept while its version holds. */
export type RecordPage = {
  /** The canonical path: any other address of the record redirects here. */
  path: string;
  /** Changes whenever anything the page shows changes. */
  version: string;
  /** Kept out of search engines: answered with `X-Robots-Tag: noindex` (its head says so too). */
  noindex?: boolean;
  /**
   * The head and the content of #root, drawn only when no page of this version is kept; `signedOut`, the page as
   * the client draws it for a visitor without a session, with its head scripts (when `ssr` is there and could).
   * `caller`: who asked (their address). `keep: false`: a page for this caller only (see docs/product.md#first-draws),
   * not kept for others.
   */
  render: (
    ssr: SignedOutRenderer | undefined,
    caller: { address: string },
  ) => Promise<{ meta: PageMeta; root: string; signedOut?: { root: string; head: string }; keep?: boolean }>;
};
/** The player page of an id, or undefined when there is no such player. */
export type PlayerPages = (id: number) => Promise<RecordPage | undefined>;

/** A database id: a positive 32-bit integer written without a sign or leading zero. */
const parseRecordId = (raw: string) => {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : undefined;
};

type KeptPage = { version: string; withSession: RenderedPage; signedOut: RenderedPage };

type PlayerPageOptions = {
  playerPages: PlayerPages | undefined;
  template: PageTemplate | undefined;
  notFoundPage: RenderedPage | undefined;
  loadSsr: () => Promise<LoadedSsr | undefined>;
};

/** The renderer's player page bound to the install's config, when the renderer has one. */
function playerPageRenderer(loaded: LoadedSsr | undefined): SignedOutRenderer | undefined {
  const { renderPlayerPage, PLAYER_PAGE_COMMENTS } = loaded?.module ?? {};
  if (!loaded || !renderPlayerPage || !PLAYER_PAGE_COMMENTS) return undefined;
  return {
    commentsPageSize: PLAYER_PAGE_COMMENTS,
    renderPlayerPage: (page, comments) => renderPlayerPage(page, comments, loaded.config),
  };
}

/** The two forms of a player's page: for a visitor with a session cookie, and for one without. */
async function drawPlayerPage(
  found: RecordPage,
  template: PageTemplate,
  ssr: SignedOutRenderer | undefined,
  caller: { address: string },
) {
  const { meta, root: markup, signedOut, keep = true } = await found.render(ssr, caller);
  const facts = inRoot(template.withHead(meta), markup);
  // With a session cookie the visitor is probably signed in: the client draws the page for them, over a blank
  // #root (the facts, laid out otherwise, would jump). Crawlers have no cookie: they get the drawn page. When
  // it could not be drawn, everyone gets the facts.
  const factsPage = signedOut ? undefined : compressPage(facts, 'fast');
  const page: KeptPage = {
    version: found.version,
    withSession: factsPage ?? compressPage(template.withHead(meta), 'fast'),
    signedOut: factsPage ?? compressPage(template.signedOutHtml(meta, signedOut!), 'fast'),
  };
  return { page, keep };
}

/**
 * Each player's page (docs/product.md#player-page): its head and main facts in the HTML, for link previews and
 * crawlers without JavaScript; a visitor without a session gets the page itself, drawn as the client draws it
 * (decision 010). Kept per player while its version holds (bounded, and refreshed after a while so the
 * community prior an unrated player shows follows the model).
 */
export function registerPlayerPages(app: FastifyInstance, options: PlayerPageOptions) {
  const { playerPages, template, notFoundPage } = options;
  const kept = new LRUCache<number, KeptPage>({
    max: 5000,
    // A drawn page with its compressed forms is tens of KB: bounded by bytes too, not by count alone.
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: ({ withSession, signedOut }) =>
      [...new Set([withSession, signedOut])].reduce((sum, page) => sum + pageBytesBound(page), 0),
    ttl: 10 * 60_000,
  });
  const sendPlayerPage = async (
    request: FastifyRequest<{ Params: { id: string; slug?: string } }>,
    reply: FastifyReply,
  ) => {
    const id = parseRecordId(request.params.id);
    const found = template && playerPages && id !== undefined ? await playerPages(id) : undefined;
    if (!found || id === undefined || !template) {
      if (!notFoundPage) return reply.status(404).send({ message: 'Not found', code: 'not_found' });
      return sendPage(request, reply, notFoundPage, 404);
    }
    if (`/players/${request.params.id}/${request.params.slug ?? ''}` !== found.path) {
      const query = request.url.indexOf('?');
      // A slug of a name outside Latin-1 is no valid header as it is: percent-encoded, it is the same address.
      return reply.redirect(headerSafeAddress(`${found.path}${query === -1 ? '' : request.url.slice(query)}`), 301);
    }
    let page = kept.get(id);
    if (page?.version !== found.version) {
      const drawn = await drawPlayerPage(found, template, playerPageRenderer(await options.loadSsr()), {
        address: request.ip,
      });
      page = drawn.page;
      if (drawn.keep) kept.set(id, page);
    }
    // The page reads nothing from the query string, so an address with one (a shared link's) gets it drawn too.
    const withSession = SESSION_COOKIE_PATTERN.test(request.headers.cookie ?? '');
    if (found.noindex) reply.header('x-robots-tag', 'noindex');
    return sendPage(request, reply, withSession ? page.withSession : page.signedOut, 200, ', cookie');
  };
  app.get('/players/:id', { schema: { hide: true } }, sendPlayerPage);
  app.get('/players/:id/:slug', { schema: { hide: true } }, sendPlayerPage);
}
