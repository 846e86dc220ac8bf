/**
 * npm run bench:account-data -- [--database-url URL] [--runs N] [--only export|erasure]
 * A person's data (docs/product.md#your-data) for the busiest rater of a seeded database: the export, written whole
 * in this process as the route streams it, and the erasure, run on a transaction that is rolled back (so the bench
 * database keeps the rater and each run erases the same rows). The figures for the targets: the export under 2 s,
 * the erasure well under 10 s, at 1M ratings.
 */
import { sql, type SQL } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { openDatabase, type Executor } from '../server/db/client';
import { eraseInTransaction } from '../server/features/account/account-erasure.service';
import { exportChunks } from '../server/features/account/account-export.service';
import { findUser } from '../server/features/account/account.repo';
import { DEFAULT_DATABASE_URL } from './bench-targets';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: DEFAULT_DATABASE_URL },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
  },
  strict: true,
});
const runs = Number(args.runs);

/** Raw SQL on the bench's connection (Drizzle's execute is untyped across drivers). */
async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

// Migrations first (as bench:trust-run), then the server's own timeouts: what a request would have.
await (await openDatabase({ url: args['database-url'], poolSize: 1, timeouts: { statementMs: 0 } })).close();
const database = await openDatabase({ url: args['database-url'], poolSize: 4 });
const { db } = database;
const ms = (started: number) => `${Math.round(performance.now() - started)} ms`;

class RolledBack extends Error {}

try {
  const [top] = await rows<{ id: string; ratings: number }>(
    db,
    sql`select user_id as id, ratings_submitted as ratings from rater_stats order by ratings_submitted desc limit 1`,
  );
  if (!top) throw new Error('the database has no raters; seed it first (npm run bench seeds pr_bench)');
  const user = (await findUser(db, top.id))!;
  console.log(`busiest rater: ${top.ratings} counted ratings`);

  for (let run = 1; run <= (args.only === 'erasure' ? 0 : runs); run += 1) {
    const started = performance.now();
    let bytes = 0;
    for await (const chunk of exportChunks(db, user, new Date())) bytes += Buffer.byteLength(chunk);
    console.log(`export ${run}: ${ms(started)}, ${(bytes / 1e6).toFixed(1)} MB`);
  }

  for (let run = 1; run <= (args.only === 'export' ? 0 : runs); run += 1) {
    const started = performance.now();
    let erased = '';
    await db
      .transaction(async (tx) => {
        const { reply } = await eraseInTransaction(tx, user.id, { deletePlayerProfile: false, admin: null });
        erased = JSON.stringify(reply.erased);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    console.log(`erasure ${run} (rolled back): ${ms(started)}, ${erased}`);
  }
} finally {
  await database.close();
}
