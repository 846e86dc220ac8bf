import { describe, expect, it } from 'vitest';
import { loadDeclaredStatements, readSnapshots, snapshotText } from './query-snapshots';

describe('SQL snapshots (server/db/queries)', () => {
  it('hold the SQL of every prepared statement, and nothing else', async () => {
    const statements = await loadDeclaredStatements();
    const snapshots = readSnapshots();
    const problems = [
      ...statements.flatMap((statement) => {
        const stored = snapshots.get(statement.name);
        if (stored === undefined) return [`${statement.name}: no snapshot`];
        return stored === snapshotText(statement) ? [] : [`${statement.name}: the SQL differs from its snapshot`];
      }),
      ...[...snapshots.keys()]
        .filter((name) => !statements.some((statement) => statement.name === name))
        .map((name) => `${name}.sql: no statement of that name`),
    ];
    expect(problems, `Run npm run db:queries and commit server/db/queries:\n${problems.join('\n')}`).toEqual([]);
  });
});
