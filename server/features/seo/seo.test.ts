import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerPath } from '../../../common/player-path';
import { players } from '../../db/schema/index';
import type { App } from '../../deps';
import { errorsPlugin } from '../../plugins/errors';
import { adminTokenHeaders, signInAs } from '../../test/sign-in';
import { recomputeTrust } from '../../test/trust-recompute';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addPlayer, addRating, linkPlayerTo, uniqueEmail } from '../players/players-fixtures';
import { PREVIEW_DESIGN, type PreviewCard } from './preview-card';
import { createPreviewImages, previewCardOf, SITE_PREVIEW_IMAGE } from './preview-image.service';
import { findPreviewPlayer } from './seo.repo';
import { seoRoutesWith } from './seo.routes';
import { previewImageVersion } from './seo.service';
import { escapeXml, urlSet } from './sitemap-xml';

const BASE = 'http://localhost:5000';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk (right after the signature and the chunk's length and type). */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

type Seeded = Awaited<ReturnType<typeof seed>>;

/** Gives the player a new signed-up owner, who shows the page to everyone or to members only. */
async function giveOwner(t: TestApp, playerId: number, visibility: 'public' | 'members', label = 'owner') {
  const email = uniqueEmail(label);
  await signInAs(t, { email });
  await linkPlayerTo(t.database.db, playerId, email, { visibility });
}

/** Public players (unlinked, linked with a public page, rated), and one linked player whose page is members-only. */
async function seed(t: TestApp) {
  const { db } = t.database;
  const unlinked = await addPlayer(db, {
    firstName: 'Jordan',
    lastName: 'Rivera',
    location: '12 Elm St, Austin, TX 78701',
  });
  const linkedPublic = await addPlayer(db, { firstName: 'Casey', lastName: "O'Neil", location: 'Boise, ID' });
  await giveOwner(t, linkedPublic.id, 'public');
  const hidden = await addPlayer(db, { firstName: 'Morgan', lastName: 'Hidden', location: 'Reno, NV' });
  await giveOwner(t, hidden.id, 'members');
  const rated = await addPlayer(db, { firstName: 'Riley', lastName: 'Rated', location: 'Denver, CO' });
  const raters = Array.from({ length: 6 }, () => uniqueEmail('rater'));
  for (const [index, raterEmail] of raters.entries()) {
    const base = 3 + (index % 2);
    await addRating(db, {
      playerId: rated.id,
      raterEmail,
      serveReturn: base,
      groundstrokesThirdShot: 2,
      netPlayVolleysDinks: 5,
      movementCourtAwareness: base,
      mentalPhysicalGame: 3,
      overallRating: base,
    });
    await addRating(db, { playerId: hidden.id, raterEmail, overallRating: 5 });
  }
  await recomputeTrust(t.app, await adminTokenHeaders(t));
  return { unlinked, linkedPublic, hidden, rated };
}

/** A fresh app with the players of seed(): each describe opens its own, so one block's writes never reach another. */
async function createSeededApp(): Promise<{ t: TestApp; seeded: Seeded }> {
  const t = await createTestApp();
  return { t, seeded: await seed(t) };
}

describe('robots.txt', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('allows player pages, keeps crawlers out of the API and one-time links, and names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.payload.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /api/auth/confirm-email',
        'Disallow: /dev-login',
        'Disallow: /reset-password',
        'Disallow: /verify',
        `Sitemap: ${BASE}/sitemap.xml`,
      ]),
    );
    expect(lines.some((line) => line.startsWith('Disallow: /players'))).toBe(false);
    // Only the directives a robots.txt validator knows, each as "Field: value".
    for (const line of lines.filter(Boolean)) expect(line).toMatch(/^(User-agent|Allow|Disallow|Sitemap): \S+$/);
  });
});

describe('sitemaps', () => {
  let t: TestApp;
  let seeded: Seeded;
  beforeAll(async () => {
    ({ t, seeded } = await createSeededApp());
  });
  afterAll(() => t.close());

  it('lists the public players of the database at their canonical addresses, and no members-only one', async () => {
    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.payload).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns=/);
    expect(locs(index.payload)).toEqual([`${BASE}/sitemap-pages.xml`, `${BASE}/sitemap-players-1.xml`]);

    const page = await t.app.inject({ url: '/sitemap-players-1.xml' });
    expect(page.statusCode).toBe(200);
    expect(page.payload).toMatch(/<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const { unlinked, linkedPublic, hidden, rated } = seeded;
    expect(locs(page.payload)).toEqual([unlinked, linkedPublic, rated].map((player) => `${BASE}${playerPath(player)}`));
    expect(page.payload).not.toContain(`/players/${hidden.id}/`);
    expect(page.payload).not.toContain('Hidden');
    // Never a street or a ZIP in an address.
    expect(locs(page.payload)[0]).toBe(`${BASE}/players/${unlinked.id}/jordan-rivera-austin-tx`);
  });

  it("dates each player by the later of their creation and their estimate's computation", async () => {
    const page = (await t.app.inject({ url: '/sitemap-players-1.xml' })).payload;
    const entries = [...page.matchAll(/<url><loc>[^<]*\/players\/(\d+)\/[^<]*<\/loc><lastmod>([^<]+)<\/lastmod>/g)];
    expect(entries).toHaveLength(3);
    const ratedEntry = entries.find(([, id]) => Number(id) === seeded.rated.id);
    const stored = await findPreviewPlayer(t.database.db, seeded.rated.id);
    expect(ratedEntry?.[2]).toBe(`${stored?.computedAt?.toISOString().slice(0, 19)}Z`);
    for (const [, , lastmod] of entries) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('lists the public static pages in their own sitemap', async () => {
    const res = await t.app.inject({ url: '/sitemap-pages.xml' });
    expect(res.statusCode).toBe(200);
    expect(locs(res.payload)).toEqual(['/', '/login', '/register', '/coming-soon'].map((page) => `${BASE}${page}`));
  });

  it('answers 404 JSON for a page past the last, a page with nobody listable, and a malformed page', async () => {
    for (const url of ['/sitemap-players-2.xml', '/sitemap-players-0.xml', '/sitemap-players-x.xml']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(Object.keys(res.json<{ message: string }>()), url).toEqual(['message', 'code']);
    }
  });

  it('compresses a large sitemap like any other text', async () => {
    for (let index = 0; index < 30; index += 1) await addPlayer(t.database.db, { firstName: `Bulk${index}` });
    const plain = await t.app.inject({ url: '/sitemap-players-1.xml' });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ url: '/sitemap-players-1.xml', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload);
  });

  it('escapes what XML reserves', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    expect(urlSet([{ loc: 'https://x.test/?a=1&b=2' }])).toContain('<loc>https://x.test/?a=1&amp;b=2</loc>');
  });
});

describe('sitemap pages of a given size', () => {
  let t: TestApp;
  let small: App;
  let seeded: Seeded;
  beforeAll(async () => {
    ({ t, seeded } = await createSeededApp());
    // The same feature over the same database, two players per sitemap page.
    small = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    small.setValidatorCompiler(validatorCompiler);
    small.setSerializerCompiler(serializerCompiler);
    await small.register(errorsPlugin);
    await small.register(async (scope) =>
      seoRoutesWith({ playersPerPage: 2 })(scope as unknown as App, {
        env: t.env,
        database: t.database,
        mailer: { send: async () => {} },
        limitStore: undefined as never,
      }),
    );
  });
  afterAll(async () => {
    await small.close();
    await t.close();
  });

  it('splits players into pages by id, each of at most the page size, leaving out a page of hidden players only', async () => {
    const { unlinked, linkedPublic, hidden, rated } = seeded;
    expect([unlinked.id, linkedPublic.id, hidden.id, rated.id]).toEqual([1, 2, 3, 4]);
    const extra = await addPlayer(t.database.db, { firstName: 'Fifth' });
    const sixth = await addPlayer(t.database.db, { firstName: 'Sixth' });
    await t.database.db.update(players).set({ userId: null }).where(eq(players.id, sixth.id));

    const index = await small.inject({ url: '/sitemap.xml' });
    expect(locs(index.payload)).toEqual([
      `${BASE}/sitemap-pages.xml`,
      `${BASE}/sitemap-players-1.xml`,
      `${BASE}/sitemap-players-2.xml`,
      `${BASE}/sitemap-players-3.xml`,
    ]);
    const pageLocs = async (page: number) =>
      locs((await small.inject({ url: `/sitemap-players-${page}.xml` })).payload);
    expect(await pageLocs(1)).toEqual([unlinked, linkedPublic].map((player) => `${BASE}${playerPath(player)}`));
    expect(await pageLocs(2)).toEqual([`${BASE}${playerPath(rated)}`]);
    expect(await pageLocs(3)).toEqual([extra, sixth].map((player) => `${BASE}${playerPath(player)}`));
    expect((await small.inject({ url: '/sitemap-players-4.xml' })).statusCode).toBe(404);

    // Hiding both players of a page takes the page out of the index.
    for (const player of [extra, sixth]) await giveOwner(t, player.id, 'members', 'late-owner');
    const after = await small.inject({ url: '/sitemap.xml' });
    expect(locs(after.payload)).not.toContain(`${BASE}/sitemap-players-3.xml`);
    expect((await small.inject({ url: '/sitemap-players-3.xml' })).statusCode).toBe(404);
  });
});

describe('player preview images', () => {
  let t: TestApp;
  let seeded: Seeded;
  beforeAll(async () => {
    ({ t, seeded } = await createSeededApp());
  });
  afterAll(() => t.close());

  const image = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const versionOf = async (id: number) =>
    previewImageVersion((await findPreviewPlayer(t.database.db, id))?.computedAt ?? null);

  it('draws a 1200×630 PNG for a rated player, revalidated on every use by its ETag', async () => {
    const version = await versionOf(seeded.rated.id);
    expect(version).not.toBe('0');
    const res = await image(`/og/players/${seeded.rated.id}.png?v=${version}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    // A palette PNG (IHDR colour type 3), small enough that serving a cached one costs little more than a read.
    expect(res.rawPayload.readUInt8(25)).toBe(3);
    expect(res.rawPayload.length).toBeLessThan(30_000);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const again = await image(`/og/players/${seeded.rated.id}.png?v=${version}`, {
      'if-none-match': String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);

    // An old or missing version still gets the current picture.
    const stale = await image(`/og/players/${seeded.rated.id}.png?v=old`);
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(res.rawPayload)).toBe(true);
    expect(stale.headers['cache-control']).toBe('public, no-cache');
    expect((await image(`/og/players/${seeded.rated.id}.png`)).headers['cache-control']).toBe('public, no-cache');
  });

  it('draws a player nobody rated as "Not rated yet", with the version "0"', async () => {
    const res = await image(`/og/players/${seeded.unlinked.id}.png?v=0`);
    expect(res.statusCode).toBe(200);
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const row = await findPreviewPlayer(t.database.db, seeded.unlinked.id);
    expect(row && previewCardOf(row)).toEqual({
      name: 'Jordan Rivera',
      place: 'Austin, TX',
      isVerified: false,
      overall: null,
      strongest: [],
    });
  });

  it('shows the overall estimate with its range and reliability and the three strongest categories', async () => {
    const row = await findPreviewPlayer(t.database.db, seeded.rated.id);
    if (!row?.skill) throw new Error('expected a stored estimate');
    const card = previewCardOf(row);
    expect(card.overall).toMatchObject({
      mean: row.skill.overall.mean,
      low: row.skill.overall.low,
      high: row.skill.overall.high,
      reliability: row.skill.reliability.label,
      ratings: 6,
    });
    expect(card.strongest.map((category) => category.label)).toHaveLength(3);
    expect(card.strongest[0].label).toBe('Net Play, Volleys & Dinks');
    expect(card.strongest.map((category) => category.label)).not.toContain('Groundstrokes & Third Shot');
    const means = card.strongest.map((category) => category.mean);
    expect([...means].sort((a, b) => b - a)).toEqual(means);
  });

  it("gives a members-only player the site's own picture, never theirs", async () => {
    const res = await image(`/og/players/${seeded.hidden.id}.png?v=${await versionOf(seeded.hidden.id)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(readFileSync(SITE_PREVIEW_IMAGE))).toBe(true);
    expect(res.headers['cache-control']).toBe('public, no-cache');
  });

  it('leaves out the placeholder place of a player added without one', async () => {
    const placeless = await addPlayer(t.database.db, {
      firstName: 'Nomad',
      lastName: 'Player',
      location: 'Unknown Location',
    });
    const row = await findPreviewPlayer(t.database.db, placeless.id);
    expect(row && previewCardOf(row).place).toBe('');
  });

  it('answers 404 JSON for an unknown or malformed player id', async () => {
    for (const url of ['/og/players/999999.png', '/og/players/abc.png', '/og/players/0.png']) {
      const res = await image(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Player not found', code: 'player_not_found' });
    }
  });

  it('gets a new address and picture when the estimate is recomputed after a new rating', async () => {
    const before = await versionOf(seeded.rated.id);
    const first = await image(`/og/players/${seeded.rated.id}.png?v=${before}`);
    await addRating(t.database.db, { playerId: seeded.rated.id, overallRating: 1, serveReturn: 1 });
    await recomputeTrust(t.app, await adminTokenHeaders(t));
    const after = await versionOf(seeded.rated.id);
    expect(after).not.toBe(before);
    const second = await image(`/og/players/${seeded.rated.id}.png?v=${after}`);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(second.headers['cache-control']).toBe('public, no-cache');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(false);
  });
});

describe('a page turned members-only (docs/product.md#visibility)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("stops its player's preview image at once, and no cache may keep the old one past the switch", async () => {
    const email = uniqueEmail('switcher');
    const cookie = await signInAs(t, { email });
    const player = await addPlayer(t.database.db, { firstName: 'Sky', lastName: 'Switcher', email });
    await linkPlayerTo(t.database.db, player.id, email, { visibility: 'public' });
    const sitePicture = readFileSync(SITE_PREVIEW_IMAGE);
    const version = previewImageVersion((await findPreviewPlayer(t.database.db, player.id))?.computedAt ?? null);
    const urls = [`/og/players/${player.id}.png`, `/og/players/${player.id}.png?v=${version}`];

    const drawn = await t.app.inject({ url: urls[1] });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.rawPayload.equals(sitePicture)).toBe(false);
    // Every use of a player's picture is revalidated (its ETag makes that a 304): no browser or CDN keeps it longer.
    for (const url of urls)
      expect((await t.app.inject({ url })).headers['cache-control'], url).toBe('public, no-cache');

    const hidden = await t.app.inject({
      method: 'PUT',
      url: `/api/players/${player.id}`,
      headers: { cookie },
      payload: { visibility: 'members' },
    });
    expect(hidden.statusCode).toBe(200);
    for (const url of urls) {
      const next = await t.app.inject({ url, headers: { 'if-none-match': String(drawn.headers.etag) } });
      expect(next.statusCode, url).toBe(200);
      expect(next.rawPayload.equals(sitePicture), url).toBe(true);
      expect(next.headers['cache-control'], url).toBe('public, no-cache');
    }
  });
});

describe('the preview image cache', () => {
  let t: TestApp;
  let seeded: Seeded;
  beforeAll(async () => {
    ({ t, seeded } = await createSeededApp());
  });
  afterAll(() => t.close());

  const namesRendered = (rendered: string[]) => async (card: PreviewCard) => {
    rendered.push(card.name);
    await new Promise((resolve) => setTimeout(resolve, 20));
    return Buffer.from(card.name);
  };

  it('renders each picture once: simultaneous requests share the render, later ones read the cache', async () => {
    const rendered: string[] = [];
    const images = createPreviewImages({ render: namesRendered(rendered), freshForMs: 0 });
    const { db } = t.database;
    const [first, second] = await Promise.all([
      images.forPlayer(db, seeded.rated.id),
      images.forPlayer(db, seeded.rated.id),
    ]);
    expect(first.png.toString()).toBe('Riley Rated');
    expect(second.etag).toBe(first.etag);
    await images.forPlayer(db, seeded.rated.id);
    expect(rendered).toEqual(['Riley Rated']);

    // A new name is a new picture, whatever the estimate.
    await db.update(players).set({ firstName: 'Rylee' }).where(eq(players.id, seeded.rated.id));
    const renamed = await images.forPlayer(db, seeded.rated.id);
    expect(renamed.png.toString()).toBe('Rylee Rated');
    expect(renamed.etag).not.toBe(first.etag);
    expect(rendered).toEqual(['Riley Rated', 'Rylee Rated']);
  });

  it('gives a picture of a new card design a new ETag, so a browser or CDN holding the old drawing is sent the new', async () => {
    const { db } = t.database;
    const drawn = createPreviewImages({ render: namesRendered([]), freshForMs: 0 });
    const redrawn = createPreviewImages({ render: namesRendered([]), freshForMs: 0, design: PREVIEW_DESIGN + 1 });
    const before = await drawn.forPlayer(db, seeded.rated.id);
    const after = await redrawn.forPlayer(db, seeded.rated.id);
    expect(after.version).toBe(before.version);
    expect(after.etag).not.toBe(before.etag);
  });

  it("answers a player's current picture from memory for a few seconds, but never for a newer version", async () => {
    const rendered: string[] = [];
    const images = createPreviewImages({ render: namesRendered(rendered), freshForMs: 400 });
    const { db } = t.database;
    const id = seeded.unlinked.id;
    const first = await images.forPlayer(db, id);
    await db.update(players).set({ firstName: 'Una' }).where(eq(players.id, id));
    // Within the window the kept picture answers, for the bare address and for the version it shows.
    expect((await images.forPlayer(db, id)).png.equals(first.png)).toBe(true);
    expect((await images.forPlayer(db, id, first.version)).png.equals(first.png)).toBe(true);
    // An address naming another version (the page's, after a new estimate) is read afresh at once.
    const named = await images.forPlayer(db, id, 'newer');
    expect(named.png.toString()).toMatch(/^Una /);
    await db.update(players).set({ firstName: 'Ula' }).where(eq(players.id, id));
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await images.forPlayer(db, id)).png.toString()).toMatch(/^Ula /);
    expect(rendered.map((name) => name.split(' ')[0])).toEqual([first.png.toString().split(' ')[0], 'Una', 'Ula']);
  });
});

describe('previewImageVersion', () => {
  it('is the computation time in base 36, and "0" before the first estimate', () => {
    const at = new Date('2026-05-01T12:00:00.000Z');
    expect(previewImageVersion(at)).toBe(at.getTime().toString(36));
    expect(previewImageVersion(at.toISOString())).toBe(at.getTime().toString(36));
    expect(previewImageVersion(null)).toBe('0');
  });
});
