import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../client';
import type { CsvTable } from './csv';

/** One connection that runs plain SQL and bulk-loads CSV with COPY, on PostgreSQL or PGlite. */
export type BulkLoader = {
  exec: (statement: string) => Promise<void>;
  query: <T>(statement: string) => Promise<T[]>;
  copy: (table: CsvTable) => Promise<void>;
  release: () => void;
};

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

function copyStatement(table: CsvTable, source: string): string {
  return `copy ${quoteIdent(table.table)} (${table.columns.map(quoteIdent).join(', ')}) from ${source} with (format csv)`;
}

/** The raw driver behind Drizzle: a node-postgres pool or the PGlite instance. */
function driverOf(database: Database): pg.Pool | PGlite {
  return (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
}

export async function openLoader(database: Database): Promise<BulkLoader> {
  if (database.kind === 'postgres') {
    const client = await (driverOf(database) as pg.Pool).connect();
    return {
      exec: async (statement) => {
        await client.query(statement);
      },
      query: async <T>(statement: string) => (await client.query(statement)).rows as T[],
      // COPY streams the chunks straight to the server: the fastest bulk path PostgreSQL has.
      copy: async (table) => {
        if (table.rows === 0) return;
        await pipeline(Readable.from(table.chunks), client.query(copyFrom(copyStatement(table, 'stdin'))));
      },
      release: () => client.release(),
    };
  }
  const client = driverOf(database) as PGlite;
  return {
    exec: async (statement) => {
      await client.exec(statement);
    },
    query: async <T>(statement: string) => (await client.query<T>(statement)).rows,
    // PGlite reads COPY input from a blob handed to the query as the virtual file /dev/blob.
    copy: async (table) => {
      for (const chunk of table.chunks) {
        await client.query(copyStatement(table, `'/dev/blob'`), [], { blob: new Blob([chunk]) });
      }
    },
    release: () => undefined,
  };
}
