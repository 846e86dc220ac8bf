import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Drizzle's session: every statement (db.execute, query builders, declared statements) is prepared through it. */
const sessionOf = (db: Db) => (db as unknown as { session: { prepareQuery: () => unknown } }).session;

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 while the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers JSON 404 for an unknown API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('answers 503 once the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    await other.app.close();
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('live answers 200 without asking the database', async () => {
    const execute = vi.spyOn(sessionOf(t.database.db), 'prepareQuery');
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(execute).not.toHaveBeenCalled();
    execute.mockRestore();
  });

  it('ready answers 200 when the database answers and holds every migration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    // Before any trust full run: said in the details, without taking the instance out of traffic.
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'up',
      migrations: 'applied',
      details: { trustRuns: 'never' },
    });
  });

  it('ready answers 503 within about a second when the database does not answer', async () => {
    const execute = vi
      .spyOn(sessionOf(t.database.db), 'prepareQuery')
      .mockImplementation(() => ({ execute: () => new Promise(() => {}) }));
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    const elapsed = Date.now() - started;
    execute.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down', migrations: 'unknown' });
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(2000);
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
  });

  it('ready answers 503 while a migration is missing, and when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const pending = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ status: 'unavailable', database: 'up', migrations: 'pending' });
    await other.database.db.execute(sql`drop schema drizzle cascade`);
    const noTable = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(noTable.json()).toEqual({ status: 'unavailable', database: 'up', migrations: 'pending' });
    await other.database.close();
    const gone = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    await other.app.close();
  });
});
