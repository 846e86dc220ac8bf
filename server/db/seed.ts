/**
 * npm run seed -- --players N --ratings M [--users U] [--seed S] [--now ISO] [--reset] [--verify]
 *                 [--database-url postgres://…]
 * Fills the configured database (DATABASE_URL, else the local PGlite in DATA_DIR) with fake data.
 */
import { parseArgs } from 'node:util';
import { loadEnv } from '../env';
import { openDatabase } from './client';
import { seedDatabase } from './seed/seed-database';
import { signInSummary } from './seed/sign-in-summary';
import { verifyAggregates } from './seed/verify';
import { recomputeNow } from '../features/trust/trust-jobs';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '1000' },
    ratings: { type: 'string', default: '10000' },
    users: { type: 'string' },
    seed: { type: 'string', default: '1' },
    now: { type: 'string' },
    reset: { type: 'boolean', default: false },
    verify: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
  },
  strict: true,
});

function count(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got "${raw}"`);
  return value;
}

const env = loadEnv();
const url = values['database-url'] ?? env.DATABASE_URL;
const now = values.now ? new Date(values.now) : undefined;
if (now && Number.isNaN(now.getTime())) throw new Error(`--now must be a date, got "${values.now}"`);

const database = await openDatabase(
  url ? { url, poolSize: 2, timeouts: { statementMs: 0 } } : { dataDir: env.DATA_DIR },
);
console.log(`seeding ${url ? url.replace(/\/\/[^@]*@/, '//…@') : `PGlite in ${env.DATA_DIR}`}`);
try {
  const result = await seedDatabase(database, {
    players: count('players', values.players) ?? 0,
    ratings: count('ratings', values.ratings) ?? 0,
    users: count('users', values.users),
    seed: count('seed', values.seed) ?? 1,
    now,
    reset: values.reset,
    log: (message) => console.log(message),
  });
  console.log(
    `seeded ${result.summary.users} users (${result.summary.raters} raters, ${result.summary.linkedPlayers} with a player), ` +
      `${result.rows.players} players, ${result.rows.ratings} ratings in ${result.seconds.toFixed(1)} s total`,
  );
  // Estimates and collusion flags at once, rather than at the server's first full run.
  const run = await recomputeNow(database.db);
  console.log(
    `skill estimates computed for ${run.players} players from ${run.ratings} ratings in ${(run.durationMs / 1000).toFixed(1)} s`,
  );
  for (const line of signInSummary(result.summary)) console.log(line);
  if (values.verify) {
    const checks = await verifyAggregates(database);
    for (const { check, mismatches } of checks)
      console.log(`${mismatches === 0 ? 'ok  ' : 'FAIL'} ${check}: ${mismatches}`);
    if (checks.some((check) => check.mismatches > 0)) process.exitCode = 1;
  }
} catch (error) {
  console.error(`seed failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
