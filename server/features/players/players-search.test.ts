import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { PlayerSearchResult } from '../../../common/schemas/players';
import { insertPlayersUnlessEmailTaken } from './bulk-insert.repo';
import { addPlayer, addRating, keysDeep, searchResults, uniqueEmail, uniqueWord, userIdOf } from './players-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const search = (q: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/players/search?q=${encodeURIComponent(q)}`,
    headers: cookie ? { cookie } : {},
  });

describe('GET /api/players/search', () => {
  it('needs at least 2 characters after trimming (400)', async () => {
    for (const q of ['', 'a', '  b  ']) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('Search needs at least 2 characters');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/players/search' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe('Search needs at least 2 characters');
  });

  it('refuses an over-long query and unknown parameters', async () => {
    expect((await search('x'.repeat(101))).statusCode).toBe(400);
    const extra = await t.app.inject({ method: 'GET', url: '/api/players/search?q=abc&limit=1000' });
    expect(extra.statusCode).toBe(400);
  });

  it('answers an empty list when the query has no letters or digits to match', async () => {
    expect(await searchResults(t, '!!!')).toEqual([]);
  });

  it('finds a player by first name, last name, full name and location, in any letter case', async () => {
    const last = uniqueWord();
    const town = uniqueWord();
    const player = await addPlayer(t.database.db, { firstName: 'Quincy', lastName: last, location: `${town}, TX` });
    for (const q of ['Quincy', last, `quincy ${last}`, `QUINCY ${last.toUpperCase()}`, town, `${last} ${town}`]) {
      const ids = (await searchResults(t, q)).map((result) => result.id);
      expect(ids, q).toContain(player.id);
    }
    expect((await searchResults(t, `${last} nomatchword`)).map((result) => result.id)).not.toContain(player.id);
  });

  it('is accent-insensitive both ways ("jose" finds José, "José" finds Jose)', async () => {
    const last = uniqueWord();
    const accented = await addPlayer(t.database.db, { firstName: 'José', lastName: `Núñez${last}` });
    const plain = await addPlayer(t.database.db, { firstName: 'Jose', lastName: `Nunez${last}` });
    for (const q of [`jose nunez${last}`, `JOSÉ NÚÑEZ${last}`, `nunez${last}`]) {
      const ids = (await searchResults(t, q)).map((result) => result.id);
      expect(ids, q).toEqual(expect.arrayContaining([accented.id, plain.id]));
    }
    const [first] = (await searchResults(t, `josé nuñez${last}`)).filter((result) => result.id === accented.id);
    expect(first).toMatchObject({ firstName: 'José', lastName: `Núñez${last}` });
  });

  it('matches 2-character queries at word starts only', async () => {
    const word = uniqueWord();
    const byStart = await addPlayer(t.database.db, { firstName: 'Xy', lastName: word });
    const inside = await addPlayer(t.database.db, { firstName: 'Axyl', lastName: word });
    const ids = (await searchResults(t, `xy ${word}`)).map((result) => result.id);
    expect(ids).toContain(byStart.id);
    expect(ids).not.toContain(inside.id);
  });

  it('puts the best matches first: name start, last-name start, then location start', async () => {
    const w = uniqueWord();
    const db = t.database.db;
    const locationStart = await addPlayer(db, { firstName: 'Dan', lastName: 'Fourth', location: `${w} City, TX` });
    const insideName = await addPlayer(db, { firstName: 'Carl', lastName: `Mc${w}` });
    const lastNameStart = await addPlayer(db, { firstName: 'Ann', lastName: w });
    const firstNameStart = await addPlayer(db, { firstName: w, lastName: 'Brown' });
    const ids = (await searchResults(t, w)).map((result) => result.id);
    expect(ids).toEqual([firstNameStart.id, lastNameStart.id, locationStart.id]);
    expect(ids).not.toContain(insideName.id);
  });

  it('searches inside words and across name and place only when the query starts no name or place', async () => {
    const w = uniqueWord();
    const db = t.database.db;
    const insideLocation = await addPlayer(db, { firstName: 'Eve', lastName: 'Last', location: `Port X${w}, ME` });
    const insideName = await addPlayer(db, { firstName: 'Carl', lastName: `Mc${w}` });
    const ids = (await searchResults(t, w)).map((result) => result.id);
    expect(ids).toEqual([insideName.id, insideLocation.id]);
    // Word starts of first and last name, typed together.
    const [first, last] = ['ca', `mc${w.slice(0, 3)}`];
    expect((await searchResults(t, `${first} ${last}`)).map((result) => result.id)).toContain(insideName.id);
  });

  it('orders last-name matches by last name, then first name', async () => {
    const w = uniqueWord();
    const db = t.database.db;
    const zed = await addPlayer(db, { firstName: 'Zed', lastName: `${w}a` });
    const amy = await addPlayer(db, { firstName: 'Amy', lastName: `${w}b` });
    const bob = await addPlayer(db, { firstName: 'Bob', lastName: `${w}a` });
    const ids = (await searchResults(t, w)).map((result) => result.id);
    expect(ids).toEqual([bob.id, zed.id, amy.id]);
  });

  it('ranks the exact full name first, then names that start with the query', async () => {
    const w = uniqueWord();
    const db = t.database.db;
    const longer = await addPlayer(db, { firstName: w, lastName: 'Leeds' });
    const exact = await addPlayer(db, { firstName: w, lastName: 'Lee' });
    const other = await addPlayer(db, { firstName: 'Lee', lastName: w });
    const ids = (await searchResults(t, `${w} lee`)).map((result) => result.id);
    expect(ids).toEqual([exact.id, longer.id]);
    // The same words in another order are found when nothing starts with the query.
    expect((await searchResults(t, `lee ${w}x`)).map((result) => result.id)).toEqual([]);
    expect((await searchResults(t, `le ${w}`)).map((result) => result.id)).toEqual(
      expect.arrayContaining([exact.id, other.id]),
    );
  });

  it('answers at most 50 players, best first, also when the name starts fill the page', async () => {
    const w = uniqueWord();
    const rows = Array.from({ length: 55 }, (_, i) => ({
      firstName: `${w}${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
      lastName: 'Bulk',
      email: uniqueEmail('bulk'),
      skillLevel: '3.0',
      yearsPlaying: null,
      location: 'Reno, NV',
      bio: null,
      importedBy: 'players.test',
    }));
    await insertPlayersUnlessEmailTaken(t.database.db, rows);
    const lastNameMatch = await addPlayer(t.database.db, { firstName: 'Aaron', lastName: w });
    const results = await searchResults(t, w);
    expect(results).toHaveLength(50);
    expect(results.map((result) => result.id)).not.toContain(lastNameMatch.id);
    const names = results.map((result) => result.firstName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe(`${w}aa`);
  });

  it('shows each result without any e-mail, with its linked state and rating count', async () => {
    const w = uniqueWord();
    const email = uniqueEmail('linked');
    await signInAs(t, { email });
    const userId = await userIdOf(t.database.db, email);
    const linked = await addPlayer(t.database.db, { firstName: 'Lin', lastName: w, userId, email });
    const free = await addPlayer(t.database.db, { firstName: 'Fre', lastName: w, isVerified: true });
    await addRating(t.database.db, { playerId: free.id });
    await addRating(t.database.db, { playerId: free.id });
    const res = await search(w);
    expect(keysDeep(res.json())).not.toContain('email');
    expect(res.body).not.toContain(email);
    expect(res.body).not.toContain(free.email);
    const results = res.json<PlayerSearchResult[]>();
    const { overallEstimate, ...linkedResult } = results.find((result) => result.id === linked.id)!;
    // Nobody rated this player: the community's estimate, with no reliability.
    expect(overallEstimate).toMatchObject({ n: 0, reliability: 'none' });
    expect(linkedResult).toEqual({
      id: linked.id,
      firstName: 'Lin',
      lastName: w,
      location: 'Austin, TX',
      skillLevel: '3.5',
      isVerified: false,
      userId,
      ratingCount: 0,
      alreadyRated: false,
      existingRatingId: null,
      path: `/players/${linked.id}/lin-${w}-austin-tx`,
    });
    expect(results.find((result) => result.id === free.id)).toMatchObject({
      userId: null,
      isVerified: true,
      ratingCount: 2,
    });
  });

  it('tells a signed-in rater which players they already rated (e-mail in any letter case)', async () => {
    const w = uniqueWord();
    const email = uniqueEmail('rater');
    const cookie = await signInAs(t, { email });
    const rated = await addPlayer(t.database.db, { firstName: 'Rated', lastName: w });
    const unrated = await addPlayer(t.database.db, { firstName: 'Unrated', lastName: w });
    const rating = await addRating(t.database.db, { playerId: rated.id, raterEmail: email.toUpperCase() });
    await addRating(t.database.db, { playerId: unrated.id });

    const mine = await searchResults(t, w, cookie);
    expect(mine.find((result) => result.id === rated.id)).toMatchObject({
      alreadyRated: true,
      existingRatingId: rating.id,
    });
    expect(mine.find((result) => result.id === unrated.id)).toMatchObject({
      alreadyRated: false,
      existingRatingId: null,
    });

    const signedOut = await searchResults(t, w);
    expect(signedOut.every((result) => !result.alreadyRated && result.existingRatingId === null)).toBe(true);
    const other = await searchResults(t, w, await signInAs(t, { email: uniqueEmail('other') }));
    expect(other.every((result) => !result.alreadyRated)).toBe(true);
  });

  it('finds every word of up to five inside names and places, with what the caller rated', async () => {
    const w = uniqueWord();
    const email = uniqueEmail('rater');
    const cookie = await signInAs(t, { email });
    const rated = await addPlayer(t.database.db, { firstName: 'Carla', lastName: `Mc${w}`, location: 'Portland, ME' });
    const unrated = await addPlayer(t.database.db, {
      firstName: 'Carlo',
      lastName: `Mc${w}`,
      location: 'Portland, ME',
    });
    await addPlayer(t.database.db, { firstName: 'Carla', lastName: `Mc${w}`, location: 'Portsmouth, NH' });
    const rating = await addRating(t.database.db, { playerId: rated.id, raterEmail: email });
    // No name, last name or place starts with the query: each word is inside one, or a 2-letter word starts one.
    const found = await searchResults(t, `arl ${w} tland me ca`, cookie);
    expect(found.map((result) => [result.id, result.existingRatingId])).toEqual([
      [rated.id, rating.id],
      [unrated.id, null],
    ]);
    expect((await searchResults(t, `arla ${w} tland me ca`, cookie)).map((result) => result.id)).toEqual([rated.id]);
  });
});
