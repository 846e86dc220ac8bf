import autocannon from 'autocannon';
import { cpuSeconds } from '../server-process';
import { logSummary } from './server-log';
import { percentile, round, maxOf } from './driver';
import { reads, type ChaosData } from './fixtures';
import { logFileFor, startPostgresApp, type ChaosContext, type ScenarioResult } from './scenario';

const READ_CONNECTIONS = 10;
const FLOOD_CONNECTIONS = 100;
const SECONDS = 10;
const P99_TARGET_MS = 10;
const READ_LOSS_TARGET = 0.2;

type Run = {
  responses: number;
  statuses: Record<string, number>;
  latencies: Map<number, number[]>;
  errors: number;
  timeouts: number;
};

/** Cores used by the server and by this load-driving process from now until the returned function is called. */
function cpuMeter(serverPid: number): () => { server: number; loadGenerator: number } {
  const started = performance.now();
  const server = cpuSeconds(serverPid);
  const own = process.cpuUsage();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const ownUsage = process.cpuUsage(own);
    return {
      server: round((cpuSeconds(serverPid) - server) / seconds, 2),
      loadGenerator: round((ownUsage.user + ownUsage.system) / 1e6 / seconds, 2),
    };
  };
}

/** Runs autocannon and counts every answer by status, with its latency. */
function record(options: autocannon.Options): Promise<Run> {
  const statuses: Record<string, number> = {};
  const latencies = new Map<number, number[]>();
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: Error | null, result: autocannon.Result) => {
      if (error) return reject(error);
      const responses = Object.values(statuses).reduce((sum, n) => sum + n, 0);
      resolve({ responses, statuses, latencies, errors: result.errors, timeouts: result.timeouts });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      const list = latencies.get(statusCode) ?? [];
      list.push(responseTime);
      latencies.set(statusCode, list);
    });
  });
}

function readLoad(baseUrl: string, data: ChaosData): autocannon.Options {
  const next = reads(data);
  return {
    url: baseUrl,
    connections: READ_CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const spec = next();
          return { ...request, path: spec.path, headers: { ...request.headers, ...spec.headers } };
        },
      },
    ],
  };
}

function floodLoad(baseUrl: string, connections = FLOOD_CONNECTIONS): autocannon.Options {
  let attempt = 0;
  return {
    url: baseUrl,
    connections,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          attempt += 1;
          const body = JSON.stringify({ email: `guess-${attempt % 500}@example.org`, password: `wrong-${attempt}` });
          return { ...request, body };
        },
      },
    ],
  };
}

/**
 * Wrong sign-ins at 100 connections: refused with 429 before any password hashing (the 429s' p99 under
 * 10 ms), while reads measured at the same time keep at least 80% of their throughput alone.
 */
export async function signinFlood(context: ChaosContext): Promise<ScenarioResult> {
  const setup = await context.postgres();
  const app = await startPostgresApp(context, 'signin-flood', setup);
  try {
    // Warm the read paths (prepared statements, caches) before measuring them alone.
    await record({ url: `${app.baseUrl}/api/players/1`, connections: READ_CONNECTIONS, duration: 2 });
    const aloneCpu = cpuMeter(app.pid);
    const alone = await record(readLoad(app.baseUrl, setup.data));
    const aloneCores = aloneCpu();
    context.log(`[signin-flood] reads alone: ${round(alone.responses / SECONDS, 0)} req/s`);

    const floodCpu = cpuMeter(app.pid);
    const cpuBefore = cpuSeconds(app.pid);
    const [during, flood] = await Promise.all([
      record(readLoad(app.baseUrl, setup.data)),
      record(floodLoad(app.baseUrl)),
    ]);
    const cpuAfter = cpuSeconds(app.pid);
    const floodCores = floodCpu();
    // The same refusals one at a time: what a 429 costs the server without 100 connections queued on it.
    const { duration: _duration, ...oneAtATime } = floodLoad(app.baseUrl, 1);
    const single = await record({ ...oneAtATime, amount: 1000 });
    const singleRefused = single.latencies.get(429) ?? [];

    const refused = flood.latencies.get(429) ?? [];
    const p99 = percentile(refused, 99);
    const aloneRate = alone.responses / SECONDS;
    const duringRate = during.responses / SECONDS;
    const loss = 1 - duringRate / aloneRate;
    const notRefused = flood.responses - refused.length;
    const hashed = flood.statuses['401'] ?? 0;

    const failures: string[] = [];
    if (!(p99 < P99_TARGET_MS)) failures.push(`p99 of the 429s is ${round(p99)} ms (target < ${P99_TARGET_MS} ms)`);
    if (!(loss <= READ_LOSS_TARGET)) {
      failures.push(
        `reads lost ${round(loss * 100)}% of their throughput (${round(aloneRate, 0)} → ${round(duringRate, 0)} req/s)`,
      );
    }
    const readErrors = Object.entries(during.statuses).filter(([status]) => status !== '200');
    if (readErrors.length > 0 || during.errors > 0) {
      failures.push(`reads during the flood: ${JSON.stringify(during.statuses)}, ${during.errors} transport errors`);
    }
    if (flood.errors > 0) failures.push(`${flood.errors} flood requests got no answer (${flood.timeouts} timeouts)`);

    return {
      name: 'signin-flood',
      pass: failures.length === 0,
      target: `wrong sign-ins at ${FLOOD_CONNECTIONS} connections refused 429 before hashing (p99 < ${P99_TARGET_MS} ms); reads lose ≤ 20%`,
      summary:
        `${refused.length} of ${flood.responses} sign-ins refused 429 (p50 ${round(percentile(refused, 50))} ms, p99 ${round(p99)} ms; ` +
        `one at a time p99 ${round(percentile(singleRefused, 99))} ms), ${hashed} checked a password (401); ` +
        `reads ${round(aloneRate, 0)} → ${round(duringRate, 0)} req/s (${loss >= 0 ? '-' : '+'}${round(Math.abs(loss) * 100)}%)`,
      failures,
      figures: {
        seconds: SECONDS,
        readConnections: READ_CONNECTIONS,
        floodConnections: FLOOD_CONNECTIONS,
        readsAloneRequestsPerSecond: round(aloneRate),
        readsAlone: { statuses: alone.statuses, p99Ms: round(percentile(alone.latencies.get(200) ?? [], 99)) },
        readsDuringFloodRequestsPerSecond: round(duringRate),
        readsDuringFlood: { statuses: during.statuses, p99Ms: round(percentile(during.latencies.get(200) ?? [], 99)) },
        readThroughputLossPercent: round(loss * 100),
        floodRequestsPerSecond: round(flood.responses / SECONDS),
        floodStatuses: flood.statuses,
        refused429: {
          count: refused.length,
          p50Ms: round(percentile(refused, 50)),
          p99Ms: round(p99),
          maxMs: round(maxOf(refused)),
        },
        refused429OneConnection: {
          count: singleRefused.length,
          p50Ms: round(percentile(singleRefused, 50)),
          p99Ms: round(percentile(singleRefused, 99)),
        },
        notRefused,
        passwordChecks401: hashed,
        // Cores busy while measuring: the server, and this process driving the load on the same machine.
        coresReadsAlone: aloneCores,
        coresDuringFlood: floodCores,
        serverCpuMsPerRequest: round(
          ((cpuAfter - cpuBefore) * 1000) / Math.max(1, flood.responses + during.responses),
          3,
        ),
      },
      serverLog: logSummary(logFileFor(context, 'signin-flood')),
    };
  } finally {
    await app.stop();
  }
}
