/**
 * npm run bench:startup -- [--runs 5] [--database-url postgres://…]
 * How fast the compiled server is ready and how much memory it holds once ready, on PostgreSQL (a database of
 * its own, migrated by the first run, so later runs are "warm") and on a fresh PGlite directory. Also checks that
 * SIGTERM ends it with exit code 0. Targets (operations issue): ready ≤ 1.5 s warm, ≤ 150 MiB RSS on PostgreSQL.
 * Writes bench/results/startup-<time>.{json,md}.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, residentKb } from './server-process';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const runs = Number(values.runs);
const serverEntry = 'dist/server/main.js';

type Run = { readyMs: number; rssMiB: number; exitCode: number | null; stopMs: number };

async function startOnce(env: Record<string, string>): Promise<Run> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const readyMs = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is ready at')) resolve(performance.now() - started);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`)));
  });
  await fetch(`http://127.0.0.1:${port}/api/health`);
  const rss = residentKb(child.pid ?? 0) / 1024;
  const stopping = performance.now();
  const exitCode = await new Promise<number | null>((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });
  return { readyMs, rssMiB: rss, exitCode, stopMs: performance.now() - stopping };
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

if (!existsSync(serverEntry)) spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
const secrets = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'bK3v9Qx2LmZp7Rt4Wy8Nc6Hd1Fg5Js0Ua2Eo4Ti6Yr8=',
  PUBLIC_URL: 'http://localhost',
};

const databaseName = `pr_startup_${Date.now()}`;
const admin = new pg.Client({ connectionString: values['database-url'] });
await admin.connect();
await admin.query(`create database ${databaseName}`);
const url = new URL(values['database-url']);
url.pathname = `/${databaseName}`;
const postgresRuns: Run[] = [];
const pgliteRuns: Run[] = [];
try {
  for (let i = 0; i <= runs; i += 1) postgresRuns.push(await startOnce({ ...secrets, DATABASE_URL: url.toString() }));
  for (let i = 0; i < runs; i += 1) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pr-startup-'));
    try {
      pgliteRuns.push(await startOnce({ ...secrets, DATA_DIR: dataDir }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}

const [firstPostgres, ...warmPostgres] = postgresRuns;
const summary = {
  at: new Date().toISOString(),
  node: process.version,
  runs,
  postgres: {
    firstStartReadyMs: Math.round(firstPostgres.readyMs),
    warmReadyMsMedian: Math.round(median(warmPostgres.map((run) => run.readyMs))),
    warmReadyMsMax: Math.round(Math.max(...warmPostgres.map((run) => run.readyMs))),
    rssMiBMedian: Math.round(median(warmPostgres.map((run) => run.rssMiB))),
    stopMsMedian: Math.round(median(warmPostgres.map((run) => run.stopMs))),
    exitCodes: postgresRuns.map((run) => run.exitCode),
  },
  pgliteFreshDirectory: {
    readyMsMedian: Math.round(median(pgliteRuns.map((run) => run.readyMs))),
    rssMiBMedian: Math.round(median(pgliteRuns.map((run) => run.rssMiB))),
    stopMsMedian: Math.round(median(pgliteRuns.map((run) => run.stopMs))),
    exitCodes: pgliteRuns.map((run) => run.exitCode),
  },
};
const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const lines = [
  `# Start-up and stop, ${summary.at} (Node ${summary.node}, ${runs} runs each)`,
  '',
  `- PostgreSQL, warm: ready in ${summary.postgres.warmReadyMsMedian} ms median (max ${summary.postgres.warmReadyMsMax}; target ≤ 1500): ${pass(summary.postgres.warmReadyMsMax <= 1500)}`,
  `- PostgreSQL: ${summary.postgres.rssMiBMedian} MiB resident once ready (target ≤ 150): ${pass(summary.postgres.rssMiBMedian <= 150)}`,
  `- PostgreSQL, first start on a new database (migrations): ready in ${summary.postgres.firstStartReadyMs} ms`,
  `- PGlite, fresh directory: ready in ${summary.pgliteFreshDirectory.readyMsMedian} ms, ${summary.pgliteFreshDirectory.rssMiBMedian} MiB`,
  `- SIGTERM: stopped in ${summary.postgres.stopMsMedian} ms (PostgreSQL) and ${summary.pgliteFreshDirectory.stopMsMedian} ms (PGlite); exit codes ${[...summary.postgres.exitCodes, ...summary.pgliteFreshDirectory.exitCodes].join(',')}: ${pass([...summary.postgres.exitCodes, ...summary.pgliteFreshDirectory.exitCodes].every((code) => code === 0))}`,
];
console.log(lines.join('\n'));
mkdirSync('bench/results', { recursive: true });
const stamp = summary.at.replace(/[:.]/g, '-').slice(0, 19);
writeFileSync(`bench/results/startup-${stamp}.json`, JSON.stringify(summary, null, 2));
writeFileSync(`bench/results/startup-${stamp}.md`, `${lines.join('\n')}\n`);
