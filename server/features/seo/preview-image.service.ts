import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { BULK_IMPORT_DEFAULTS, RATING_CATEGORIES } from '../../../common/constants';
import { publicPlace } from '../../../common/player-path';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { FirstDraws } from './first-draws.service';
import { PREVIEW_DESIGN, renderPreviewPng, type PreviewCard } from './preview-card';
import { findPreviewPlayer, type PreviewPlayerRow } from './seo.repo';
import { previewImageVersion } from './seo.service';

/** The site's own preview picture, shown for members-only pages (no name, no numbers). */
export const SITE_PREVIEW_IMAGE = path.resolve('client/public/og-image.png');

export type PreviewImage = {
  png: Buffer;
  etag: string;
  /** The version of the player's current estimate (previewImageVersion): a request naming it may be cached long. */
  version: string;
};

/** The card's facts, from the stored estimate alone: no estimate, or one from no ratings, reads "Not rated yet". */
export function previewCardOf(row: PreviewPlayerRow): PreviewCard {
  const skill = row.skill;
  const rated = skill !== null && skill.overall.n > 0 && skill.reliability.label !== 'none';
  const strongest = rated
    ? RATING_CATEGORIES.map(({ key, label }) => ({ label, estimate: skill.categories[key] }))
        .filter(({ estimate }) => estimate.n > 0)
        .sort((a, b) => b.estimate.mean - a.estimate.mean)
        .slice(0, 3)
        .map(({ label, estimate }) => ({ label, mean: estimate.mean }))
    : [];
  return {
    name: `${row.firstName} ${row.lastName}`.trim(),
    // The placeholder of a player added without a place says nothing worth a line on the card.
    place: row.location === BULK_IMPORT_DEFAULTS.location ? '' : publicPlace(row.location),
    isVerified: row.isVerified,
    overall: rated
      ? { ...skill.overall, reliability: skill.reliability.label, ratings: skill.reliability.ratings }
      : null,
    strongest,
  };
}

/** `limited`: the caller's budget of first draws was spent, so this is the site's picture in place of the player's. */
type PlayerPreview = PreviewImage & { membersOnly: boolean; limited?: boolean };
const sizeOfPreview = (preview: PlayerPreview) => preview.png.length + 200;

/** Members-only pages: their numbers stay with signed-in members, so the preview is the site's own. */
const isMembersOnly = (row: PreviewPlayerRow) => row.isLinked && row.visibility === 'members';

export type PreviewImagesOptions = {
  /** Memory the rendered PNGs may take (about 60 KB each). */
  maxBytes?: number;
  /** Renders at once; more wait (each holds the event loop for its layout, tens of milliseconds). */
  concurrency?: number;
  render?: (card: PreviewCard) => Promise<Buffer>;
  /** The card's drawing (PREVIEW_DESIGN): pictures of another design are other pictures, with other ETags. */
  design?: number;
  /**
   * How long a player's current picture is answered from memory without reading the player again. A shared link
   * brings its previews in bursts (every chat member's app and bot within seconds), and a cached picture's own read
   * is most of what it costs. A rename or a hidden page shows within this time; an address naming a newer estimate
   * version than the one kept is always read afresh.
   */
  freshForMs?: number;
  /**
   * Asked before a picture that is not kept is drawn (docs/product.md#first-draws): when the caller's address has
   * had its share, the site's own picture is answered instead. Kept pictures, and a draw already under way, are not
   * counted.
   */
  firstDraws?: FirstDraws;
};

/**
 * See `freshForMs`: none by default. A page turned members-only must lose its picture at once on every instance
 * (docs/product.md#visibility), and a picture kept in one process would not hear of a change made through another;
 * the one primary-key read each request then makes is what the player page's HTML costs too.
 */
export const PREVIEW_FRESH_MS = 0;

/**
 * Player preview images, rendered on first request and kept in a bounded LRU keyed by what they show
 * (player, estimate version, name, place and Verified mark), so a cached image costs one primary-key read, and none
 * while the player's current one is fresh (`freshForMs`).
 * Simultaneous requests for one image share its render.
 */
export function createPreviewImages(options: PreviewImagesOptions = {}) {
  const render = options.render ?? renderPreviewPng;
  const design = options.design ?? PREVIEW_DESIGN;
  const cache = new LRUCache<string, Buffer>({
    maxSize: options.maxBytes ?? 32 * 1024 * 1024,
    sizeCalculation: (png) => png.length,
  });
  const inFlight = new Map<string, Promise<Buffer>>();
  const freshForMs = options.freshForMs ?? PREVIEW_FRESH_MS;
  // Bounded by bytes: an entry past its time stays until pushed out, and may hold a picture the cache above let go.
  const current =
    freshForMs > 0
      ? new LRUCache<number, PlayerPreview>({
          maxSize: 8 * 1024 * 1024,
          sizeCalculation: sizeOfPreview,
          ttl: freshForMs,
        })
      : undefined;
  const limit = options.concurrency ?? 2;
  let running = 0;
  const waiting: (() => void)[] = [];
  let sitePng: Buffer | undefined;
  let siteEtag = '';

  async function withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  }

  /** The picture, drawn unless kept or under way; undefined when `address` may not have another drawn now. */
  async function renderOnce(key: string, card: PreviewCard, address?: string): Promise<Buffer | undefined> {
    const kept = cache.get(key) ?? inFlight.get(key);
    if (kept) return kept;
    if (options.firstDraws && address !== undefined && !(await options.firstDraws(address))) return undefined;
    const cached = cache.get(key);
    if (cached) return cached;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = withSlot(() => render(card))
        .then((png) => {
          cache.set(key, png);
          return png;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  function siteImage(): PreviewImage {
    if (!sitePng) {
      sitePng = readFileSync(SITE_PREVIEW_IMAGE);
      siteEtag = `"site-${createHash('sha256').update(sitePng).digest('base64url').slice(0, 16)}"`;
    }
    return { png: sitePng, etag: siteEtag, version: '' };
  }

  async function readPreview(db: Db, playerId: number, address?: string): Promise<PlayerPreview> {
    const row = await findPreviewPlayer(db, playerId);
    if (!row) throw notFound('Player not found', 'player_not_found');
    if (isMembersOnly(row)) return { ...siteImage(), membersOnly: true };
    const version = previewImageVersion(row.computedAt);
    const card = previewCardOf(row);
    const shown = createHash('sha256')
      .update(JSON.stringify([design, card.name, card.place, card.isVerified]))
      .digest('base64url')
      .slice(0, 10);
    const key = `${row.id}:${version}:${shown}`;
    const png = await renderOnce(key, card, address);
    if (!png) return { ...siteImage(), membersOnly: false, limited: true };
    return { png, etag: `"p${key.replace(/:/g, '-')}"`, version, membersOnly: false };
  }

  return {
    /**
     * The player's preview; 404 for an unknown player. `version`: the estimate version the address names, if any;
     * a kept picture of another version is not answered for it. `address`: the caller's, whose first draws count.
     */
    async forPlayer(db: Db, playerId: number, version?: string, address?: string): Promise<PlayerPreview> {
      const kept = current?.get(playerId);
      if (kept && (version === undefined || kept.membersOnly || kept.version === version)) return kept;
      const preview = await readPreview(db, playerId, address);
      // The site's picture in place of a drawing is this caller's answer only.
      if (!preview.limited) current?.set(playerId, preview);
      return preview;
    },
  };
}
