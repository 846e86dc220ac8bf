/**
 * npm run chaos -- [scenario ...] [--soak-seconds S] [--source] [--pg-port P]
 * Faults the app must survive, measured on this machine: pg-kill, pglite-kill, pool-exhaustion, soak,
 * signin-flood, drain (all by default). PostgreSQL scenarios run on a cluster this script creates
 * (initdb in a temp directory, its own port) and kills; the machine's main PostgreSQL is never touched.
 * Results go to bench/results/chaos-<timestamp>.{json,md}.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/db/client';
import { freePort, serverEntry } from '../server-process';
import { drain } from './drain';
import { prepareData } from './fixtures';
import { pgKill } from './pg-kill';
import { pgliteKill } from './pglite-kill';
import { poolExhaustion } from './pool-exhaustion';
import { createCluster } from './postgres-cluster';
import { writeChaosResults } from './report';
import type { ChaosContext, PostgresSetup, ScenarioResult } from './scenario';
import { signinFlood } from './signin-flood';
import { soak } from './soak';

const SCENARIOS: Record<string, (context: ChaosContext) => Promise<ScenarioResult>> = {
  'pg-kill': pgKill,
  'pglite-kill': pgliteKill,
  'pool-exhaustion': poolExhaustion,
  soak,
  'signin-flood': signinFlood,
  drain,
};

const { values: args, positionals } = parseArgs({
  options: {
    'soak-seconds': { type: 'string', default: '600' },
    source: { type: 'boolean', default: false },
    'pg-port': { type: 'string', default: '55432' },
  },
  allowPositionals: true,
  strict: true,
});

const log = (message: string) => console.log(`[chaos] ${message}`);
const resultsDirectory = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main() {
  const unknown = positionals.filter((name) => !(name in SCENARIOS));
  if (unknown.length > 0) {
    throw new Error(`unknown scenario ${unknown.join(', ')}; choose from ${Object.keys(SCENARIOS).join(', ')}`);
  }
  const selected = positionals.length > 0 ? positionals : Object.keys(SCENARIOS);
  const entry = serverEntry(args.source);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'chaos-'));
  const sessionSecret = randomBytes(32).toString('base64url');
  log(`scenarios: ${selected.join(', ')}; server: ${entry.description}`);

  let setup: PostgresSetup | undefined;
  const context: ChaosContext = {
    entry,
    workDir,
    sessionSecret,
    soakSeconds: Number(args['soak-seconds']),
    appPort: await freePort(),
    log,
    postgres: async () => {
      if (setup) return setup;
      const cluster = await createCluster({ port: Number(args['pg-port']), log });
      try {
        const database = await openDatabase({ url: cluster.url, poolSize: 4 });
        const data = await prepareData(database, sessionSecret, { players: 5000, ratings: 10_000, raters: 101 });
        await database.close();
        log(`seeded: ${data.targets.length} players to rate, ${data.raters.length} signed-in raters`);
        setup = { cluster, data };
        return setup;
      } catch (error) {
        await cluster.destroy();
        throw error;
      }
    },
  };

  const startedAt = new Date();
  const results: ScenarioResult[] = [];
  try {
    for (const name of selected) {
      log(`--- ${name}`);
      const began = performance.now();
      const loadAtStart = os.loadavg().map((value) => Math.round(value * 10) / 10);
      let result: ScenarioResult;
      try {
        result = await SCENARIOS[name](context);
      } catch (error) {
        result = {
          name,
          pass: false,
          target: '(the scenario did not complete)',
          summary: `error: ${(error as Error).message}`,
          failures: [`the scenario threw: ${(error as Error).stack ?? String(error)}`],
          figures: {},
        };
      }
      result.figures.scenarioSeconds = Math.round((performance.now() - began) / 1000);
      // Other work on the machine takes CPU from the server: the load average says how much there was.
      result.figures.loadAverageAtStart = loadAtStart;
      result.figures.loadAverageAtEnd = os.loadavg().map((value) => Math.round(value * 10) / 10);
      results.push(result);
      console.log(`${result.pass ? 'PASS' : 'FAIL'} ${name}: ${result.summary}`);
      for (const failure of result.failures) console.log(`     - ${failure}`);
    }
  } finally {
    await setup?.cluster.destroy();
    rmSync(workDir, { recursive: true, force: true });
  }

  const files = writeChaosResults(resultsDirectory, results, {
    date: startedAt.toISOString(),
    minutes: Math.round((Date.now() - startedAt.getTime()) / 600) / 100,
    commit: gitCommit(),
    node: process.version,
    cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}`,
    server: entry.description,
    soakSeconds: context.soakSeconds,
  });
  log(`wrote ${files.markdownFile} and ${files.jsonFile}`);
  if (results.some((result) => !result.pass)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
