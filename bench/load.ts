import autocannon from 'autocannon';
import type pg from 'pg';
import type { Scenario } from './scenarios';
import {
  backendCpuDelta,
  cpuSeconds,
  databaseBackendCpu,
  waitForIdleDatabase,
  type AppProcess,
} from './server-process';

export type Measurement = {
  /** Which server configuration the run belongs to (ratios compare within a phase only). */
  phase: string;
  scenario: string;
  route: string;
  kind: Scenario['kind'];
  connections: number;
  seconds: number;
  responses: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** Server (Node) CPU milliseconds per response. */
  serverCpuMs: number;
  /** PostgreSQL backend CPU milliseconds per response (the bench database's backends only). */
  databaseCpuMs: number;
  /**
   * The load generator's own CPU milliseconds per response (autocannon runs in this process): on this machine it
   * shares the cores with the server, so a call whose answers cost it more to read gets fewer requests per second.
   */
  loadCpuMs: number;
  /** Bytes per response as received (headers and body), in KB. */
  responseKb: number;
};

function run(server: AppProcess, scenario: Scenario, connections: number, seconds: number) {
  return autocannon({
    url: server.baseUrl,
    connections,
    duration: seconds,
    requests: [
      {
        method: scenario.method,
        headers: scenario.headers,
        // A fresh path (and body) per request, so each hits another row.
        setupRequest: (request) => {
          const { headers, ...rest } = scenario.next();
          return { ...request, ...rest, headers: { ...request.headers, ...headers } };
        },
      },
    ],
  });
}

/** Makes one request and says why the scenario cannot be measured, if it cannot. */
export async function probe(server: AppProcess, scenario: Scenario): Promise<string | null> {
  const { path, body, headers } = scenario.next();
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: scenario.method,
    headers: { ...scenario.headers, ...headers },
    body,
  });
  if (response.ok) return null;
  const text = (await response.text()).slice(0, 200);
  return `${response.status} ${response.status === 404 && text.includes('Not found') ? '(route missing?) ' : ''}${text}`;
}

export async function warmUp(server: AppProcess, scenario: Scenario, seconds: number): Promise<void> {
  await run(server, scenario, 10, seconds);
}

export async function measure(
  phase: string,
  server: AppProcess,
  scenario: Scenario,
  connections: number,
  seconds: number,
  databaseClient: pg.Client,
  options: { waitForIdle?: boolean } = {},
): Promise<Measurement> {
  // Off while background work runs on purpose (a full run): its statements never leave the database idle.
  if (options.waitForIdle ?? true) await waitForIdleDatabase(databaseClient);
  const cpuBefore = cpuSeconds(server.pid);
  const backendsBefore = await databaseBackendCpu(databaseClient);
  const loadBefore = process.cpuUsage();
  const result = await run(server, scenario, connections, seconds);
  const load = process.cpuUsage(loadBefore);
  const cpuAfter = cpuSeconds(server.pid);
  const backendsAfter = await databaseBackendCpu(databaseClient);
  const responses = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  const perResponseMs = (cpu: number) => (responses > 0 ? (cpu * 1000) / responses : 0);
  return {
    phase,
    scenario: scenario.name,
    route: scenario.route,
    kind: scenario.kind,
    connections,
    seconds: result.duration,
    responses,
    requestsPerSecond: responses / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    serverCpuMs: perResponseMs(cpuAfter - cpuBefore),
    databaseCpuMs: perResponseMs(backendCpuDelta(backendsBefore, backendsAfter)),
    loadCpuMs: perResponseMs((load.user + load.system) / 1e6),
    responseKb: responses > 0 ? result.throughput.total / responses / 1024 : 0,
  };
}
