/**
 * npm run bench -- [--database-url URL[,URL...]] [--players N] [--ratings M] [--sizes 1m,10m | --scale 10] [--fresh]
 *                  [--seconds S] [--connections 10,50] [--only a,b] [--skip-explain] [--explain-only]
 *                  [--skip-no-cache] [--verify] [--leaderboard-cache-seconds N]
 *                  [--server-node-args="--cpu-prof ..."]
 *                  [--attacker-connections N] (the first-draws attack: --only first-draws)
 *                  (the API during a trust full run: --only full-run)
 * Seeds (if empty) a PostgreSQL database, starts the real server on it and measures the hot calls
 * against the reference routes of the same server. Results go to bench/results/. With several databases
 * (--sizes, --scale, or a list of URLs) each gets the same bench in turn, and one more report sets each
 * call's ratios side by side, size by size.
 */
import { recomputeNow } from '../server/features/trust/trust-jobs';
import { findLatestRun } from '../server/features/trust/trust.repo';
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
import { benchTargets, type BenchTarget } from './bench-targets';
import { explainHotCalls } from './explain';
import { measureFirstDrawsAttack, writeFirstDrawsResults } from './first-draws';
import { measureDuringFullRun, p99Text, readinessText, writeFullRunResults } from './full-run';
import { measure, probe, warmUp, type Measurement } from './load';
import { textTable, withRatios, writeResults, type BenchMeta } from './report';
import { writeScaleResults, type SizeRun } from './scale-report';
import { buildScenarios, type Scenario } from './scenarios';
import { startServer } from './server-process';

const resultsDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

const { values: args } = parseArgs({
  options: {
    // One URL, or several separated by commas (then --players and --ratings may be lists too).
    'database-url': { type: 'string' },
    players: { type: 'string' },
    ratings: { type: 'string' },
    // Sizes in ratings, each on its own database (1m: pr_bench, 10m: pr_bench10), a tenth as many players.
    sizes: { type: 'string' },
    // --scale 10: the 1M database and the 10M one.
    scale: { type: 'string' },
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
const seconds = Number(args.seconds);
const connectionLevels = args.connections.split(',').map(Number);
const only = args.only ? new Set(args.only.split(',')) : null;
const nodeArgs = args['server-node-args']?.split(' ').filter(Boolean);

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

/** Sessions on the database (before the bench opens its own): an empty one with any is being seeded elsewhere. */
async function otherSessions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

async function prepareDatabase(target: BenchTarget) {
  const { databaseUrl } = target;
  const state = await ensureDatabase(databaseUrl, { fresh: args.fresh });
  log(`database ${new URL(databaseUrl).pathname.slice(1)}: ${state}`);
  const others = await otherSessions(databaseUrl);
  const database = await openDatabase({ url: databaseUrl, poolSize: 4, timeouts: { statementMs: 0 } });
  const count = async (table: string) => {
    const result = (await database.db.execute(`select count(*)::int as n from ${table}`)) as { rows: { n: number }[] };
    return result.rows[0].n;
  };
  if ((await count('players')) === 0) {
    // A seed is one transaction: until it commits, the database looks empty to everyone else.
    if (others > 0) {
      await database.close();
      throw new Error(
        `${target.label} looks empty but has ${others} other session(s): is it being seeded? Not seeding it`,
      );
    }
    log(`seeding ${target.players} players / ${target.ratings} ratings`);
    const result = await seedDatabase(database, {
      players: target.players,
      ratings: target.ratings,
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
  // A run of the last day is reused (the bench servers run none for a day): at 10M ratings one takes many minutes.
  const latest = await findLatestRun(database.db);
  if (latest && Date.now() - latest.computedAt.getTime() < 20 * 3600_000) {
    log(
      `trust full run of ${latest.computedAt.toISOString()} reused (${latest.players} players, ${latest.ratings} ratings)`,
    );
  } else {
    const trustRun = await recomputeNow(database.db, 30 * 60_000);
    log(
      `trust full run: ${trustRun.players} players, ${trustRun.ratings} ratings in ${(trustRun.durationMs / 1000).toFixed(1)} s`,
    );
  }
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
async function runPhase(databaseUrl: string, phase: Phase, sessionSecret: string, statsClient: pg.Client) {
  const server = await startServer({ databaseUrl, sessionSecret, extraEnv: phase.extraEnv, nodeArgs });
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

async function serverVersion(databaseUrl: string): Promise<string> {
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

async function withStatsClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The whole bench on one database: what `npm run bench` did before there were sizes. */
async function benchOne(target: BenchTarget, options: { explainFile: string }): Promise<SizeRun> {
  const { databaseUrl } = target;
  const loadAverageAtStart = os.loadavg();
  const { database, dataset } = await prepareDatabase(target);
  const sessionSecret = randomBytes(32).toString('base64url');
  const fixtures = await prepareFixtures(database, sessionSecret);
  log(`signed in: rater ${fixtures.rater.email}, bench admin and ${fixtures.submitters.length} bench submitters`);
  const allScenarios = buildScenarios(fixtures);
  const scenarios = allScenarios.filter(
    (scenario) => !only || only.has(scenario.name) || scenario.kind === 'reference',
  );
  // The main phase measures what drawing a page or picture costs, all from one address: without the per-address
  // limit of first draws, which the first-draws phase measures on its own. No scheduled full run starts during the
  // measurements (the full-run phase starts its own), however long the bench takes on a large database.
  const serverEnv: Record<string, string> = { FIRST_DRAWS_PER_MINUTE: '0', TRUST_FULL_RUN_MINUTES: '1440' };
  if (args['leaderboard-cache-seconds'] !== undefined) {
    serverEnv.LEADERBOARD_CACHE_SECONDS = args['leaderboard-cache-seconds'];
  }
  const run: SizeRun = { target, dataset, rows: null, resultsFile: null, fullRun: null };
  // --only first-draws or --only full-run alone: no main phase of the reference routes only.
  const mainPhase = !only || allScenarios.some((scenario) => only.has(scenario.name));

  try {
    if (!args['explain-only'] && mainPhase) {
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
      const measurements: Measurement[] = [];
      const skipped: BenchMeta['skipped'] = [];
      await withStatsClient(databaseUrl, async (statsClient) => {
        for (const phase of phases) {
          const result = await runPhase(databaseUrl, phase, sessionSecret, statsClient);
          measurements.push(...result.measurements);
          skipped.push(...result.skipped);
        }
      });

      const rows = withRatios(measurements);
      const meta: BenchMeta = {
        date: new Date().toISOString(),
        node: process.version,
        cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}`,
        loadAverageAtStart,
        postgres: await serverVersion(databaseUrl),
        dataset,
        secondsPerRun: seconds,
        serverEnv: { NODE_ENV: 'production', LOG_LEVEL: 'warn', ...serverEnv },
        skipped,
      };
      console.log(`\n${textTable(rows)}\n`);
      const files = writeResults(resultsDirectory, rows, meta);
      log(`wrote ${files.markdownFile} and ${files.jsonFile}`);
      run.rows = rows;
      run.resultsFile = files.markdownFile;
    }

    if (!args['explain-only'] && (!only || only.has('first-draws'))) {
      await withStatsClient(databaseUrl, async (statsClient) => {
        const pk = allScenarios.find((scenario) => scenario.name === 'pk')!;
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
          nodeArgs,
        });
        for (const attack of runs) {
          log(
            `[first-draws] limit ${attack.limitPerMinute}/min, ${attack.mode}: reader p99 ${attack.alone.p99Ms} ms alone, ` +
              `${attack.underAttack.p99Ms} ms under attack (${attack.p99Ratio.toFixed(2)}x); pk p99 ${attack.pk.p99Ms} ms; ` +
              `attacker ${attack.attacker.requestsPerSecond.toFixed(0)} req/s`,
          );
        }
        log(`wrote ${writeFirstDrawsResults(resultsDirectory, runs, { date: new Date().toISOString(), dataset })}`);
      });
    }

    if (!args['explain-only'] && (!only || only.has('full-run'))) {
      run.fullRun = await withStatsClient(databaseUrl, (statsClient) =>
        measureDuringFullRun({
          databaseUrl,
          sessionSecret,
          adminCookie: fixtures.admin.cookie,
          database,
          statsClient,
          pk: allScenarios.find((scenario) => scenario.name === 'pk')!,
          player: allScenarios.find((scenario) => scenario.name === 'player')!,
          seconds,
          connections: connectionLevels[0],
          extraEnv: serverEnv,
          nodeArgs,
          log,
        }),
      );
      const { pk, player, readiness } = run.fullRun;
      log(
        `[full-run] p99 pk ${p99Text(pk)}, player ${p99Text(player)}; readiness during the run: ` +
          readinessText(readiness.duringRun),
      );
      log(`wrote ${writeFullRunResults(resultsDirectory, run.fullRun, { date: new Date().toISOString(), dataset })}`);
    }

    if (!args['skip-explain']) {
      log('explaining the hot calls');
      const report = await explainHotCalls({
        databaseUrl,
        sessionSecret,
        scenarios,
        submitters: fixtures.submitters,
      });
      const file = path.join(resultsDirectory, options.explainFile);
      writeFileSync(file, report);
      log(`wrote ${file}`);
    }
  } finally {
    const restored = await cleanupFixtures(database, fixtures);
    log(`removed the bench users and their ${restored} ratings (effects taken back)`);
  }
  if (args.verify) {
    for (const { check, mismatches } of await verifyAggregates(database)) {
      log(`${mismatches === 0 ? 'ok  ' : 'FAIL'} ${check}: ${mismatches}`);
    }
  }
  await database.close();
  return run;
}

async function main() {
  const targets = benchTargets({
    databaseUrl: args['database-url'],
    players: args.players,
    ratings: args.ratings,
    sizes: args.sizes,
    scale: args.scale,
  });
  const several = targets.length > 1;
  if (several) log(`sizes: ${targets.map((target) => `${target.label} (${target.databaseUrl})`).join(', ')}`);
  const runs: SizeRun[] = [];
  for (const target of targets) {
    if (several) log(`=== ${target.label}`);
    // One EXPLAIN report per size when there are several: plans change with the data.
    runs.push(await benchOne(target, { explainFile: several ? `explain-${target.label}.md` : 'explain.md' }));
  }
  if (several) {
    const files = writeScaleResults(resultsDirectory, runs, { date: new Date().toISOString(), secondsPerRun: seconds });
    log(`wrote ${files.markdownFile} and ${files.jsonFile}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
