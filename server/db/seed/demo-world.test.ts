import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../common/schemas/auth';
import type { PlayerSearchResult } from '../../../common/schemas/players';
import { buildApp } from '../../app';
import { parseEnv } from '../../env';
import { createPlayer, postRating, ratingBody, signInRater, userIdOf } from '../../features/ratings/ratings-fixtures';
import { openTestDatabase, type TestApp } from '../../test/test-app';
import { openDatabase, type Database } from '../client';
import { DEMO_WORLD_SIZE } from './demo-world';
import { addDemoWorldOnFirstStart, type DemoWorldEnv } from './first-start';
import { queryRows } from './query-rows';
import { removeDemoWorld } from './remove-demo-world';
import { verifyAggregates } from './verify';

/** `npm start` in development on the embedded database: NODE_ENV unset, no DATABASE_URL, no SEED. */
const DEV_START: DemoWorldEnv = { NODE_ENV: 'development', DATABASE_URL: undefined, SEED: 'demo' };

const printed: string[] = [];
const log = (line: string) => void printed.push(line);

async function counts(database: Database) {
  const [row] = await queryRows<{ players: number; users: number; ratings: number }>(
    database.db,
    sql`select (select count(*) from players)::int as players, (select count(*) from users)::int as users,
      (select count(*) from ratings)::int as ratings`,
  );
  return row;
}

/** The app as main.ts builds it on a database that was opened (and maybe seeded) first. */
async function appOn(database: Database): Promise<TestApp> {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_CACHE_SECONDS: '0',
    LEADERBOARD_REFRESH_SECONDS: '0',
    TRUST_WORKER_SECONDS: '0',
  });
  const app = await buildApp({ env, database, logger: false });
  await app.ready();
  return { app, env, database, sentMail: [], close: () => app.close() };
}

describe('the demo world on a first development start', () => {
  const databases: Database[] = [];
  const freshDatabase = async () => {
    const database = await openTestDatabase();
    databases.push(database);
    return database;
  };
  afterAll(async () => {
    for (const database of databases) await database.close();
  });

  it('is not added with SEED=none, in production, on PostgreSQL, or to a database with an account', async () => {
    const skipped: [DemoWorldEnv, string][] = [
      [{ ...DEV_START, SEED: 'none' }, 'SEED=none'],
      [{ ...DEV_START, NODE_ENV: 'production' }, 'NODE_ENV=production'],
      [{ ...DEV_START, DATABASE_URL: 'postgres://db.example:5432/app' }, 'DATABASE_URL (PostgreSQL)'],
    ];
    const database = await freshDatabase();
    for (const [env, reason] of skipped) {
      expect(await addDemoWorldOnFirstStart(database, env, log)).toEqual({ added: false, reason });
    }
    expect(await counts(database)).toEqual({ players: 0, users: 0, ratings: 0 });

    await queryRows(database.db, sql`insert into users (email) values ('someone@example.org')`);
    expect(await addDemoWorldOnFirstStart(database, DEV_START, log)).toEqual({
      added: false,
      reason: 'the database is not empty',
    });
    expect(await counts(database)).toEqual({ players: 0, users: 1, ratings: 0 });
    expect(printed).toEqual([]);
  });

  it('is not added again once removed, though the database is empty again', async () => {
    const database = await freshDatabase();
    expect(await addDemoWorldOnFirstStart(database, DEV_START, log)).toMatchObject({ added: true });
    expect(await removeDemoWorld(database.db)).toMatchObject({ removed: true });
    expect(await counts(database)).toEqual({ players: 0, users: 0, ratings: 0 });
    expect(await addDemoWorldOnFirstStart(database, DEV_START, log)).toEqual({
      added: false,
      reason: 'the database is not empty',
    });
    expect(await counts(database)).toEqual({ players: 0, users: 0, ratings: 0 });
    expect(await removeDemoWorld(database.db)).toMatchObject({ removed: false, reason: 'already removed' });
  });
});

describe('a started demo world', () => {
  let database: Database;
  let t: TestApp;
  let outcome: Awaited<ReturnType<typeof addDemoWorldOnFirstStart>>;

  beforeAll(async () => {
    database = await openTestDatabase();
    printed.length = 0;
    outcome = await addDemoWorldOnFirstStart(database, DEV_START, log);
    t = await appOn(database);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('holds a few hundred players with ratings and skill estimates, and says so in one line', async () => {
    expect(outcome).toMatchObject({ added: true, players: DEMO_WORLD_SIZE.players, ratings: DEMO_WORLD_SIZE.ratings });
    expect(await counts(database)).toEqual({
      players: DEMO_WORLD_SIZE.players,
      users: DEMO_WORLD_SIZE.users,
      ratings: DEMO_WORLD_SIZE.ratings,
    });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^Added a demo world of 300 made-up players .* `npm run demo:remove`/);
    const [estimates] = await queryRows<{ rated: number; estimated: number }>(
      database.db,
      sql`select (select count(*) from players where rating_count > 0)::int as rated,
        (select count(*) from player_skill)::int as estimated`,
    );
    expect(estimates.estimated).toBe(estimates.rated);
    expect(estimates.rated).toBeGreaterThan(200);
  });

  it('gives its accounts no password anyone knows', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin1@example.net', password: 'Pickleball1' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('is in the config the pages are drawn with, its sample card player found by search with an estimate', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json<AppConfig>();
    expect(config.demoWorld).toMatchObject({ players: 300, lastPlayerId: 300 });
    const sample = config.demoWorld?.sample;
    expect(sample).toMatchObject({ firstName: 'Jordan', lastName: 'Rivera', isVerified: true, skillLevel: '3.5' });
    expect(sample?.location).toMatch(/^Austin, TX/);
    expect(sample?.ratingCount).toBeGreaterThan(10);
    expect(sample?.categoryAverages).toHaveLength(5);
    for (const average of sample?.categoryAverages ?? []) expect(average).toBeGreaterThanOrEqual(1);
    expect(sample?.comment).toEqual(expect.any(String));

    const found = await t.app.inject({ method: 'GET', url: '/api/players/search?q=jordan%20rivera' });
    const results = found.json<PlayerSearchResult[]>();
    expect(results.map((player) => player.id)).toContain(sample?.id);

    const page = await t.app.inject({ method: 'GET', url: `/api/players/${sample?.id}/page` });
    expect(page.statusCode).toBe(200);
    expect(page.json<{ skill: { overall: { n: number } } }>().skill.overall.n).toBe(sample?.ratingCount);
  });

  it('is removed alone: real accounts, players and ratings stay, and their totals stay true', async () => {
    const rater = await signInRater(t, 'real-rater');
    const owner = await signInRater(t, 'real-owner');
    const realPlayer = await createPlayer(t, { userId: await userIdOf(t, owner.email), firstName: 'Rhea' });
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json<AppConfig>();
    const demoPlayerId = config.demoWorld!.sample!.id;
    expect((await postRating(t, rater.cookie, ratingBody(demoPlayerId))).statusCode).toBe(201);
    expect((await postRating(t, rater.cookie, ratingBody(realPlayer.id))).statusCode).toBe(201);

    const removal = await removeDemoWorld(database.db);
    expect(removal).toEqual({
      removed: true,
      players: 300,
      ratings: DEMO_WORLD_SIZE.ratings + 1,
      users: DEMO_WORLD_SIZE.users,
      ratersAdjusted: 1,
    });
    expect(await counts(database)).toEqual({ players: 1, users: 2, ratings: 1 });
    const [kept] = await queryRows<{ id: number; rater: string; points: number; submitted: number }>(
      database.db,
      sql`select p.id, r.rater_user_id as rater, s.total_points as points, s.ratings_submitted as submitted
        from players p join ratings r on r.player_id = p.id join rater_stats s on s.user_id = r.rater_user_id`,
    );
    expect(kept).toEqual({ id: realPlayer.id, rater: await userIdOf(t, rater.email), points: 15, submitted: 1 });
    expect((await verifyAggregates(database)).filter((check) => check.mismatches > 0)).toEqual([]);
    const [left] = await queryRows<{ flags: number; trust: number; boards: number }>(
      database.db,
      sql`select (select count(*) from trust_flags)::int as flags,
        (select count(*) from rater_trust where rater_key like '%@example.net')::int as trust,
        (select count(*) from leaderboard_boards)::int as boards`,
    );
    expect(left).toEqual({ flags: 0, trust: 0, boards: 0 });

    const restarted = await appOn(database);
    const after = (await restarted.app.inject({ method: 'GET', url: '/api/config' })).json<AppConfig>();
    await restarted.close();
    expect(after.demoWorld).toBeUndefined();
    expect(await addDemoWorldOnFirstStart(database, DEV_START, log)).toMatchObject({ added: false });
  });
});

describe('npm run demo:remove', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pr-demo-remove-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function runRemove(): Promise<{ code: number | null; output: string }> {
    const child = spawn('npx', ['tsx', 'server/db/demo-remove.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { code, output };
  }

  it('is refused while a server holds the embedded database, changing nothing, then removes the world', async () => {
    const running = await openDatabase({ dataDir });
    expect(await addDemoWorldOnFirstStart(running, DEV_START, log)).toMatchObject({ added: true });
    const refused = await runRemove();
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain(`is in use by process ${process.pid}`);
    expect((await counts(running)).players).toBe(DEMO_WORLD_SIZE.players);
    await running.close();

    const removed = await runRemove();
    expect(removed).toEqual({
      code: 0,
      output: expect.stringContaining('Removed the demo world: 300 players, 2400 ratings and 40 accounts.') as string,
    });
    const after = await openDatabase({ dataDir });
    expect(await counts(after)).toEqual({ players: 0, users: 0, ratings: 0 });
    await after.close();
  }, 180_000);
});
