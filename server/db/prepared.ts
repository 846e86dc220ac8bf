import { getTableColumns, sql, type Column, type Query, type SQL, type Table } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './client';
import * as schema from './schema/index';

/*
 * The one way a statement is prepared (docs/decisions/003): each is declared once, at module load, with a name,
 * its SQL and named values (`sql.placeholder`), and runs as a named prepared statement, so PostgreSQL parses it
 * once per connection and may keep one generic plan. The declared SQL is what `npm run db:queries` writes to
 * server/db/queries/<name>.sql, so a change of SQL shows in a diff. This is the only module that reaches into
 * Drizzle's session: `execute` has no name, and a query builder's `prepare` is bound to one database.
 */

/** A declared statement: its name, the SQL text PostgreSQL receives, and how to run it. */
export type DeclaredStatement = { name: string; sqlText: () => string };

const declared = new Map<string, DeclaredStatement>();

function declare(statement: DeclaredStatement) {
  if (declared.has(statement.name)) throw new Error(`Two prepared statements are named ${statement.name}`);
  declared.set(statement.name, statement);
}

/** Every statement declared by the modules loaded so far, by name. */
export function declaredStatements(): DeclaredStatement[] {
  return [...declared.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const dialect = new PgDialect();

type DrizzleSession = { session: PgSession };

export type PreparedStatement<Values extends Record<string, unknown>> = DeclaredStatement & {
  /** Runs on the database or an open transaction; rows come back as the driver gives them (see mapColumns). */
  run: (executor: Executor, values: Values) => Promise<Record<string, unknown>[]>;
};

/**
 * A hand-written statement. `build` is called once: every value that changes per call is a `sql.placeholder`
 * (see `param` and `argsRow`), filled from `values` on each run.
 */
export function preparedStatement<Values extends Record<string, unknown> = Record<string, never>>(
  name: string,
  build: () => SQL,
): PreparedStatement<Values> {
  let query: Query | undefined;
  const compiled = () => (query ??= dialect.sqlToQuery(build()));
  const statement: PreparedStatement<Values> = {
    name,
    sqlText: () => compiled().sql,
    run: async (executor, values) => {
      // Drizzle's own prepared-query path, reached through its session: the one `.prepare(name)` uses.
      const { session } = executor as unknown as DrizzleSession;
      const prepared = session.prepareQuery(compiled(), undefined, name, false);
      const result = (await prepared.execute(values)) as { rows: Record<string, unknown>[] };
      return result.rows;
    },
  };
  declare(statement);
  return statement;
}

/** What a Drizzle query builder offers for preparing: `prepare(name)` and its SQL. */
type PreparableQuery = {
  prepare: (name: string) => { execute: (values?: Record<string, unknown>) => Promise<unknown> };
  toSQL: () => { sql: string };
};

/** Rows of a prepared query builder, mapped by Drizzle as its select would map them. */
type QueryRows<Q extends PreparableQuery> = Awaited<ReturnType<ReturnType<Q['prepare']>['execute']>>;

export type PreparedQuery<Q extends PreparableQuery, Values extends Record<string, unknown>> = DeclaredStatement & {
  run: (db: Db, values: Values) => Promise<QueryRows<Q>>;
};

/** A database that only writes SQL, for the text of a query builder's statement. */
const sqlWriter = drizzle.mock({ schema }) as unknown as Db;

/**
 * A statement written with Drizzle's query builder (its rows mapped as Drizzle maps them: nested objects, dates).
 * A builder's prepared query is bound to one database, so it is prepared once per database.
 */
export function preparedQuery<Q extends PreparableQuery, Values extends Record<string, unknown>>(
  name: string,
  build: (db: Db) => Q,
): PreparedQuery<Q, Values> {
  const byDb = new WeakMap<Db, ReturnType<Q['prepare']>>();
  const statement: PreparedQuery<Q, Values> = {
    name,
    sqlText: () => build(sqlWriter).toSQL().sql,
    run: (db, values) => {
      let prepared = byDb.get(db);
      if (!prepared) {
        prepared = build(db).prepare(name) as ReturnType<Q['prepare']>;
        byDb.set(db, prepared);
      }
      return prepared.execute(values) as Promise<QueryRows<Q>>;
    },
  };
  declare(statement);
  return statement;
}

/** A value of the statement: the placeholder `name` cast to the SQL type `type`. */
export const param = (name: string, type: string): SQL => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * Values that enter a prepared statement once, as the one-row CTE `args`, and are read back through scalar
 * subqueries. The planner then cannot tailor a plan to them: every plan of the statement costs the same, so
 * PostgreSQL keeps its generic plan after five calls instead of planning each call anew. Measured on the hot
 * statements, planning per call cost more than running them (docs/decisions/003).
 * Read each value with `slot(name, type)` while writing the statement, then put `cte()` first in its WITH list.
 */
export function argsRow(): { slot: (name: string, type: string) => SQL; cte: () => SQL } {
  const columns = new Map<string, SQL>();
  return {
    slot: (name, type) => {
      if (!columns.has(name)) columns.set(name, sql`${param(name, type)} as ${sql.identifier(name)}`);
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
