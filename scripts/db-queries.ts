import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadDeclaredStatements, queriesDir, readSnapshots, snapshotText } from '../server/db/query-snapshots';

/* npm run db:queries: writes each prepared statement's SQL to server/db/queries/<name>.sql and removes stale files. */
const statements = await loadDeclaredStatements();
const names = new Set(statements.map((statement) => statement.name));
for (const statement of statements) {
  writeFileSync(path.join(queriesDir, `${statement.name}.sql`), snapshotText(statement));
}
for (const name of readSnapshots().keys()) {
  if (!names.has(name)) rmSync(path.join(queriesDir, `${name}.sql`));
}
console.log(`${statements.length} statements written to ${path.relative(process.cwd(), queriesDir)}`);
