import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { databaseUnavailable } from '../lib/db-errors';
import { openDatabase } from './client';
import { players } from './schema/index';
import { DataDirInUseError } from './data-dir-lock';

const serverUrl = process.env.TEST_DATABASE_URL;
const temporaryDirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pr-datadir-'));
  temporaryDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

const countPlayers = async (database: Awaited<ReturnType<typeof openDatabase>>) => {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(players);
  return Number(row?.n);
};

describe('an embedded database belongs to one process at a time', () => {
  it('refuses a second opening of a DATA_DIR in use, and opens it again once closed', async () => {
    const dataDir = newDataDir();
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirInUseError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      `The database in ${dataDir} is in use by process ${process.pid}`,
    );
    await first.close();
    const again = await openDatabase({ dataDir });
    expect(await countPlayers(again)).toBe(0);
    await again.close();
  });

  it('takes over the lock of a process that is gone (killed, crashed)', async () => {
    const dataDir = newDataDir();
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.on('exit', resolve));
    const lock = { pid: gone.pid, host: hostname(), startedAt: new Date().toISOString() };
    writeFileSync(path.join(dataDir, 'pglite.lock'), JSON.stringify(lock));
    const database = await openDatabase({ dataDir });
    await database.close();
  });

  it('makes a seed on a DATA_DIR in use refuse with a clear message and change nothing', async () => {
    const dataDir = newDataDir();
    const running = await openDatabase({ dataDir });
    const seed = spawn('npx', ['tsx', 'server/db/seed.ts', '--players', '5', '--ratings', '5'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    });
    let output = '';
    seed.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    seed.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => seed.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toContain(`is in use by process ${process.pid}`);
    expect(output).not.toContain('seeded');
    expect(await countPlayers(running)).toBe(0);
    await running.close();
  }, 60_000);
});

describe.skipIf(!serverUrl)('several instances on one PostgreSQL', () => {
  const admin = () => new pg.Client({ connectionString: serverUrl });
  const freshDatabase = async () => {
    const name = `pr_start_${randomBytes(5).toString('hex')}`;
    const client = admin();
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    return { name, url: url.toString() };
  };
  const dropDatabase = async (name: string) => {
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };

  it('runs migrations outside the statement timeout of requests (an index on a large table takes longer)', async () => {
    const { name, url } = await freshDatabase();
    try {
      // A timeout no migration statement fits in: the requests' pool would cancel every one of them.
      const database = await openDatabase({ url, poolSize: 1, timeouts: { statementMs: 1 } });
      await database.close();
      const check = await openDatabase({ url, poolSize: 1 });
      expect(await countPlayers(check)).toBe(0);
      await check.close();
    } finally {
      await dropDatabase(name);
    }
  }, 60_000);

  it('starts three instances together on a fresh database, five times out of five', async () => {
    for (let trial = 0; trial < 5; trial += 1) {
      const { name, url } = await freshDatabase();
      const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ url, poolSize: 2 })));
      const failures = opened.filter((result) => result.status === 'rejected');
      expect(failures).toEqual([]);
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      await dropDatabase(name);
    }
  }, 120_000);

  it('survives a connection lost in the middle of a transaction: the transaction fails, the process stays', async () => {
    const { name, url } = await freshDatabase();
    const database = await openDatabase({ url, poolSize: 2 });
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    const transaction = database.db.transaction(async (tx) => {
      const result = await tx.execute(sql`select pg_backend_pid() as pid`);
      const { pid } = (result as { rows: { pid: number }[] }).rows[0];
      await killer.query('select pg_terminate_backend($1)', [pid]);
      // The connection's 'error' arrives while no statement runs on it; without a listener it ends the process.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    });
    const failure: unknown = await transaction.catch((error: unknown) => error);
    expect(databaseUnavailable(failure)).toBe(true);
    const [row] = await database.db
      .select({ n: sql<number>`1` })
      .from(players)
      .limit(1);
    expect(row).toBeUndefined();
    await killer.end();
    await database.close();
    await dropDatabase(name);
  });

  it('answers 503 with Retry-After when a lock is held past the lock timeout, and serves again after', async () => {
    const testApp = await createTestApp();
    const { url } = testApp.database;
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table players in access exclusive mode');
    const waiting = await testApp.app.inject({ method: 'GET', url: '/api/players/1' });
    expect(waiting.statusCode).toBe(503);
    expect(waiting.headers['retry-after']).toBe('5');
    expect(waiting.json()).toEqual({
      message: 'The service is busy or briefly unavailable. Please try again in a few seconds.',
      code: 'service_unavailable',
    });
    await locker.query('rollback');
    await locker.end();
    const after = await testApp.app.inject({ method: 'GET', url: '/api/players/1' });
    expect(after.statusCode).toBe(404);
    await testApp.close();
  }, 30_000);
});
