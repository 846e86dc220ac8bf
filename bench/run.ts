/**
 * npm run bench -- [--database-url URL] [--players N] [--ratings M] [--fresh] [--seconds S]
 *                  [--connections 10,50] [--only a,b] [--skip-explain] [--explain-only] [--skip-no-cache]
 *                  [--verify] [--leaderboard-cache-seconds N] [--server-node-args="--cpu-prof ..."]
 *                  [--attacker-connections N] (the first-draws attack: --only first-draws)
 * Seeds (if empty) a PostgreSQL database, starts the real server on it and measures the hot calls
 * against two reference routes of the same server. Results go to bench/results/.
 */
import { recomputeNow } from '../server/features/trust/trust-jobs';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { seedDatabase } from '../server/db/seed/seed-database';
import { verifyAggregates } from '../server/db/seed/verify';
import { cleanupFixtures, ensureDatabase, prepareFixtures } from './bench-database';
import { explainHotCalls } from './explain';
import { measureFirstDrawsAttack, writeFirstDrawsResults } from './first-draws';
import { measure, probe, warmUp, type Measurement } from './load';
import { textTable, withRatios, writeResults, type BenchMeta } from './report';
import { buildScenarios, type Scenario } from './scenarios';
import { startServer } from './server-process';

const resultsDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/pr_bench' },
    players: { type: 'string', default: '100000' },
    ratings: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '1' },
    fresh: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    'warmup-seconds': { type: 'string', default: '2' },
    connections: { type: 'string', default: '10,50' },
    only: { type: 'string' },
    'skip-explain': { type: 'boolean', default: false },
    'explain-only': { type: 'boolean', default: false },
    'skip-no-cache': { type: 'boolean', default: false },
    verify: { type: 'boolean', default: false },
    'leaderboard-cache-seconds': { type: 'string' },
    // e.g. --server-node-args="--cpu-prof --cpu-prof-dir=/tmp/prof": profile the server under load.
    'server-node-args': { type: 'string' },
    // The first-draws attack's connections (docs/product.md#first-draws); --only first-draws runs it alone.
    'attacker-connections': { type: 'string', default: '10' },
  },
  strict: true,
});

const log = (message: string) => console.log(`[bench] ${message}`);
const databaseUrl = args['database-url'];
const seconds = Number(args.seconds);
const connectionLevels = args.connections.split(',').map(Number);
const only = args.only ? new Set(args.only.split(',')) : null;

/** Tables the bench's submits, sign-ins and cleanup write to. */
const BENCH_WRITTEN_TABLES = [
  'players',
  'ratings',
  'users',
  'sessions',
  'rater_stats',
  'rater_daily_stats',
  'achievements',
  'flagged_comments',
];

async function prepareDatabase() {
  const state = await ensureDatabase(databaseUrl, { fresh: args.fresh });
  log(`database ${new URL(databaseUrl).pathname.slice(1)}: ${state}`);
  const database = await openDatabase({ url: databaseUrl, poolSize: 4, timeouts: { statementMs: 0 } });
  const count = async (table: string) => {
    const result = (await database.db.execute(`select count(*)::int as n from ${table}`)) as { rows: { n: number }[] };
    return result.rows[0].n;
  };
  if ((await count('players')) === 0) {
    log(`seeding ${args.players} players / ${args.ratings} ratings`);
    const result = await seedDatabase(database, {
      players: Number(args.players),
      ratings: Number(args.ratings),
      seed: Number(args.seed),
      log: (message) => log(`  ${message}`),
    });
    log(`seeded in ${result.seconds.toFixed(1)} s`);
  } else {
    log('reusing the seeded data (--fresh to start over)');
    // Earlier runs' submits and their cleanup leave dead rows behind, and this PostgreSQL may run without
    // autovacuum (the development machine's does): start every run from a vacuumed database, as production's is.
    const started = Date.now();
    await database.db.execute(`vacuum (analyze) ${BENCH_WRITTEN_TABLES.join(', ')}`);
    log(`vacuumed the tables the bench writes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // The estimates as production keeps them: the servers the bench starts find a fresh full run, so
  // none runs during a measurement (their worker still recomputes the players the submits mark).
  const trustRun = await recomputeNow(database.db);
  log(
    `trust full run: ${trustRun.players} players, ${trustRun.ratings} ratings in ${(trustRun.durationMs / 1000).toFixed(1)} s`,
  );
  const dataset: Record<string, number> = {};
  for (const table of ['players', 'ratings', 'users', 'rating_helpfulness', 'rater_daily_stats']) {
    dataset[table] = await count(table);
  }
  return { database, dataset };
}

type Phase = {
  name: string;
  extraEnv: Record<string, string>;
  scenarios: Scenario[];
  connectionLevels: number[];
};

/** One server start: probe each call, warm up, then measure every call at every connection level. */
async function runPhase(phase: Phase, sessionSecret: string, statsClient: pg.Client) {
  const server = await startServer({
    databaseUrl,
    sessionSecret,
    extraEnv: phase.extraEnv,
    nodeArgs: args['server-node-args']?.split(' ').filter(Boolean),
  });
  log(`[${phase.name}] server pid ${server.pid} at ${server.baseUrl}`);
  const measurements: Measurement[] = [];
  const skipped: BenchMeta['skipped'] = [];
  try {
    const runnable: Scenario[] = [];
    for (const scenario of phase.scenarios) {
      const problem = await probe(server, scenario);
      if (problem) {
        log(`skipping ${scenario.name}: ${problem}`);
        skipped.push({ scenario: scenario.name, reason: problem });
      } else {
        runnable.push(scenario);
      }
    }
    for (const scenario of runnable) {
      for (const path of scenario.prime ?? []) await (await fetch(`${server.baseUrl}${path}`)).arrayBuffer();
      await warmUp(server, scenario, Number(args['warmup-seconds']));
    }
    const pk = runnable.find((scenario) => scenario.name === 'pk');
    for (const connections of phase.connectionLevels) {
      // pk again at the end of each level: the ratio uses both, which evens out drift.
      for (const scenario of [...runnable, ...(pk ? [{ ...pk, name: 'pk-end' }] : [])]) {
        const result = await measure(phase.name, server, scenario, connections, seconds, statsClient);
        measurements.push(result);
        log(
          `[${phase.name}] ${scenario.name} @${connections}: ${result.requestsPerSecond.toFixed(0)} req/s, ` +
            `p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.serverCpuMs.toFixed(3)} ms CPU/req` +
            (result.non2xx + result.errors > 0 ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ''),
        );
      }
    }
  } finally {
    await server.stop();
  }
  return { measurements, skipped };
}

async function serverVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; autovacuum: string }>(
      `select current_setting('server_version') as version, current_setting('autovacuum') as autovacuum`,
    );
    return `PostgreSQL ${rows[0].version} (autovacuum ${rows[0].autovacuum})`;
  } finally {
    await client.end();
  }
}

async function main() {
  const loadAverageAtStart = os.loadavg();
  const { database, dataset } = await prepareDatabase();
  const sessionSecret = randomBytes(32).toString('base64url');
  const fixtures = await prepareFixtures(database, sessionSecret);
  log(`signed in: rater ${fixtures.rater.email}, bench admin and ${fixtures.submitters.length} bench submitters`);
  const scenarios = buildScenarios(fixtures).filter(
    (scenario) => !only || only.has(scenario.name) || scenario.kind === 'reference',
  );
  // The main phase measures what drawing a page or picture costs, all from one address: without the per-address
  // limit of first draws, which the first-draws phase measures on its own.
  const serverEnv: Record<string, string> = { FIRST_DRAWS_PER_MINUTE: '0' };
  if (args['leaderboard-cache-seconds'] !== undefined) {
    serverEnv.LEADERBOARD_CACHE_SECONDS = args['leaderboard-cache-seconds'];
  }

  try {
    if (!args['explain-only']) {
      const phases: Phase[] = [{ name: 'main', extraEnv: serverEnv, scenarios, connectionLevels }];
      const leaderboards = scenarios.filter((scenario) => scenario.name.startsWith('leaderboard'));
      if (!args['skip-no-cache'] && leaderboards.length > 0 && serverEnv.LEADERBOARD_CACHE_SECONDS !== '0') {
        // The same calls with the leaderboard cache off: what its queries cost on their own.
        phases.push({
          name: 'no-cache',
          extraEnv: { ...serverEnv, LEADERBOARD_CACHE_SECONDS: '0' },
          scenarios: [...scenarios.filter((scenario) => scenario.kind === 'reference'), ...leaderboards],
          connectionLevels: [10],
        });
      }
      const statsClient = new pg.Client({ connectionString: databaseUrl });
      await statsClient.connect();
      const measurements: Measurement[] = [];
      const skipped: BenchMeta['skipped'] = [];
      try {
        for (const phase of phases) {
          const result = await runPhase(phase, sessionSecret, statsClient);
          measurements.push(...result.measurements);
          skipped.push(...result.skipped);
        }
      } finally {
        await statsClient.end();
      }

      const rows = withRatios(measurements);
      const meta: BenchMeta = {
        date: new Date().toISOString(),
        node: process.version,
        cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}`,
        loadAverageAtStart,
        postgres: await serverVersion(),
        dataset,
        secondsPerRun: seconds,
        serverEnv: { NODE_ENV: 'production', LOG_LEVEL: 'warn', ...serverEnv },
        skipped,
      };
      console.log(`\n${textTable(rows)}\n`);
      const files = writeResults(resultsDirectory, rows, meta);
      log(`wrote ${files.markdownFile} and ${files.jsonFile}`);
    }

    if (!args['explain-only'] && (!only || only.has('first-draws'))) {
      const statsClient = new pg.Client({ connectionString: databaseUrl });
      await statsClient.connect();
      try {
        const pk = buildScenarios(fixtures).find((scenario) => scenario.name === 'pk')!;
        const runs = await measureFirstDrawsAttack({
          databaseUrl,
          sessionSecret,
          database,
          statsClient,
          pk,
          keptPaths: fixtures.samples.playerPaths.slice(0, 20),
          seconds,
          readerConnections: connectionLevels[0],
          attackerConnections: Number(args['attacker-connections']),
          nodeArgs: args['server-node-args']?.split(' ').filter(Boolean),
        });
        for (const run of runs) {
          log(
            `[first-draws] limit ${run.limitPerMinute}/min, ${run.mode}: reader p99 ${run.alone.p99Ms} ms alone, ` +
              `${run.underAttack.p99Ms} ms under attack (${run.p99Ratio.toFixed(2)}x); pk p99 ${run.pk.p99Ms} ms; ` +
              `attacker ${run.attacker.requestsPerSecond.toFixed(0)} req/s`,
          );
        }
        log(`wrote ${writeFirstDrawsResults(resultsDirectory, runs, { date: new Date().toISOString(), dataset })}`);
      } finally {
        await statsClient.end();
      }
    }

    if (!args['skip-explain']) {
      log('explaining the hot calls');
      const report = await explainHotCalls({
        databaseUrl,
        sessionSecret,
        scenarios,
        submitterIds: fixtures.submitters.map((submitter) => submitter.id),
      });
      const file = path.join(resultsDirectory, 'explain.md');
      writeFileSync(file, report);
      log(`wrote ${file}`);
    }
  } finally {
    const restored = await cleanupFixtures(database, fixtures);
    log(`removed the bench users and their ratings (aggregates restored on ${restored} players)`);
  }
  if (args.verify) {
    for (const { check, mismatches } of await verifyAggregates(database)) {
      log(`${mismatches === 0 ? 'ok  ' : 'FAIL'} ${check}: ${mismatches}`);
    }
  }
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
