import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { declaredStatements } from './prepared';

/*
 * The checked-in SQL of every prepared statement (server/db/queries/<name>.sql), written by `npm run db:queries`
 * and compared by query-snapshots.test.ts, so a reviewer sees each change of SQL in a diff.
 */

const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const queriesDir = path.join(serverDir, 'db', 'queries');

/** Statements are declared in repositories (features' and lib's): loading every repo declares them all. */
export async function loadDeclaredStatements() {
  for (const dir of ['features', 'lib'].map((name) => path.join(serverDir, name))) {
    const repos = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.repo.ts'))
      .sort();
    for (const repo of repos) await import(pathToFileURL(path.join(dir, repo)).href);
  }
  return declaredStatements();
}

/** The snapshot file's text of a statement. */
export function snapshotText(statement: { name: string; sqlText: () => string }): string {
  return `-- ${statement.name}: written by npm run db:queries from the statement's declaration; do not edit.\n${statement.sqlText()}\n`;
}

/** Snapshot files on disk by statement name. */
export function readSnapshots(): Map<string, string> {
  const files = readdirSync(queriesDir).filter((file) => file.endsWith('.sql'));
  return new Map(
    files.map((file) => [file.slice(0, -'.sql'.length), readFileSync(path.join(queriesDir, file), 'utf8')]),
  );
}
