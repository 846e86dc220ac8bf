import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerPage } from '../../../common/schemas/player-page';
import type { Database } from '../../db/client';
import type { App } from '../../deps';
import { signInAs } from '../../test/sign-in';
import { createPageServingApp } from '../../test/page-serving-app';
import type { TestApp } from '../../test/test-app';
import { addPlayer, uniqueEmail, uniqueWord } from '../players/players-fixtures';
import { ratingBody } from '../ratings/ratings-fixtures';

/*
 * docs/product.md#new-players: a player the rate wizard added stays out of search engines (noindex on its page, not
 * in the sitemap) until a second account rates it or its owner claims it.
 */
let app: App;
let database: Database;
let t: TestApp;
const PUBLIC_URL = 'https://ratings.example';

beforeAll(async () => {
  t = await createPageServingApp({ PUBLIC_URL, SITEMAP_KEEP_SECONDS: '0' });
  ({ app, database } = t);
  // A listed player, so that the first sitemap page always exists.
  await addPlayer(database.db, { firstName: 'Listed', lastName: 'Always' });
});
afterAll(() => t.close());

const signedIn = async (label: string, options: { isAdmin?: boolean } = {}) => {
  const email = uniqueEmail(label);
  return { email, cookie: await signInAs(t, { email, ...options }) };
};

async function rate(cookie: string, body: Record<string, unknown>) {
  const reply = await app.inject({ method: 'POST', url: '/api/ratings', headers: { cookie }, payload: body });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json<{ playerId: number }>();
}

/** A player added by the rate wizard, with its creator's named rating. */
async function wizardPlayer() {
  const lastName = uniqueWord();
  const body = ratingBody(0, {
    isNewPlayer: true,
    playerName: `Wendy ${lastName}`,
    newPlayerFirstName: 'Wendy',
    newPlayerLastName: lastName,
    newPlayerCity: 'Boise',
    newPlayerState: 'ID',
  });
  delete body.playerId;
  const { playerId } = await rate((await signedIn('creator')).cookie, body);
  return { id: playerId, name: `Wendy ${lastName}` };
}

async function listing(player: { id: number }) {
  const api = await app.inject({ url: `/api/players/${player.id}/page` });
  expect(api.statusCode).toBe(200);
  const { path: pagePath } = api.json<PlayerPage>();
  const html = await app.inject({ url: pagePath });
  expect(html.statusCode).toBe(200);
  const sitemap = await app.inject({ url: '/sitemap-players-1.xml' });
  expect(sitemap.statusCode).toBe(200);
  return {
    isIndexable: api.json<PlayerPage>().isIndexable,
    robotsMeta: html.body.includes('<meta name="robots" content="noindex"'),
    robotsHeader: html.headers['x-robots-tag'],
    inSitemap: sitemap.body.includes(`${PUBLIC_URL}${pagePath}<`),
  };
}

const UNLISTED = { isIndexable: false, robotsMeta: true, robotsHeader: 'noindex', inSitemap: false };
const LISTED = { isIndexable: true, robotsMeta: false, robotsHeader: undefined, inSitemap: true };

describe('a new player added by the rate wizard (docs/product.md#new-players)', () => {
  it('is noindex and out of the sitemap until a second account rates it', async () => {
    const player = await wizardPlayer();
    expect(await listing(player)).toEqual(UNLISTED);

    await rate((await signedIn('second')).cookie, ratingBody(player.id, { playerName: player.name }));
    expect(await listing(player)).toEqual(LISTED);
  });

  it('is listed once its owner claims it', async () => {
    const player = await wizardPlayer();
    const owner = await signedIn('owner');
    const claim = await app.inject({
      method: 'POST',
      url: `/api/players/${player.id}/match-request`,
      headers: { cookie: owner.cookie },
      payload: { firstName: 'Wendy', lastName: 'Owner', email: owner.email, city: 'Boise', state: 'ID', zip: '83702' },
    });
    expect(claim.statusCode, claim.body).toBe(201);
    expect(await listing(player)).toEqual(UNLISTED);
    const admin = await signedIn('admin', { isAdmin: true });
    const approved = await app.inject({
      method: 'POST',
      url: `/api/admin/match-requests/${claim.json<{ request: { id: number } }>().request.id}/review`,
      headers: { cookie: admin.cookie },
      payload: { action: 'approve' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await listing(player)).toEqual(LISTED);
  });

  it('leaves players added otherwise listed: a registration, an import', async () => {
    const account = await signedIn('registrant');
    const registered = await app.inject({
      method: 'POST',
      url: '/api/players',
      headers: { cookie: account.cookie },
      payload: {
        firstName: 'Reggie',
        lastName: uniqueWord(),
        email: account.email,
        skillLevel: '3.5',
        location: 'Portland, OR 97204',
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(await listing(registered.json<{ player: { id: number } }>().player)).toEqual(LISTED);
    expect(await listing(await addPlayer(database.db, { importedBy: 'admin@example.com' }))).toEqual(LISTED);
  });
});
