import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openTestDatabase, type TestApp } from '../../test/test-app';
import { parseEnv } from '../../env';
import type { App } from '../../deps';
import type { Database } from '../../db/client';
import { adminTokenHeaders, signInAs } from '../../test/sign-in';
import { recomputeTrust } from '../../test/trust-recompute';
import { addPlayer, addRating, allScores, linkPlayerTo, uniqueEmail } from '../players/players-fixtures';

/*
 * The player page as the server sends it: a built client's index.html (a stand-in here) with the player's head
 * tags and main facts, for link previews and crawlers that run no JavaScript.
 */
let app: App;
let database: Database;
let t: TestApp;
let root: string;
const PUBLIC_URL = 'https://ratings.example';

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'pr-player-page-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><!--app-head--><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  database = await openTestDatabase();
  // Sitemaps drawn on every request: a test reads the players it has just added.
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    TRUST_WORKER_SECONDS: '0',
    SITEMAP_KEEP_SECONDS: '0',
  });
  // As a build without the server-side renderer: every visitor gets the facts.
  const ssrEntry = path.join(root, 'no-ssr.js');
  app = await buildApp({ env, database, logger: false, serveClient: true, clientRoot: root, ssrEntry });
  await app.ready();
  t = { app, env, database, sentMail: [], close: async () => {} };
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
const headTag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]) as Record<string, unknown>,
  );

async function ratedPlayer(player: Parameters<typeof addPlayer>[1], overall: number[]) {
  const row = await addPlayer(database.db, player);
  for (const stars of overall) {
    await addRating(database.db, { playerId: row.id, ...allScores(stars) });
  }
  await recomputeTrust(app, await adminTokenHeaders(t));
  return row;
}

describe('GET /players/:id/:slug', () => {
  it("sends the player's head and main facts in the HTML, with no e-mail, street or ZIP", async () => {
    const email = uniqueEmail('jordan');
    const player = await ratedPlayer(
      { firstName: 'Jordan', lastName: 'Rivera', email, location: '12 Elm St, Austin, TX 78701' },
      [4, 4, 5, 3],
    );
    const reply = await get(`/players/${player.id}/jordan-rivera-austin-tx`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.headers.etag).toMatch(/^".+"$/);
    const html = reply.body;
    for (const secret of [email, '78701', 'Elm St']) expect(html).not.toContain(secret);

    expect(headTag(html, /<title>(.*?)<\/title>/)).toBe('Jordan Rivera · Austin, TX · Pickleball Ratings');
    expect(headTag(html, /<link rel="canonical" href="([^"]*)"/)).toBe(
      `${PUBLIC_URL}/players/${player.id}/jordan-rivera-austin-tx`,
    );
    expect(headTag(html, /<meta property="og:type" content="([^"]*)"/)).toBe('profile');
    expect(headTag(html, /<meta name="description" content="([^"]*)"/)).toMatch(
      /Jordan Rivera.*Austin, TX.*\d\.\d out of 5.*4 ratings/,
    );
    const image = headTag(html, /<meta property="og:image" content="([^"]*)"/);
    expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/og/players/${player.id}\\.png\\?v=[0-9a-z]+$`));
    expect(headTag(html, /<meta name="twitter:image" content="([^"]*)"/)).toBe(image);
    expect(headTag(html, /<meta property="og:image:width" content="([^"]*)"/)).toBe('1200');
    expect(headTag(html, /<meta property="og:image:height" content="([^"]*)"/)).toBe('630');
    expect(headTag(html, /<meta property="og:image:alt" content="([^"]*)"/)).toMatch(
      /^Jordan Rivera, Austin, TX: rated \d\.\d out of 5 overall from 4 ratings, (low|medium|high) reliability$/,
    );
    expect(html).not.toContain('name="robots"');

    const profile = jsonLdOf(html).find((data) => data['@type'] === 'ProfilePage');
    expect(profile).toMatchObject({
      url: `${PUBLIC_URL}/players/${player.id}/jordan-rivera-austin-tx`,
      mainEntity: {
        '@type': 'Person',
        name: 'Jordan Rivera',
        address: { '@type': 'PostalAddress', addressLocality: 'Austin', addressRegion: 'TX' },
      },
    });

    // The facts a crawler without JavaScript reads, inside #root.
    const facts = html.slice(html.indexOf('<div id="root">'));
    expect(facts).toContain('<h1 class="text-2xl font-bold text-stone-900">Jordan Rivera</h1>');
    expect(facts).toContain('Austin, TX');
    expect(facts).toMatch(/Would play again<\/dt><dd>\d\.\d out of 5 \(likely between \d\.\d and \d\.\d\)/);
    expect(facts).toContain('4 ratings');
    expect(facts).toMatch(/Reliability<\/dt><dd>(Low|Medium|High)</);

    const compressed = await get(`/players/${player.id}/jordan-rivera-austin-tx`, { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(html);
    const again = await get(`/players/${player.id}/jordan-rivera-austin-tx`, {
      'if-none-match': String(reply.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('describes a player nobody rated yet in a sentence of its own', async () => {
    const player = await addPlayer(database.db, { firstName: 'Sam', lastName: 'Lee', location: 'Denver, CO' });
    const html = (await get(`/players/${player.id}/sam-lee-denver-co`)).body;
    expect(headTag(html, /<meta name="description" content="([^"]*)"/)).toMatch(/^Sam Lee .*Denver, CO.*/);
    expect(headTag(html, /<meta name="description" content="([^"]*)"/)).not.toMatch(/out of 5/);
    expect(html).toContain('Not rated yet');
    expect(headTag(html, /<meta property="og:image" content="([^"]*)"/)).toBe(
      `${PUBLIC_URL}/og/players/${player.id}.png?v=0`,
    );
  });

  it('redirects a wrong or missing slug permanently to the canonical path, keeping the query string', async () => {
    const player = await addPlayer(database.db, { firstName: 'Ana', lastName: 'Ruiz', location: 'Miami, FL' });
    for (const [url, location] of [
      [`/players/${player.id}`, `/players/${player.id}/ana-ruiz-miami-fl`],
      [`/players/${player.id}/old-name`, `/players/${player.id}/ana-ruiz-miami-fl`],
      [
        `/players/${player.id}/old-name?utm_source=share&x=1`,
        `/players/${player.id}/ana-ruiz-miami-fl?utm_source=share&x=1`,
      ],
    ]) {
      const reply = await get(url);
      expect(reply.statusCode).toBe(301);
      expect(reply.headers.location).toBe(location);
    }
  });

  it('redirects to a slug outside Latin-1 with a percent-encoded Location, which serves the page and the sitemap gives', async () => {
    for (const [firstName, lastName, slug] of [
      ['李', '小龙', '%E6%9D%8E-%E5%B0%8F%E9%BE%99-austin-tx'],
      ['Işıl', 'Kaya', 'is%C4%B1l-kaya-austin-tx'],
    ]) {
      const player = await addPlayer(database.db, { firstName, lastName, location: 'Austin, TX' });
      for (const url of [`/players/${player.id}`, `/players/${player.id}/old?utm_source=share`]) {
        const reply = await get(url);
        expect(reply.statusCode, url).toBe(301);
        const location = String(reply.headers.location);
        expect(location.split('?')[0]).toBe(`/players/${player.id}/${slug}`);
        const page = await get(location);
        expect(page.statusCode, location).toBe(200);
        expect(page.body).toContain(`${firstName} ${lastName}`);
      }
      // The sitemap gives the same escaped address (the protocol wants URLs escaped).
      expect((await get('/sitemap-players-1.xml')).body).toContain(
        `<loc>${PUBLIC_URL}/players/${player.id}/${slug}</loc>`,
      );
    }
  });

  it('answers the 404 page with status 404 for a player that does not exist or an id that is not one', async () => {
    for (const url of [
      '/players/99999999/nobody',
      '/players/99999999',
      '/players/abc/x',
      '/players/0',
      '/players/99999999999',
    ]) {
      const reply = await get(url);
      expect(reply.statusCode).toBe(404);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.body).toContain('<title>Page not found');
      expect(reply.body).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('escapes every value for its place: a name that tries to close the script or the attribute stays text', async () => {
    const player = await addPlayer(database.db, {
      firstName: '</script><script>alert(1)</script>',
      lastName: `"O'Hara" <b>`,
      location: 'Austin, TX',
    });
    const first = await get(`/players/${player.id}`);
    const reply = await get(String(first.headers.location));
    expect(reply.statusCode).toBe(200);
    const html = reply.body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain(`"O'Hara"`);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;O&#39;Hara&quot; &lt;b&gt;');
    // Every script element is one of ours: the JSON-LD ones carry the name with "<" escaped.
    expect(html.match(/<script/g)).toHaveLength(html.match(/<\/script>/g)!.length);
    const profile = jsonLdOf(html).find((data) => data['@type'] === 'ProfilePage') as { mainEntity: { name: string } };
    expect(profile.mainEntity.name).toBe(`</script><script>alert(1)</script> "O'Hara" <b>`);
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script> \\"O\'Hara\\" \\u003cb>');
  });

  it('keeps a members-only page out of indexes and shows no facts beyond the name', async () => {
    const email = uniqueEmail('private');
    await signInAs(t, { email });
    const player = await ratedPlayer({ firstName: 'Riley', lastName: 'Quinn', email, location: 'Boise, ID' }, [5, 5]);
    await linkPlayerTo(database.db, player.id, email, { visibility: 'members' });
    const html = (await get(`/players/${player.id}/riley-quinn-boise-id`)).body;
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(headTag(html, /<title>(.*?)<\/title>/)).toBe('Riley Quinn · Pickleball Ratings');
    expect(html).toContain('Riley Quinn');
    for (const fact of [
      'Boise, ID',
      'out of 5',
      'ratings from',
      'Reliability',
      'ProfilePage',
      `/og/players/${player.id}`,
    ]) {
      expect(html).not.toContain(fact);
    }
    expect(html).toContain('Sign in');
  });

  it('draws the page anew when the estimate changes', async () => {
    const player = await ratedPlayer({ firstName: 'Lee', lastName: 'Park', location: 'Reno, NV' }, [3]);
    const before = await get(`/players/${player.id}/lee-park-reno-nv`);
    expect(before.body).toContain('1 rating from');
    await addRating(database.db, { playerId: player.id });
    await recomputeTrust(app, await adminTokenHeaders(t));
    const after = await get(`/players/${player.id}/lee-park-reno-nv`);
    expect(after.body).toContain('2 ratings from');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

/*
 * With the server-side renderer (client/prerender.tsx, from source here), a visitor without a session cookie gets
 * the page the client draws, with the data it was drawn with, for the client to take over (decision 010).
 */
describe('GET /players/:id/:slug pre-rendered for a visitor without a session', () => {
  let drawn: App;
  beforeAll(async () => {
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL, TRUST_WORKER_SECONDS: '0' });
    const ssrEntry = path.resolve('client/prerender.tsx');
    drawn = await buildApp({ env, database, logger: false, serveClient: true, clientRoot: root, ssrEntry });
    await drawn.ready();
  });
  afterAll(async () => {
    await drawn.close();
  });

  type Seeded = { renderedAt: number; queries: { key: unknown[]; data: unknown }[] };
  const dataOf = (html: string) => {
    const text = /<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(html)?.[1];
    return text === undefined ? undefined : (JSON.parse(text) as Seeded);
  };
  const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));

  it('sends the page as drawn, with its data and the signed-out config; a session cookie gets the head', async () => {
    const player = await ratedPlayer({ firstName: 'Casey', lastName: 'Moreno', location: 'Tulsa, OK' }, [4, 5]);
    await addRating(database.db, { playerId: player.id, strengthsImprovements: 'Great hands at the kitchen line' });
    const url = `/players/${player.id}/casey-moreno-tulsa-ok`;
    const reply = await drawn.inject({ url });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers.vary).toContain('cookie');
    const html = reply.body;
    const page = rootOf(html);
    expect(page).toMatch(/<h1[^>]*>Casey Moreno<\/h1>/);
    expect(page).toContain('What players say');
    expect(page).toContain('Great hands at the kitchen line');
    expect(page).toContain('Rate this player');
    expect(page).toContain(`href="/login?next=${encodeURIComponent(url)}"`);
    expect(page).toContain('>Share');
    expect(page).not.toContain('<dl class="mt-4 grid');
    // The head tags are the same as for anyone.
    expect(headTag(html, /<title>(.*?)<\/title>/)).toBe('Casey Moreno · Tulsa, OK · Pickleball Ratings');
    expect(html).toMatch(/<script type="application\/json" id="app-config">\{.*\}<\/script>/);

    const data = dataOf(html)!;
    expect(data.renderedAt).toBeGreaterThan(Date.now() - 60_000);
    const answer = await drawn.inject({ url: `/api/players/${player.id}/page` });
    const comments = await drawn.inject({ url: `/api/players/${player.id}/comments?limit=10` });
    expect(data.queries).toEqual([
      { key: ['community-ratings', 'player-page', player.id], data: answer.json<unknown>() },
      {
        key: ['community-ratings', 'player-page-comments', player.id],
        data: { pages: [{ items: comments.json<unknown>() }], pageParams: [null] },
      },
    ]);

    const signedIn = await drawn.inject({ url, headers: { cookie: 'pr_session=abc' } });
    expect(signedIn.statusCode).toBe(200);
    // The client draws the page for them; the head tags are the same.
    expect(rootOf(signedIn.body)).toMatch(/^<div id="root"><\/div>/);
    expect(headTag(signedIn.body, /<title>(.*?)<\/title>/)).toBe('Casey Moreno · Tulsa, OK · Pickleball Ratings');
    expect(signedIn.body).not.toContain('id="app-data"');
    expect(signedIn.body).not.toContain('id="app-config"');
    expect(signedIn.headers.etag).not.toBe(reply.headers.etag);
  });

  it('escapes a hostile name in the drawn page and in its data script', async () => {
    const player = await addPlayer(database.db, {
      firstName: '</script><script>alert(1)</script>',
      lastName: `"O'Hara" <b>`,
      location: 'Austin, TX',
    });
    const first = await drawn.inject({ url: `/players/${player.id}` });
    const html = (await drawn.inject({ url: String(first.headers.location) })).body;
    expect(rootOf(html)).toContain('What players say');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>');
    expect(html.match(/<script/g)).toHaveLength(html.match(/<\/script>/g)!.length);
    expect(rootOf(html)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const page = dataOf(html)!.queries[0].data as { firstName: string; lastName: string };
    expect(`${page.firstName} ${page.lastName}`).toBe(`</script><script>alert(1)</script> "O'Hara" <b>`);
  });

  it('writes a name and a comment with "$" patterns as they are (no replacement pattern is run)', async () => {
    const player = await ratedPlayer({ firstName: 'Cash', lastName: 'Money$&', location: 'Reno, NV' }, [4]);
    await addRating(database.db, { playerId: player.id, strengthsImprovements: 'Costs $` less than $& here' });
    const html = (await drawn.inject({ url: `/players/${player.id}/cash-money-reno-nv` })).body;
    expect(headTag(html, /<title>(.*?)<\/title>/)).toBe('Cash Money$&amp; · Reno, NV · Pickleball Ratings');
    expect(rootOf(html)).toContain('Costs $` less than $&amp; here');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
  });

  it('shows a new rating and its comment once the estimate is recomputed', async () => {
    const player = await ratedPlayer({ firstName: 'Drew', lastName: 'Holt', location: 'Omaha, NE' }, [3]);
    const url = `/players/${player.id}/drew-holt-omaha-ne`;
    const before = await drawn.inject({ url });
    expect(rootOf(before.body)).toContain('No comments yet.');
    await addRating(database.db, { playerId: player.id, strengthsImprovements: 'Steady third-shot drops' });
    await recomputeTrust(drawn, await adminTokenHeaders(t));
    const after = await drawn.inject({ url });
    expect(rootOf(after.body)).toContain('Steady third-shot drops');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
