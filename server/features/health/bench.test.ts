import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { playerSkill, type StoredSkill } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addPlayer, addRating, searchResults, uniqueWord } from '../players/players-fixtures';

describe('bench reference routes', () => {
  let t: TestApp;
  let playerId: number;
  beforeAll(async () => {
    t = await createTestApp({ BENCH_ROUTES: 'true' });
    const player = await addPlayer(t.database.db, {
      firstName: 'Bench',
      lastName: 'Mark',
      email: 'bench.mark@example.com',
      skillLevel: '3.5',
      location: 'Austin, TX 78701',
    });
    playerId = player.id;
  });
  afterAll(() => t.close());

  it('GET /api/bench/noop answers {ok: true}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/bench/noop' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('GET /api/bench/pk reads one player by id, without the e-mail', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/bench/pk?id=${playerId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: playerId,
      firstName: 'Bench',
      lastName: 'Mark',
      location: 'Austin, TX',
      skillLevel: '3.5',
      isVerified: false,
      ratingCount: 0,
    });
  });

  it('GET /api/bench/pk answers 404 for an unknown id and 400 for a bad one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/bench/pk?id=999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/bench/pk?id=abc' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/bench/pk' })).statusCode).toBe(400);
  });

  it('GET /api/bench/pk-page answers the given players as the search answers them, in the order given', async () => {
    const db = t.database.db;
    const w = uniqueWord();
    const rated = await addPlayer(db, { firstName: 'Rae', lastName: w, location: 'Reno, NV 89501', isVerified: true });
    await addRating(db, { playerId: rated.id });
    const estimated = await addPlayer(db, { firstName: 'Eli', lastName: w, location: 'Boise, ID' });
    await storeOverall(db, estimated.id, { mean: 4.2, low: 3.9, high: 4.5, n: 7 });
    const plain = await addPlayer(db, { firstName: 'Ada', lastName: w });
    const found = await searchResults(t, w);
    expect(found.map((result) => result.id)).toEqual([plain.id, estimated.id, rated.id]);

    const ids = [rated.id, plain.id, estimated.id];
    const res = await t.app.inject({ method: 'GET', url: `/api/bench/pk-page?ids=${ids.join(',')}` });
    expect(res.statusCode).toBe(200);
    const byId = new Map(found.map((result) => [result.id, result]));
    expect(res.json()).toEqual(ids.map((id) => byId.get(id)));
    expect(byId.get(estimated.id)?.overallEstimate).toEqual({
      mean: 4.2,
      low: 3.9,
      high: 4.5,
      n: 7,
      reliability: 'medium',
    });
  });

  it('GET /api/bench/pk-page answers 404 unless every id is a player, 400 for a bad or over-long list', async () => {
    const pkPage = (query: string) => t.app.inject({ method: 'GET', url: `/api/bench/pk-page${query}` });
    expect((await pkPage(`?ids=${playerId},999999`)).statusCode).toBe(404);
    for (const query of [
      '',
      '?ids=',
      '?ids=abc',
      `?ids=${playerId},`,
      '?ids=0',
      `?ids=${Array(51).fill(playerId).join(',')}`,
    ]) {
      expect((await pkPage(query)).statusCode, query).toBe(400);
    }
    expect((await pkPage(`?ids=${Array(50).fill(playerId).join(',')}`)).json()).toHaveLength(50);
  });

  it('does not exist unless BENCH_ROUTES is set', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/bench/noop' })).statusCode).toBe(404);
      expect((await plain.app.inject({ method: 'GET', url: '/api/bench/pk?id=1' })).statusCode).toBe(404);
      expect((await plain.app.inject({ method: 'GET', url: `/api/bench/pk-page?ids=${playerId}` })).statusCode).toBe(
        404,
      );
    } finally {
      await plain.close();
    }
  });
});

/** A stored estimate whose overall is `overall`, as a full run leaves it (the search shows only the overall). */
async function storeOverall(db: Db, id: number, overall: StoredSkill['overall']) {
  const skill = { overall, reliability: { label: 'medium' } } as unknown as StoredSkill;
  await db.insert(playerSkill).values({ playerId: id, skill, weights: {}, computedAt: new Date() });
}
