import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  getTableColumns,
  sql,
  type Column,
  type ExtractTablesWithRelations,
  type Query,
  type SQL,
  type Table,
} from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession, PgTransaction } from 'drizzle-orm/pg-core';
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

async function migrateUnderLock(pool: pg.Pool, db: Db) {
  // A client of its own, outside the pool's timeouts: waiting for another instance's migrations is expected.
  const lockHolder = new pg.Client({ connectionString: pool.options.connectionString });
  await lockHolder.connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePostgres(db as never, { migrationsFolder });
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
      await migrateUnderLock(pool, db);
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

const compiledStatements = new Map<string, Query>();

function compiled(key: string, build: () => SQL, dialect: PgDialect): Query {
  let query = compiledStatements.get(key);
  if (!query) {
    query = dialect.sqlToQuery(build());
    compiledStatements.set(key, query);
  }
  return query;
}

type DrizzleInternals = { session: PgSession; dialect: PgDialect };

/**
 * Runs a hand-written statement as a named prepared statement on a database or an open transaction
 * (Drizzle's `execute` has no name, so it is parsed and planned on every call). `build` is called
 * once per name: its SQL takes every value as a `sql.placeholder`, filled from `values` on each call,
 * so the statement is not rebuilt, and PostgreSQL may keep one generic plan for it.
 * Rows come back as the driver gives them; `mapColumns` turns them into a table's row type.
 */
export async function executePrepared(
  executor: Executor,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  // Drizzle's own prepared-query path, reached through its session: the same one `.prepare(name)` uses.
  const { session, dialect } = executor as unknown as DrizzleInternals;
  const prepared = session.prepareQuery(compiled(name, build, dialect), undefined, name, false);
  const result = (await prepared.execute(values)) as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** How a statement builder writes a value that changes per call: the value named `name`, of SQL type `type`. */
export type ValueSlot = (name: string, type: string) => SQL;

/** A value as a plain cast placeholder. */
export const placeholderSlot: ValueSlot = (name, type) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * Values that enter a prepared statement once, as the one-row CTE `args`, and are read back through
 * scalar subqueries. The planner then cannot tailor a plan to them: every plan of the statement costs
 * the same, so PostgreSQL keeps its generic plan after five calls instead of planning each call anew.
 * Measured on the hot statements, planning per call cost more than running them (docs/decisions/003).
 * Use `slot` while building the statement, then put `cte()` first in its WITH list.
 */
export function argsRow(): { slot: ValueSlot; cte: () => SQL } {
  const columns = new Map<string, SQL>();
  return {
    slot: (name, type) => {
      if (!columns.has(name)) columns.set(name, sql`${placeholderSlot(name, type)} as ${sql.identifier(name)}`);
      return sql`(select ${sql.identifier(name)} from args)`;
    },
    cte: () => sql`args as (select ${sql.join([...columns.values()], sql`, `)})`,
  };
}

/** A constant of our own code as an SQL string literal (standard_conforming_strings: only quotes need doubling). */
export const textLiteral = (value: string): SQL => sql.raw(`'${value.replaceAll("'", "''")}'`);

/** Each column of `table` as `"column_name" as "fieldName"` (optionally of a table alias), for mapColumns. */
export function selectColumns(table: Table, alias?: string): SQL {
  return sql.join(
    Object.entries(getTableColumns(table)).map(([field, column]) =>
      alias
        ? sql`${sql.identifier(alias)}.${sql.identifier(column.name)} as ${sql.identifier(field)}`
        : sql`${sql.identifier(column.name)} as ${sql.identifier(field)}`,
    ),
    sql`, `,
  );
}

const columnsByTable = new WeakMap<Table, [string, Column][]>();

/** A raw row selected with selectColumns, mapped the way Drizzle maps its own results (dates, numbers). */
export function mapColumns<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  // Hot lists map many rows: the table's columns are listed once, not per row.
  let columns = columnsByTable.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnsByTable.set(table, columns);
  }
  const row: Record<string, unknown> = {};
  for (const [field, column] of columns) {
    const value = raw[field];
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
}
