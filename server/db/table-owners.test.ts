import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import type * as PreparedModule from './prepared';
import { loadDeclaredStatements, readSnapshots } from './query-snapshots';
import * as schema from './schema/index';
import { TABLE_OWNERS, TRIGGER_OWNERS, WRITE_EXCEPTIONS, type Grant, type Writer } from './table-owners';
import {
  ANY_COLUMN,
  UNKNOWN_TABLE,
  triggerFunctions,
  writesInSource,
  writesInSql,
  type TableWrite,
} from './table-writes';

/*
 * docs/decisions/028-table-owners.md: every write of every feature (each statement's SQL snapshot, each Drizzle
 * write and each `sql` template in its files, each trigger of the migrations) is checked against the owner map in
 * table-owners.ts, and docs/architecture.md#table-owners must list the same owners.
 */

/** The file that declared each prepared statement, by statement name: the repo whose feature sends it. */
const declaredIn = vi.hoisted(() => new Map<string, string>());

vi.mock('./prepared', async (importOriginal) => {
  const prepared = await importOriginal<typeof PreparedModule>();
  const callerFile = () => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 50;
    const stack = new Error().stack ?? '';
    Error.stackTraceLimit = limit;
    return [...stack.matchAll(/(\/[^\s():]+\.ts):\d+/g)]
      .map((match) => path.normalize(match[1]))
      .find((file) => !file.endsWith(`${path.sep}prepared.ts`) && !file.endsWith('table-owners.test.ts'));
  };
  return {
    ...prepared,
    preparedStatement: (name: string, build: Parameters<typeof prepared.preparedStatement>[1]) => {
      declaredIn.set(name, callerFile() ?? '');
      return prepared.preparedStatement(name, build);
    },
    preparedQuery: (name: string, build: Parameters<typeof prepared.preparedQuery>[1]) => {
      declaredIn.set(name, callerFile() ?? '');
      return prepared.preparedQuery(name, build);
    },
  };
});

const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = path.join(serverDir, '..');
const features = readdirSync(path.join(serverDir, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const schemaTables = Object.values(schema as Record<string, unknown>).flatMap((value) =>
  is(value, PgTable) ? [value] : [],
);
const tableOfExport = new Map(
  Object.entries(schema as Record<string, unknown>).flatMap(([name, value]) =>
    is(value, PgTable) ? [[name, getTableName(value)] as const] : [],
  ),
);
const columnsOf = new Map(
  schemaTables.map((table) => [
    getTableName(table),
    new Map(Object.entries(getTableColumns(table)).map(([field, column]) => [field, column.name])),
  ]),
);
const columnOf = (table: string, field: string) => columnsOf.get(table)?.get(field);

/** Not features: tests and fixtures arrange state as they need, the seed is the declared bulk loader. */
const notScanned = (file: string) => /\.test\.ts$|-fixtures\.ts$/.test(file) || /^server\/(test|db\/seed)\//.test(file);

/** Where a write was found and which feature (and file) it is attributed to. */
type Found = { where: string; file: string; feature: string | undefined; checkModule: boolean; write: TableWrite };

const featureOf = (file: string) => /^server\/features\/([^/]+)\//.exec(file)?.[1];
const relative = (file: string) => path.relative(rootDir, file).split(path.sep).join('/');

async function statementWrites(): Promise<Found[]> {
  await loadDeclaredStatements();
  const found: Found[] = [];
  for (const [name, text] of readSnapshots()) {
    const declaring = declaredIn.get(name);
    const file = declaring ? relative(declaring) : `(no declaration of ${name})`;
    for (const write of writesInSql(text)) {
      // A statement may compose another module's SQL (submit composes the effects' CTEs): its feature is checked
      // here, its files by the scan of the source.
      found.push({
        where: `server/db/queries/${name}.sql:${write.line} (declared in ${file})`,
        file,
        feature: featureOf(file),
        checkModule: false,
        write,
      });
    }
  }
  return found;
}

function sourceWrites(): Found[] {
  const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
    .map((file) => `server/${file.split(path.sep).join('/')}`)
    .filter((file) => file.endsWith('.ts') && !notScanned(file))
    .sort();
  return files.flatMap((file) =>
    writesInSource(file, readFileSync(path.join(rootDir, file), 'utf8'), { tableOfExport, columnOf }).map((write) => ({
      where: `${file}:${write.line}`,
      file,
      feature: featureOf(file),
      checkModule: true,
      write,
    })),
  );
}

function readMigrations(): string[] {
  const migrationsDir = path.join(serverDir, 'db', 'migrations');
  return readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => readFileSync(path.join(migrationsDir, file), 'utf8'));
}

function triggerWrites(): Found[] {
  return triggerFunctions(readMigrations()).flatMap((fn) =>
    fn.writes.map((write) => ({
      where: `trigger function ${fn.name} (on ${fn.onTables.join(', ')}) in server/db/migrations`,
      file: fn.name,
      feature: TRIGGER_OWNERS[fn.name]?.feature,
      checkModule: false,
      write,
    })),
  );
}

const writerLabel = (writer: Writer) => `\`${writer.feature}\`${writer.module ? ` (\`${writer.module}*\`)` : ''}`;

/** Each exception's write of one table, as a grant of that table. */
const exceptionGrants = WRITE_EXCEPTIONS.flatMap(({ writes, ...writer }) =>
  Object.entries(writes).map(([table, write]) => ({ table, ...writer, ...write })),
);

const grantsOf = (table: string): Grant[] => [
  ...(TABLE_OWNERS[table]?.grants ?? []),
  ...exceptionGrants.filter((grant) => grant.table === table),
];

/** Grants and exceptions some write relies on: one that none does is stale and must leave the map. */
const used = new Set<Grant>();

function isWriter(writer: Writer, found: Found) {
  return (
    writer.feature === found.feature &&
    (!found.checkModule || !writer.module || path.posix.basename(found.file).startsWith(writer.module))
  );
}

const VERB = { insert: 'inserts into', update: 'updates', delete: 'deletes from' } as const;

/** Why a found write breaks the owner map, or undefined when its feature may write it. */
function problemOf(found: Found): string | undefined {
  const { write } = found;
  const owner = TABLE_OWNERS[write.table];
  const by = found.feature ?? 'code outside server/features';
  if (write.table === UNKNOWN_TABLE)
    return `${found.where}: ${by} ${VERB[write.operation]} a table named by an expression; write the schema table in the SQL`;
  if (!owner)
    return `${found.where}: ${by} ${VERB[write.operation]} ${write.table}, which has no owner in server/db/table-owners.ts`;
  const granted = (column?: string) =>
    grantsOf(write.table).find(
      (grant) =>
        isWriter(grant, found) &&
        grant.operations.includes(write.operation) &&
        (write.operation !== 'update' || !grant.columns || (column !== undefined && grant.columns.includes(column))),
    );
  const assigned = write.columns.length > 0 ? write.columns : [ANY_COLUMN];
  const refusedColumns = (write.operation === 'update' ? assigned : [undefined]).filter((column) => {
    const group =
      column === undefined || column === ANY_COLUMN
        ? undefined
        : owner.columnOwners?.find((candidate) => candidate.columns.includes(column));
    if (isWriter(group ?? owner, found)) return false;
    // A column the code does not name (a spread of a variable, a `${...}` in a template) passes for the owner and for
    // a writer of some of the table's columns: the snapshot of a prepared statement names every column it sets.
    if (column === ANY_COLUMN && owner.columnOwners?.some((candidate) => isWriter(candidate, found))) return false;
    const grant = granted(column === ANY_COLUMN ? undefined : column);
    if (grant) used.add(grant);
    return !grant;
  });
  if (refusedColumns.length === 0) return undefined;
  const columns = refusedColumns.filter((column) => column !== undefined);
  const whose = columns
    .map((column) => owner.columnOwners?.find((group) => group.columns.includes(column)))
    .find((group) => group !== undefined);
  return `${found.where}: ${by} ${VERB[write.operation]} ${write.table}${columns.length ? ` (${columns.join(', ')})` : ''}, which ${writerLabel(whose ?? owner)} owns`;
}

/** The rows of the markdown tables under a heading of docs/architecture.md, up to the next heading of any level. */
function docRows(heading: string): string[][] {
  const doc = readFileSync(path.join(rootDir, 'docs', 'architecture.md'), 'utf8');
  const start = doc.indexOf(`${heading}\n`);
  if (start < 0) return [];
  const body = doc.slice(start + heading.length).split(/\n#{2,} /)[0];
  return body
    .split('\n')
    .filter((line) => /^\|\s*`/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

let scanned: Promise<Found[]> | undefined;
const allWrites = () =>
  (scanned ??= statementWrites().then((found) => [...found, ...sourceWrites(), ...triggerWrites()]));

describe('table owners (server/db/table-owners.ts)', () => {
  it('give every table of the schema one owner, a feature that exists, and name only real tables and columns', () => {
    const names = schemaTables.map((table) => getTableName(table));
    const problems = [
      ...names.filter((name) => !TABLE_OWNERS[name]).map((name) => `${name}: no owner`),
      ...Object.keys(TABLE_OWNERS)
        .filter((name) => !names.includes(name))
        .map((name) => `${name}: not a table of server/db/schema`),
    ];
    /** Every writer the map names, with the table (or trigger) it is named for and the columns it names. */
    const named: { what: string; writer: Writer; columns: readonly string[] }[] = [
      ...Object.entries(TABLE_OWNERS).flatMap(([table, owner]) => [
        { what: table, writer: owner, columns: [] },
        ...(owner.columnOwners ?? []).map((group) => ({ what: table, writer: group, columns: group.columns })),
        ...(owner.grants ?? []).map((grant) => ({ what: table, writer: grant, columns: grant.columns ?? [] })),
      ]),
      ...exceptionGrants.map((grant) => ({ what: grant.table, writer: grant, columns: grant.columns ?? [] })),
      ...Object.entries(TRIGGER_OWNERS).map(([fn, writer]) => ({ what: `trigger ${fn}`, writer, columns: [] })),
    ];
    for (const { what, writer, columns } of named) {
      const folder = path.join(serverDir, 'features', writer.feature);
      const files = features.includes(writer.feature) ? readdirSync(folder) : [];
      if (!features.includes(writer.feature))
        problems.push(`${what}: ${writer.feature} is no folder of server/features`);
      else if (writer.module && !files.some((file) => file.startsWith(writer.module ?? '')))
        problems.push(`${what}: no file of ${writer.feature} starts with ${writer.module}`);
      const known = new Set(columnsOf.get(what)?.values());
      for (const column of columns) if (!known.has(column)) problems.push(`${what}: no column ${column}`);
    }
    expect(problems).toEqual([]);
  });

  it('are the owners docs/architecture.md#table-owners lists, with the same exceptions', () => {
    const owners = docRows('## Table owners');
    const listed = Object.fromEntries(owners.map(([table, owner]) => [table.replaceAll('`', ''), owner]));
    const expected = Object.fromEntries(
      Object.entries(TABLE_OWNERS).map(([table, owner]) => [table, writerLabel(owner)]),
    );
    expect(listed).toEqual(expected);
    const problems = owners.flatMap(([table, , others]) => {
      const owner = TABLE_OWNERS[table.replaceAll('`', '')];
      return [...(owner?.columnOwners ?? []), ...(owner?.grants ?? [])]
        .filter((writer) => !others?.includes(writerLabel(writer)))
        .map((writer) => `${table}: what others may do does not name ${writerLabel(writer)}`);
    });
    expect(problems).toEqual([]);
    // An exception's row lists the tables it writes: `a`, `b`.
    const exceptions = docRows('### Reviewed exceptions').flatMap(([tables, writer]) =>
      tables.split(',').map((table) => `${table.trim()} ${writer}`),
    );
    expect(exceptions.sort()).toEqual(
      exceptionGrants.map((grant) => `\`${grant.table}\` ${writerLabel(grant)}`).sort(),
    );
  });

  it('are the only features that write their tables: statements, Drizzle writes, sql templates and triggers', async () => {
    const found = await allWrites();
    // The scan must see the writes it is there for, or an empty result would pass.
    expect(found.some((write) => write.where.startsWith('server/db/queries/ratings_submit.sql'))).toBe(true);
    expect(found.some((write) => write.file === 'server/features/auth/sessions.repo.ts')).toBe(true);
    expect(found.some((write) => write.file === 'leaderboard_mark_raters')).toBe(true);
    const problems = found.flatMap((write) => problemOf(write) ?? []);
    expect(
      problems,
      "Writes of another feature's table. Move each into a function of the owner's repo, called through its " +
        '*.service.ts, or declare a reviewed exception in server/db/table-owners.ts and docs/architecture.md ' +
        `(docs/decisions/028-table-owners.md):\n${problems.join('\n')}\n`,
    ).toEqual([]);
  });

  it('declare only grants and exceptions that some write still needs', async () => {
    for (const found of await allWrites()) problemOf(found);
    const stale = [
      ...Object.entries(TABLE_OWNERS).flatMap(([table, owner]) =>
        (owner.grants ?? []).map((grant) => ({ table, ...grant, grant })),
      ),
      ...exceptionGrants.map((grant) => ({ table: grant.table, feature: grant.feature, grant })),
    ]
      .filter(({ grant }) => !used.has(grant))
      .map(({ table, feature }) => `${table}: ${feature} writes it no more; take it out of server/db/table-owners.ts`);
    expect(stale).toEqual([]);
  });

  it('know the feature of every trigger function the migrations define', () => {
    const defined = triggerFunctions(readMigrations()).map((fn) => fn.name);
    expect(defined.sort()).toEqual(Object.keys(TRIGGER_OWNERS).sort());
  });
});
