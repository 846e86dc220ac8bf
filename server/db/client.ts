import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection string of a PostgreSQL database (for a listener of its own); absent on PGlite. */
  url?: string;
  /** The pool's connections (PostgreSQL only), for the metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Every wait on PostgreSQL is bounded, so a lock or a dead server gives an error, never a hang. */
export type DatabaseTimeouts = {
  /** Waiting for a free pooled connection, or for a new one to connect. */
  acquireMs: number;
  /** One statement's run time, enforced by the server (0 = none, for the seed's bulk loads). */
  statementMs: number;
  /** Waiting for a row or table lock, enforced by the server. */
  lockMs: number;
};

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { acquireMs: 2000, statementMs: 10_000, lockMs: 2000 };

export type DatabaseOptions = {
  /** postgres://… for PostgreSQL; otherwise PGlite in dataDir (or in memory when dataDir is 'memory://'). */
  url?: string;
  dataDir?: string;
  poolSize?: number;
  timeouts?: Partial<DatabaseTimeouts>;
};

/**
 * Migrations run under a session-level advisory lock: instances starting together on one database take
 * turns, and the later ones find the migrations applied (two at once collided on `CREATE EXTENSION`).
 */
const MIGRATION_LOCK_KEY = 7_265_011;

async function migrateUnderLock(pool: pg.Pool) {
  // A client of its own, outside the pool's timeouts: waiting for another instance's migrations is expected, and
  // the migrations run on it too, so an index built on a large table (about a minute for ratings at 10M) is not
  // cancelled by the requests' 10 s statement timeout halfway through a deploy.
  const lockHolder = new pg.Client({ connectionString: pool.options.connectionString });
  await lockHolder.connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePostgres(drizzleNodePostgres(lockHolder, { schema }) as never, { migrationsFolder });
  } finally {
    await lockHolder.end();
  }
}

function openPool(url: string, poolSize: number, timeouts: DatabaseTimeouts): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: timeouts.acquireMs,
    statement_timeout: timeouts.statementMs || undefined,
    lock_timeout: timeouts.lockMs,
    // A transaction left open by a crashed request must not hold its locks for long.
    idle_in_transaction_session_timeout: 30_000,
    // The client gives up too when the server stops answering without closing the connection (a kill -9,
    // a network cut): a little after the server's own statement timeout.
    query_timeout: timeouts.statementMs ? timeouts.statementMs + 2000 : undefined,
    keepAlive: true,
  });
  // An idle client losing its connection (database restart, failover) must not crash the process;
  // the pool drops it and the next query opens a new one. Logged by the error handler's throttle instead.
  pool.on('error', () => undefined);
  // A client checked out for a transaction has no error listener of the pool's: a connection lost between two
  // of its statements would emit an unhandled 'error' and end the process. The statement waiting on it fails
  // by itself (and answers 503); this listener only keeps the process alive.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    const pool = openPool(options.url, options.poolSize ?? 20, timeouts);
    const db = drizzleNodePostgres(pool, { schema }) as unknown as Db;
    try {
      await migrateUnderLock(pool);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      kind: 'postgres',
      url: options.url,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (dataDir.startsWith('memory://')) return openPglite(undefined);
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const database = await openPglite(path.join(dataDir, 'pglite'));
    return {
      ...database,
      close: async () => {
        await database.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function openPglite(directory: string | undefined): Promise<Database> {
  const client = await PGlite.create(directory, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: 'pglite', close: () => client.close() };
}
