import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addPlayer } from '../players/players-fixtures';

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

  it('does not exist unless BENCH_ROUTES is set', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/bench/noop' })).statusCode).toBe(404);
      expect((await plain.app.inject({ method: 'GET', url: '/api/bench/pk?id=1' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
