import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerPath } from '../../../common/player-path';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import type { App } from '../../deps';
import { parseEnv, type Env } from '../../env';
import { createMemoryLimitStore, createRedisLimitStore, type LimitStore } from '../../lib/limit-store';
import { openTestDatabase } from '../../test/test-app';
import { addPlayer, uniqueWord } from '../players/players-fixtures';
import { drawerKey } from './first-draws.service';

/*
 * docs/product.md#first-draws: one address may have at most FIRST_DRAWS_PER_MINUTE player pages and preview images
 * drawn anew a minute; past it, the page's facts and the site's picture. Kept ones are always served.
 */
let database: Database;
let root: string;
let env: Env;
const apps: App[] = [];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'pr-first-draws-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  database = await openTestDatabase();
  env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://ratings.example',
    TRUST_WORKER_SECONDS: '0',
  });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  rmSync(root, { recursive: true, force: true });
});

/** An instance of the app over the shared database, drawing pages with the real renderer. */
async function instance(limitStore: LimitStore) {
  const ssrEntry = path.resolve('client/prerender.tsx');
  const app = await buildApp({
    env,
    database,
    logger: false,
    serveClient: true,
    clientRoot: root,
    ssrEntry,
    limitStore,
  });
  await app.ready();
  apps.push(app);
  return app;
}

let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;

async function newPlayers(n: number) {
  return Promise.all(
    Array.from({ length: n }, () => addPlayer(database.db, { firstName: 'Drew', lastName: uniqueWord() })),
  );
}

const image = (app: App, id: number, address: string) =>
  app.inject({ url: `/og/players/${id}.png`, remoteAddress: address });
const page = (app: App, player: Parameters<typeof playerPath>[0], address: string) =>
  app.inject({ url: playerPath(player), remoteAddress: address });

/** A drawn preview is the player's own picture; the site's picture has its own ETag and is never kept. */
const isPlayersPicture = (reply: Awaited<ReturnType<typeof image>>) => {
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toBe('image/png');
  if (String(reply.headers.etag).startsWith('"site-')) {
    expect(reply.headers['cache-control']).toBe('no-store');
    return false;
  }
  return true;
};
/** A drawn page carries the renderer's page and its data; the facts alone do not. */
const isDrawnPage = (reply: Awaited<ReturnType<typeof page>>) => {
  expect(reply.statusCode).toBe(200);
  expect(reply.body).toMatch(/<h1[^>]*>Drew /);
  return reply.body.includes('id="app-data"');
};

describe('first draws per address', () => {
  const limit = () => env.FIRST_DRAWS_PER_MINUTE;

  it('is 20 a minute by default', () => {
    expect(limit()).toBe(20);
  });

  it('answers the site picture for the 21st new preview image from one address, while another address gets its own', async () => {
    const app = await instance(createMemoryLimitStore());
    const players = await newPlayers(limit() + 1);
    const attacker = newAddress();
    for (const player of players.slice(0, limit()))
      expect(isPlayersPicture(await image(app, player.id, attacker))).toBe(true);

    const last = players[limit()];
    expect(isPlayersPicture(await image(app, last.id, attacker))).toBe(false);
    expect(isPlayersPicture(await image(app, last.id, newAddress()))).toBe(true);
    // Kept pictures are not counted: the limited address still gets them, the one another address had drawn too.
    expect(isPlayersPicture(await image(app, players[0].id, attacker))).toBe(true);
    expect(isPlayersPicture(await image(app, last.id, attacker))).toBe(true);
  });

  it('answers the facts of the 21st page drawn anew from one address, not kept; kept pages still drawn in full', async () => {
    const app = await instance(createMemoryLimitStore());
    const players = await newPlayers(limit() + 2);
    const attacker = newAddress();
    for (const player of players.slice(0, limit())) expect(isDrawnPage(await page(app, player, attacker))).toBe(true);

    const [next, other] = players.slice(limit());
    expect(isDrawnPage(await page(app, next, attacker))).toBe(false);
    // The facts were for the attacker only: another address gets the page drawn, and then it is kept for all.
    expect(isDrawnPage(await page(app, next, newAddress()))).toBe(true);
    expect(isDrawnPage(await page(app, next, attacker))).toBe(true);
    expect(isDrawnPage(await page(app, players[0], attacker))).toBe(true);
    // Pages and pictures spend one budget.
    expect(isPlayersPicture(await image(app, other.id, attacker))).toBe(false);
  });

  const stores: [string, () => Promise<LimitStore>][] = [['memory', async () => createMemoryLimitStore()]];
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) {
    stores.push([
      'Redis',
      () => createRedisLimitStore(redisUrl, { prefix: `pr:test:${randomBytes(6).toString('hex')}:` }),
    ]);
  }
  it.each(stores)('is one budget for every instance sharing the limit store (%s)', async (_name, open) => {
    const store = await open();
    try {
      const [one, two] = [await instance(store), await instance(store)];
      const players = await newPlayers(limit() + 1);
      const attacker = newAddress();
      for (const [index, player] of players.slice(0, limit()).entries()) {
        expect(isPlayersPicture(await image(index % 2 ? one : two, player.id, attacker))).toBe(true);
      }
      expect(isPlayersPicture(await image(one, players[limit()].id, attacker))).toBe(false);
      expect(isPlayersPicture(await image(two, players[limit()].id, attacker))).toBe(false);
    } finally {
      await store.close();
    }
  });
});

describe('drawerKey', () => {
  it('is the IPv4 address, also when written IPv4-mapped', () => {
    expect(drawerKey('203.0.113.9')).toBe('203.0.113.9');
    expect(drawerKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it("is an IPv6 address's /64, however the address is written", () => {
    expect(drawerKey('2001:db8:aa:bb::1')).toBe('2001:db8:aa:bb::/64');
    expect(drawerKey('2001:0db8:00aa:00bb:1234:5678:9abc:def0')).toBe('2001:db8:aa:bb::/64');
    expect(drawerKey('2001:DB8::')).toBe('2001:db8:0:0::/64');
    expect(drawerKey('::1')).toBe('0:0:0:0::/64');
  });
});
