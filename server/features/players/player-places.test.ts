import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { dataBackfills, players } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PLACE_UNKNOWN_MESSAGE } from '../../../common/schemas/locations';
import type { PlayerPage } from '../../../common/schemas/player-page';
import type { PlayerSearchResult, RegisterPlayerReply, UpdatePlayerReply } from '../../../common/schemas/players';
import { zipIndex } from '../locations/zip-index';
import { backfillPlayerPlaces, PLACES_BACKFILL } from './places-backfill.service';
import { addPlayer, playerRow, uniqueEmail, uniqueWord, userIdOf } from './players-fixtures';
import { searchColumns } from './search-columns';

/* docs/product.md#places: forms take a place the ZIP data knows, stored as its parts and shown as "City, ST". */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: object, cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/players', payload, headers: { cookie } });
const edit = (id: number, payload: object, cookie: string) =>
  t.app.inject({ method: 'PUT', url: `/api/players/${id}`, payload, headers: { cookie } });

const unknownPlace = {
  message: PLACE_UNKNOWN_MESSAGE,
  code: 'place_unknown',
  errors: [{ path: 'location', message: PLACE_UNKNOWN_MESSAGE }],
};

async function newMember() {
  const email = uniqueEmail('placed');
  return { email, cookie: await signInAs(t, { email }) };
}

const registration = (email: string, location: string) => ({
  firstName: 'Paz',
  lastName: uniqueWord(),
  email,
  skillLevel: '3.5',
  location,
});

describe('registration', () => {
  it.each([
    ['78701 — Austin, TX', { city: 'Austin', state: 'TX', zip: '78701' }],
    ['Austin, TX 78701', { city: 'Austin', state: 'TX', zip: '78701' }],
    ['78701', { city: 'Austin', state: 'TX', zip: '78701' }],
    ['Austin, TX', { city: 'Austin', state: 'TX', zip: null }],
    ['austin, texas', { city: 'Austin', state: 'TX', zip: null }],
  ])('stores "%s" as its parts and shows "Austin, TX"', async (location, parts) => {
    const { email, cookie } = await newMember();
    const res = await register(registration(email, location), cookie);
    expect(res.statusCode, res.body).toBe(201);
    const { player } = res.json<RegisterPlayerReply>();
    expect(player.location).toBe('Austin, TX');
    expect(await playerRow(t.database.db, player.id)).toMatchObject({ location: 'Austin, TX', ...parts });
  });

  it.each(['Mars Base One', '00000', 'Austin', 'Atlantis, ZZ', 'Boise, ID 78701'])(
    'refuses "%s" with a message naming what to write, creating no player',
    async (location) => {
      const { email, cookie } = await newMember();
      const res = await register(registration(email, location), cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(unknownPlace);
      expect(await t.database.db.$count(players, eq(players.email, email))).toBe(0);
    },
  );
});

describe('profile edit', () => {
  async function ownPlayer(location = 'Austin, TX 78701') {
    const { email, cookie } = await newMember();
    const player = await addPlayer(t.database.db, { email, location, userId: await userIdOf(t.database.db, email) });
    return { cookie, player };
  }

  it('refuses a place the ZIP data does not know, leaving the stored one', async () => {
    const { cookie, player } = await ownPlayer();
    const res = await edit(player.id, { location: 'Mars Base One', bio: 'Moved' }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(unknownPlace);
    expect(await playerRow(t.database.db, player.id)).toMatchObject({
      location: 'Austin, TX',
      zip: '78701',
      bio: null,
    });
  });

  it('stores a picked suggestion as its parts, and keeps the ZIP when the shown place is sent back', async () => {
    const { cookie, player } = await ownPlayer('Boise, ID');
    const picked = await edit(player.id, { location: '59715 — Bozeman, MT' }, cookie);
    expect(picked.statusCode).toBe(200);
    expect(picked.json<UpdatePlayerReply>().player.location).toBe('Bozeman, MT');
    const sentBack = await edit(player.id, { location: 'Bozeman, MT', bio: 'Ski bum' }, cookie);
    expect(sentBack.statusCode).toBe(200);
    const row = await playerRow(t.database.db, player.id);
    expect(row).toMatchObject({ location: 'Bozeman, MT', city: 'Bozeman', state: 'MT', zip: '59715' });
    expect({ latitude: row.latitude, longitude: row.longitude }).toEqual(zipIndex().zipPoints.get('59715'));
  });

  it('lets a place written before the rule stay while other fields change', async () => {
    const { cookie, player } = await ownPlayer('Somewhere out west');
    const res = await edit(player.id, { location: 'Somewhere out west', bio: 'Still here' }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await playerRow(t.database.db, player.id)).toMatchObject({
      location: 'Somewhere out west',
      city: null,
      bio: 'Still here',
    });
  });
});

describe('where a place is shown', () => {
  it('shows a picked "78701 — Austin, TX" as "Austin, TX" on the public page, in search and near it', async () => {
    const { email, cookie } = await newMember();
    const body = registration(email, '78701 — Austin, TX');
    const { player } = (await register(body, cookie)).json<RegisterPlayerReply>();
    const page = await t.app.inject({ url: `/api/players/${player.id}/page` });
    expect(page.json<PlayerPage>()).toMatchObject({ place: 'Austin, TX' });
    expect(page.json<PlayerPage>().path).toMatch(/-austin-tx$/);
    const html = await t.app.inject({ url: `/api/players/${player.id}` });
    expect(html.json<{ location: string }>().location).toBe('Austin, TX');
    for (const query of [`q=${body.lastName}`, `near=78701&radiusMiles=10&q=${body.lastName}`]) {
      const found = (await t.app.inject({ url: `/api/players/search?${query}` })).json<PlayerSearchResult[]>();
      expect(
        found.map((result) => [result.id, result.location]),
        query,
      ).toEqual([[player.id, 'Austin, TX']]);
    }
  });
});

describe('players saved before place parts (migration 0018 and the backfill at start)', () => {
  /** A player as the app wrote one then: searchable by its name and its whole text, with no parts and no point. */
  const legacy = async (location: string) => {
    const name = { firstName: 'Old', lastName: 'Row' };
    const { searchName, searchLast, searchLocation } = searchColumns({ ...name, location });
    const [row] = await t.database.db
      .insert(players)
      .values({
        ...name,
        email: uniqueEmail('legacy'),
        skillLevel: '3.0',
        location,
        searchName,
        searchLast,
        searchLocation,
      })
      .returning();
    return row.id;
  };

  it('reads each known text into parts and "City, ST", leaves other texts as they are, once', async () => {
    const db = t.database.db;
    // A new database has nothing to fill: the migration records the backfill as done.
    expect(await backfillPlayerPlaces(db)).toBe(0);
    const ids = {
      suggestion: await legacy('78701 — Austin, TX'),
      imported: await legacy('Austin, TX, USA'),
      street: await legacy('12 Elm St, Springfield, IL 62701-1234'),
      free: await legacy('Mars Base One'),
      placeholder: await legacy('Unknown Location'),
    };
    await db.delete(dataBackfills).where(eq(dataBackfills.name, PLACES_BACKFILL));
    expect(await backfillPlayerPlaces(db)).toBeGreaterThanOrEqual(3);

    const place = async (id: number) => {
      const { location, city, state, zip, searchLocation } = await playerRow(db, id);
      return { location, city, state, zip, searchLocation };
    };
    expect(await place(ids.suggestion)).toEqual({
      location: 'Austin, TX',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      searchLocation: 'austin tx 78701',
    });
    expect(await place(ids.imported)).toMatchObject({ location: 'Austin, TX', city: 'Austin', zip: null });
    expect(await place(ids.street)).toMatchObject({ location: 'Springfield, IL', state: 'IL', zip: '62701' });
    expect(await place(ids.free)).toEqual({
      location: 'Mars Base One',
      city: null,
      state: null,
      zip: null,
      searchLocation: 'mars base one',
    });
    expect((await place(ids.placeholder)).location).toBe('Unknown Location');
    // The search near a place finds a row placed by the backfill at its ZIP.
    const near = await t.app.inject({ url: '/api/players/search?near=62701&radiusMiles=10' });
    expect(near.json<PlayerSearchResult[]>().map((result) => result.id)).toContain(ids.street);

    // Done once: a later row stays as written until it is edited.
    const later = await legacy('78701 — Austin, TX');
    expect(await backfillPlayerPlaces(db)).toBe(0);
    expect((await place(later)).location).toBe('78701 — Austin, TX');
  });

  it('is run by an app starting on a database that has not had it', async () => {
    const db = t.database.db;
    const old = await legacy('Bozeman, MT 59715');
    await db.delete(dataBackfills).where(eq(dataBackfills.name, PLACES_BACKFILL));
    const second = await buildApp({ env: t.env, database: t.database, logger: false });
    await second.ready();
    await expect.poll(async () => (await playerRow(db, old)).location).toBe('Bozeman, MT');
    await second.close();
    const [done] = await db.select().from(dataBackfills).where(eq(dataBackfills.name, PLACES_BACKFILL));
    expect(done).toBeDefined();
  });
});
