import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { dataBackfills, players } from '../../db/schema/index';
import { adminTokenHeaders, signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { playerPath } from '../../../common/player-path';
import type { PlayerSearchResult, RegisterPlayerReply } from '../../../common/schemas/players';
import { zipIndex } from '../locations/zip-index';
import { backfillPlayerCoordinates, COORDINATES_BACKFILL } from './coordinates-backfill.service';
import { addPlayer, addRating, playerRow, uniqueEmail, uniqueWord, userIdOf } from './players-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (params: Record<string, string>, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/players/search?${new URLSearchParams(params).toString()}`,
    headers: cookie ? { cookie } : {},
  });

const found = async (params: Record<string, string>, cookie?: string) => {
  const res = await search(params, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PlayerSearchResult[]>();
};

const message = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

/*
 * Around Bozeman, MT 59715, by the bundled ZIP data: Belgrade 59714 is 9.1 miles away, Livingston 59047 23.3,
 * Ennis 59729 38.0 and Big Timber 59011 53.2. No other test file puts players there.
 */
const BOZEMAN = '59715';

describe('GET /api/players/search near a place', () => {
  const ids: Record<string, number> = {};
  let w: string;

  beforeAll(async () => {
    w = uniqueWord();
    const db = t.database.db;
    const at = async (key: string, firstName: string, location: string) => {
      ids[key] = (await addPlayer(db, { firstName, lastName: w, location })).id;
    };
    await at('bozeman', 'Bo', 'Bozeman, MT 59715');
    await at('belgrade', 'Bel', 'Belgrade, MT 59714');
    await at('livingston', 'Liv', 'Livingston, MT 59047');
    await at('ennis', 'Enid', 'Ennis, Montana');
    await at('bigTimber', 'Tim', '59011');
    await at('nowhere', 'Nell', 'Somewhere out west');
  });

  const near = (radiusMiles?: string, q?: string) =>
    found({ near: BOZEMAN, ...(radiusMiles ? { radiusMiles } : {}), ...(q ? { q } : {}) });

  it('answers the players within the radius, nearest first, each with its distance and page', async () => {
    const results = (await near('50')).filter((result) => result.lastName === w);
    expect(results.map((result) => [result.firstName, result.distanceMiles])).toEqual([
      ['Bo', 0],
      ['Bel', 9.1],
      ['Liv', 23.3],
      ['Enid', 38],
    ]);
    const [first] = results;
    expect(first).toMatchObject({
      id: ids.bozeman,
      location: 'Bozeman, MT',
      alreadyRated: false,
      existingRatingId: null,
      path: playerPath({ id: ids.bozeman, firstName: 'Bo', lastName: w, location: 'Bozeman, MT 59715' }),
      overallEstimate: { reliability: 'none' },
    });
    expect(first.path).toMatch(new RegExp(`^/players/${ids.bozeman}/bo-${w}-bozeman-mt$`));
  });

  it('keeps a player 23 miles away at 25 miles and leaves them out at 10 (25 by default)', async () => {
    const within = async (radius?: string) =>
      (await near(radius)).filter((result) => result.lastName === w).map((result) => result.firstName);
    expect(await within('10')).toEqual(['Bo', 'Bel']);
    expect(await within('25')).toEqual(['Bo', 'Bel', 'Liv']);
    expect(await within()).toEqual(['Bo', 'Bel', 'Liv']);
    expect(await within('100')).toEqual(['Bo', 'Bel', 'Liv', 'Enid', 'Tim']);
  });

  it('narrows by q, ordered by distance and then by how well the name matches', async () => {
    expect((await near('50', `liv ${w}`)).map((result) => result.id)).toEqual([ids.livingston]);
    expect((await near('10', `liv ${w}`)).map((result) => result.id)).toEqual([]);
    // Two players at one ZIP: the one whose name starts with the query before the one matched by a later word.
    const v = uniqueWord();
    const db = t.database.db;
    const byLastName = await addPlayer(db, { firstName: 'Ann', lastName: v, location: '59715' });
    const byFirstName = await addPlayer(db, { firstName: v, lastName: 'Zed', location: 'Bozeman, MT 59715' });
    const farther = await addPlayer(db, { firstName: v, lastName: 'Far', location: '59714' });
    expect((await near('25', v)).map((result) => result.id)).toEqual([byFirstName.id, byLastName.id, farther.id]);
  });

  it('places "City, ST" and "City, State" as well as a ZIP', async () => {
    for (const place of ['Bozeman, MT', 'bozeman, montana', '  Bozeman MT ']) {
      const res = await found({ near: place, radiusMiles: '100', q: w });
      expect(
        res.map((result) => result.firstName),
        place,
      ).toEqual(expect.arrayContaining(['Bo', 'Bel', 'Liv', 'Enid', 'Tim']));
      for (const result of res) expect(result.distanceMiles, place).toBeLessThanOrEqual(100);
    }
  });

  it('refuses a place it cannot find, and a radius not offered (400)', async () => {
    for (const place of ['00000', 'Springfield', 'Atlantis, ZZ', '!!']) {
      const res = await search({ near: place });
      expect(res.statusCode, place).toBe(400);
      expect(message(res)).toBe('We could not find that place. Try a ZIP code or "City, ST".');
    }
    for (const radiusMiles of ['5', '30', 'far', '']) {
      const res = await search({ near: BOZEMAN, radiusMiles });
      expect(res.statusCode, radiusMiles).toBe(400);
      expect(message(res)).toBe('radiusMiles must be one of 10, 25, 50, 100');
    }
    const withoutNear = await search({ q: w, radiusMiles: '25' });
    expect(withoutNear.statusCode).toBe(400);
    expect(message(withoutNear)).toBe('radiusMiles needs near (a ZIP code or "City, ST")');
    expect((await search({ near: 'x'.repeat(101) })).statusCode).toBe(400);
  });

  it('keeps the q rule without near: at least 2 characters, and no distance in the results', async () => {
    const refused: Record<string, string>[] = [{}, { q: '' }, { q: ' a ' }, { near: '', q: 'a' }, { near: ' ' }];
    for (const params of refused) {
      const res = await search(params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(message(res)).toBe('Search needs at least 2 characters');
    }
    const byName = await found({ q: `bo ${w}` });
    expect(byName.map((result) => result.id)).toEqual([ids.bozeman]);
    expect(byName[0]).not.toHaveProperty('distanceMiles');
    expect(byName[0].path).toBe(`/players/${ids.bozeman}/bo-${w}-bozeman-mt`);
    // With near, a short q is still refused rather than ignored.
    expect((await search({ near: BOZEMAN, q: 'b' })).statusCode).toBe(400);
  });

  it('narrows by every word of a query near the place, in any order, up to five words', async () => {
    const names = async (q: string) => (await near('100', q)).map((result) => result.firstName);
    expect(await names(`${w} liv`)).toEqual(['Liv']);
    expect(await names(`livingston ${w} li`)).toEqual(['Liv']);
    expect(await names(`${w} mt bel`)).toEqual(['Bel']);
    expect(await names(`${w} nobody`)).toEqual([]);
    // A sixth word is not matched: the first five decide.
    expect(await names(`${w} bo bozeman mt 59715 nobody`)).toEqual(['Bo']);
  });

  it('tells a signed-in caller which players near the place they rated', async () => {
    const email = uniqueEmail('near-rater');
    const cookie = await signInAs(t, { email });
    const rating = await addRating(t.database.db, { playerId: ids.belgrade, raterEmail: email });
    const results = (await found({ near: BOZEMAN, radiusMiles: '10', q: w }, cookie)).map((result) => [
      result.firstName,
      result.alreadyRated,
      result.existingRatingId,
    ]);
    expect(results).toEqual([
      ['Bo', false, null],
      ['Bel', true, rating.id],
    ]);
  });
});

describe('player coordinates', () => {
  const zipPoint = (zip: string) => zipIndex().zipPoints.get(zip);
  const coordinates = async (id: number) => {
    const row = await playerRow(t.database.db, id);
    return { latitude: row.latitude, longitude: row.longitude };
  };

  it('are written on registration, from the ZIP in the location', async () => {
    const email = uniqueEmail('coords');
    const cookie = await signInAs(t, { email });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/players',
      headers: { cookie },
      payload: { firstName: 'Cora', lastName: 'Ords', email, skillLevel: '3.0', location: 'Portland, OR 97204' },
    });
    expect(res.statusCode).toBe(201);
    const { player } = res.json<RegisterPlayerReply>();
    expect(await coordinates(player.id)).toEqual(zipPoint('97204'));
  });

  it('follow the location on a profile edit; an unknown place is refused and leaves them', async () => {
    const email = uniqueEmail('coords-edit');
    const cookie = await signInAs(t, { email });
    const player = await addPlayer(t.database.db, { email, userId: await userIdOf(t.database.db, email) });
    const edit = (location: string) =>
      t.app.inject({ method: 'PUT', url: `/api/players/${player.id}`, headers: { cookie }, payload: { location } });
    expect((await edit('Bozeman, MT')).statusCode).toBe(200);
    const bozeman = await coordinates(player.id);
    expect(bozeman.latitude).toBeCloseTo(45.68, 1);
    expect(bozeman.longitude).toBeCloseTo(-111.04, 1);
    expect((await edit('The moon')).statusCode).toBe(400);
    expect(await coordinates(player.id)).toEqual(bozeman);
  });

  // The search reads the radius's points from player_points, which a trigger on players keeps: a point first held
  // through an edit must be found, and the player no longer at their old one.
  it('find a player near the place an edit moved them to, where nobody was before, and not at the old one', async () => {
    const email = uniqueEmail('coords-move');
    const cookie = await signInAs(t, { email });
    const lastName = uniqueWord();
    const player = await addPlayer(t.database.db, {
      email,
      lastName,
      location: 'Ennis, MT 59729',
      userId: await userIdOf(t.database.db, email),
    });
    const nearBy = async (zip: string) =>
      (await found({ near: zip, radiusMiles: '10', q: lastName })).map((result) => result.id);
    expect(await nearBy('59729')).toEqual([player.id]);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/players/${player.id}`,
      headers: { cookie },
      payload: { location: 'Nome, AK 99762' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await nearBy('99762')).toEqual([player.id]);
    expect(await nearBy('59729')).toEqual([]);
  });

  it('are written by the bulk import', async () => {
    const email = uniqueEmail('coords-bulk');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/players/bulk',
      headers: await adminTokenHeaders(t),
      payload: {
        players: [
          { firstName: 'Bulk', lastName: 'Coords', email, skillLevel: '3.5', location: 'Beverly Hills, CA 90210' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db
      .select({ latitude: players.latitude, longitude: players.longitude })
      .from(players)
      .where(sql`lower(${players.email}) = ${email}`);
    expect(row).toEqual(zipPoint('90210'));
  });

  it('are filled for players saved before they existed, once, by the backfill at start', async () => {
    const db = t.database.db;
    // A new database has nothing to fill: the migration records the backfill as done.
    expect(await backfillPlayerCoordinates(db)).toBe(0);
    const old = await addPlayer(db, { location: 'Livingston, MT 59047' });
    const unplaced = await addPlayer(db, { location: 'Nowhere in particular' });
    await db.update(players).set({ latitude: null, longitude: null }).where(eq(players.id, old.id));
    await db.delete(dataBackfills).where(eq(dataBackfills.name, COORDINATES_BACKFILL));
    expect(await backfillPlayerCoordinates(db)).toBeGreaterThanOrEqual(1);
    expect(await coordinates(old.id)).toEqual(zipPoint('59047'));
    expect(await coordinates(unplaced.id)).toEqual({ latitude: null, longitude: null });
    await db.update(players).set({ latitude: null, longitude: null }).where(eq(players.id, old.id));
    expect(await backfillPlayerCoordinates(db)).toBe(0);
    expect(await coordinates(old.id)).toEqual({ latitude: null, longitude: null });
  });

  it('are backfilled by an app starting on a database that has not had the backfill', async () => {
    const db = t.database.db;
    const old = await addPlayer(db, { location: 'Ennis, MT 59729' });
    await db.update(players).set({ latitude: null, longitude: null }).where(eq(players.id, old.id));
    await db.delete(dataBackfills).where(eq(dataBackfills.name, COORDINATES_BACKFILL));
    const second = await buildApp({ env: t.env, database: t.database, logger: false });
    await second.ready();
    await expect.poll(() => coordinates(old.id)).toEqual(zipPoint('59729'));
    await second.close();
    const [done] = await db.select().from(dataBackfills).where(eq(dataBackfills.name, COORDINATES_BACKFILL));
    expect(done).toBeDefined();
  });
});
