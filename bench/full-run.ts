import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type pg from 'pg';
import { z } from 'zod';
import type { Database } from '../server/db/client';
import { trustRunRequests } from '../server/db/schema/index';
import { measure, warmUp, type Measurement } from './load';
import type { Scenario } from './scenarios';
import { startServer, type AppProcess } from './server-process';

/*
 * The API while the trust model's full run is in progress (--only full-run): the pk reference and player detail
 * measured on a server with no run, then again while a run the bench admin queued is running, with readiness probed
 * all along. Target: each p99 during the run within 2x of its value without, and readiness never failing.
 */

const RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;
type RunState = (typeof RUN_STATES)[number];

const recomputeReply = z.object({ runId: z.number().int() });
const statusReply = z.object({
  currentRun: z
    .object({
      id: z.number().int(),
      state: z.enum(RUN_STATES),
      phase: z.string().nullable().optional(),
      progress: z.object({ done: z.number(), total: z.number() }).optional(),
      error: z.string().nullable().optional(),
    })
    .nullable(),
});
type CurrentRun = NonNullable<z.infer<typeof statusReply>['currentRun']>;

/** How long a probe may take before it counts as a failure: a load balancer's probe gives up about then. */
const READINESS_TIMEOUT_MS = 2000;
const READINESS_EVERY_MS = 500;
const STATUS_EVERY_MS = 250;
/** A run that has not started by then is reported as never running (the worker did not claim it). */
const START_TIMEOUT_MS = 120_000;
/** The full run at 10M ratings has 15 minutes (its target); twice that before the bench gives up waiting. */
const FINISH_TIMEOUT_MS = 30 * 60_000;

export type ReadinessSummary = {
  probes: number;
  failures: { atSecond: number; reason: string }[];
  p99Ms: number;
  maxMs: number;
};

export type DuringRun = {
  alone: Measurement;
  during: Measurement;
  /** during p99 / alone p99 (target: at most 2); null when nothing was answered during the run's window. */
  p99Ratio: number | null;
  /** The run this measurement overlapped and the share of its window that run was running. */
  runId: number;
  runningShare: number;
};

export type FullRunResult = {
  pk: DuringRun;
  player: DuringRun;
  runs: { id: number; state: RunState; durationMs: number | null; error: string | null }[];
  readiness: { withoutRun: ReadinessSummary; duringRun: ReadinessSummary };
};

export type FullRunOptions = {
  databaseUrl: string;
  sessionSecret: string;
  adminCookie: string;
  /** The bench's own connection: the runs' recorded start and finish. */
  database: Database;
  statsClient: pg.Client;
  pk: Scenario;
  player: Scenario;
  seconds: number;
  connections: number;
  extraEnv: Record<string, string>;
  nodeArgs?: string[];
  log: (message: string) => void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/** Asks /api/health/ready every half second until stopped; a non-200 or a late answer is a failure. */
function probeReadiness(server: AppProcess) {
  const started = performance.now();
  const latencies: number[] = [];
  const failures: ReadinessSummary['failures'] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const at = performance.now();
      try {
        const response = await fetch(`${server.baseUrl}/api/health/ready`, {
          signal: AbortSignal.timeout(READINESS_TIMEOUT_MS),
        });
        const body = await response.text();
        if (!response.ok) failures.push({ atSecond: (at - started) / 1000, reason: `${response.status} ${body}` });
      } catch (error) {
        failures.push({
          atSecond: (at - started) / 1000,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      latencies.push(performance.now() - at);
      await sleep(READINESS_EVERY_MS);
    }
  })();
  return async (): Promise<ReadinessSummary> => {
    stopped = true;
    await loop;
    return {
      probes: latencies.length,
      failures,
      p99Ms: percentile(latencies, 0.99),
      maxMs: Math.max(0, ...latencies),
    };
  };
}

async function currentRun(server: AppProcess, cookie: string): Promise<CurrentRun | null> {
  const response = await fetch(`${server.baseUrl}/api/admin/trust/status`, { headers: { cookie } });
  if (!response.ok) throw new Error(`trust status: ${response.status} ${await response.text()}`);
  return statusReply.parse(await response.json()).currentRun;
}

type RunRecord = { id: number; state: string; startedAt: Date | null; finishedAt: Date | null; error: string | null };

/** The runs as the worker recorded them: when each started and finished (the status answers only the latest). */
async function runRecords(database: Database, ids: number[]): Promise<RunRecord[]> {
  if (ids.length === 0) return [];
  return database.db
    .select({
      id: trustRunRequests.id,
      state: trustRunRequests.state,
      startedAt: trustRunRequests.startedAt,
      finishedAt: trustRunRequests.finishedAt,
      error: trustRunRequests.error,
    })
    .from(trustRunRequests)
    .where(inArray(trustRunRequests.id, ids));
}

/**
 * The share of a window (wall-clock ms) the run was running, from its recorded start and finish: exact even when the
 * server answers nothing during the window (a run that blocks it, say). Same machine, so the clocks agree.
 */
function runningShare(run: RunRecord | undefined, window: { from: number; to: number }): number {
  if (!run?.startedAt) return 0;
  const start = Math.max(window.from, run.startedAt.getTime());
  const end = Math.min(window.to, run.finishedAt?.getTime() ?? window.to);
  return window.to > window.from ? Math.max(0, end - start) / (window.to - window.from) : 0;
}

/** Queues a full run (or joins the one queued or running) and waits until it runs; answers its id. */
async function runningRun(server: AppProcess, cookie: string, log: (message: string) => void): Promise<number> {
  const response = await fetch(`${server.baseUrl}/api/admin/trust/recompute`, { method: 'POST', headers: { cookie } });
  if (response.status !== 202) {
    throw new Error(`POST /api/admin/trust/recompute answered ${response.status}, not 202: ${await response.text()}`);
  }
  const { runId } = recomputeReply.parse(await response.json());
  log(`[full-run] run ${runId} queued (or joined)`);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const run = await currentRun(server, cookie);
    if (run?.id === runId && run.state === 'running') return runId;
    if (run?.id === runId && run.state !== 'queued') {
      // Measured all the same: the report shows the window the run covered (none), not a missing row.
      log(`[full-run] run ${runId} was ${run.state} before the bench saw it running: too short to measure beside`);
      return runId;
    }
    if (Date.now() > deadline) throw new Error(`run ${runId} did not start within ${START_TIMEOUT_MS / 1000} s`);
    await sleep(STATUS_EVERY_MS);
  }
}

async function finishedRun(server: AppProcess, cookie: string, id: number, log: (message: string) => void) {
  const deadline = Date.now() + FINISH_TIMEOUT_MS;
  let lastLog = Date.now();
  for (;;) {
    const run = await currentRun(server, cookie);
    if (run?.id === id && (run.state === 'done' || run.state === 'failed')) return run;
    if (run?.id !== id && run !== null) return null;
    if (Date.now() > deadline) throw new Error(`run ${id} did not finish within ${FINISH_TIMEOUT_MS / 60_000} min`);
    if (Date.now() - lastLog > 30_000) {
      lastLog = Date.now();
      log(
        `[full-run] run ${id}: ${run?.state ?? 'gone'}, ${run?.phase ?? ''} ${run?.progress?.done ?? 0}/${run?.progress?.total ?? 0}`,
      );
    }
    await sleep(1000);
  }
}

export async function measureDuringFullRun(options: FullRunOptions): Promise<FullRunResult> {
  const { adminCookie: cookie, log } = options;
  const server = await startServer({
    databaseUrl: options.databaseUrl,
    sessionSecret: options.sessionSecret,
    extraEnv: options.extraEnv,
    nodeArgs: options.nodeArgs,
  });
  log(`[full-run] server pid ${server.pid} at ${server.baseUrl}`);
  try {
    // One left open (queued by an earlier bench that stopped midway, say) finishes before the quiet measurement.
    const open = await currentRun(server, cookie);
    if (open && (open.state === 'queued' || open.state === 'running')) {
      log(`[full-run] run ${open.id} is ${open.state} already: waiting for it to finish first`);
      await finishedRun(server, cookie, open.id, log);
    }
    const measureOnce = (scenario: Scenario, waitForIdle: boolean) =>
      measure('full-run', server, scenario, options.connections, options.seconds, options.statsClient, {
        waitForIdle,
      });
    await warmUp(server, options.pk, 2);
    await warmUp(server, options.player, 2);

    const stopQuietProbe = probeReadiness(server);
    const alone = { pk: await measureOnce(options.pk, true), player: await measureOnce(options.player, true) };
    const withoutRun = await stopQuietProbe();

    const stopProbe = probeReadiness(server);
    const windows: { scenario: Scenario; measured: Measurement; runId: number; from: number; to: number }[] = [];
    for (const scenario of [options.pk, options.player]) {
      const runId = await runningRun(server, cookie, log);
      const from = Date.now();
      const measured = await measureOnce(scenario, false);
      windows.push({ scenario, measured, runId, from, to: Date.now() });
    }
    const runIds = [...new Set(windows.map((window) => window.runId))];
    // The last run finishes before the server stops: one stopped midway keeps its request open until its lease lapses.
    await finishedRun(server, cookie, runIds[runIds.length - 1], log);
    const duringRun = await stopProbe();

    const records = await runRecords(options.database, runIds);
    const duringRunOf = (index: number, before: Measurement): DuringRun => {
      const { scenario, measured, runId, from, to } = windows[index];
      return {
        alone: before,
        during: { ...measured, scenario: `${scenario.name}-during-full-run` },
        p99Ratio: measured.responses > 0 && before.p99Ms > 0 ? measured.p99Ms / before.p99Ms : null,
        runId,
        runningShare: runningShare(
          records.find((record) => record.id === runId),
          { from, to },
        ),
      };
    };
    const pk = duringRunOf(0, alone.pk);
    const player = duringRunOf(1, alone.player);
    const runs = runIds.map((id) => {
      const record = records.find((candidate) => candidate.id === id);
      const started = record?.startedAt?.getTime();
      const finished = record?.finishedAt?.getTime();
      return {
        id,
        state: (record?.state ?? 'queued') as RunState,
        durationMs: started !== undefined && finished !== undefined ? finished - started : null,
        error: record?.error ?? null,
      };
    });
    return { pk, player, runs, readiness: { withoutRun, duringRun } };
  } finally {
    await server.stop();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** "12.0 -> 15.0 ms: 1.25x ok", or a miss when the server answered nothing while the run ran. */
export function p99Text(run: DuringRun): string {
  if (run.p99Ratio === null) return `${ms(run.alone.p99Ms)} -> no answer in ${run.during.seconds.toFixed(0)} s: MISS`;
  return `${ms(run.alone.p99Ms)} -> ${ms(run.during.p99Ms)}: ${run.p99Ratio.toFixed(2)}x ${run.p99Ratio <= 2 ? 'ok' : 'MISS'}`;
}

export function readinessText(summary: ReadinessSummary): string {
  const failed = summary.failures.length;
  return `${summary.probes} probes, ${failed === 0 ? 'none failed' : `${failed} FAILED`}, p99 ${ms(summary.p99Ms)}, max ${ms(summary.maxMs)}`;
}

export function fullRunMarkdown(result: FullRunResult, meta: { date: string; dataset: Record<string, number> }) {
  const row = (name: string, run: DuringRun) =>
    `| ${name} | ${p99Text(run)} | ${run.alone.requestsPerSecond.toFixed(0)} / ${run.during.requestsPerSecond.toFixed(0)} | ` +
    `${run.runId} | ${(run.runningShare * 100).toFixed(0)}% | ${run.during.non2xx + run.during.errors} |`;
  const failures = [...result.readiness.duringRun.failures].map(
    (failure) => `- at ${failure.atSecond.toFixed(1)} s: ${failure.reason}`,
  );
  return [
    `# The API during a trust full run (${meta.date})`,
    '',
    `Dataset: ${Object.entries(meta.dataset)
      .map(([table, rows]) => `${table} ${rows.toLocaleString('en-US')}`)
      .join(', ')}.`,
    '',
    `Each call measured ${result.pk.alone.seconds} s at ${result.pk.alone.connections} connections on one server, first`,
    'with no full run, then while one the bench admin queued (POST /api/admin/trust/recompute) was running.',
    '"Run running" is the share of the window the run was running (from its recorded start and finish).',
    '',
    '| call | p99 without a run -> during it (target: within 2x) | req/s without / during | run | run running | non-2xx during |',
    '| --- | --- | --- | --- | --- | --- |',
    row('pk', result.pk),
    row('player', result.player),
    '',
    `Runs: ${result.runs
      .map(
        (run) =>
          `${run.id} ${run.state}${run.durationMs === null ? '' : ` in ${(run.durationMs / 1000).toFixed(1)} s`}` +
          (run.error ? ` (${run.error})` : ''),
      )
      .join('; ')}.`,
    '',
    `Readiness (GET /api/health/ready every ${READINESS_EVERY_MS} ms, a failure is a non-200 or no answer within ${READINESS_TIMEOUT_MS} ms):`,
    `- without a run: ${readinessText(result.readiness.withoutRun)}`,
    `- from the first run's start to the last one's end: ${readinessText(result.readiness.duringRun)}`,
    ...failures,
    '',
  ].join('\n');
}

export function writeFullRunResults(
  directory: string,
  result: FullRunResult,
  meta: { date: string; dataset: Record<string, number> },
): string {
  const stamp = meta.date.replace(/[:]/g, '-').replace(/\..*$/, '');
  const file = path.join(directory, `full-run-${stamp}.md`);
  writeFileSync(file, fullRunMarkdown(result, meta));
  writeFileSync(file.replace(/\.md$/, '.json'), `${JSON.stringify({ meta, ...result }, null, 2)}\n`);
  return file;
}
