import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import { jobLastRuns } from '../lib/metrics';
import { TRUST_RUN_HEALTH, type TrustRunHealth } from '../../common/schemas/trust';
import { safeEqual } from '../lib/tokens';

export type MetricsOptions = {
  /** METRICS_TOKEN: unset turns the metrics off, and /metrics is not served. */
  token?: string;
  database: Database;
  /** The trust full runs' state, read from the database at each scrape (the same for every instance). */
  trustRuns?: () => Promise<TrustRunGauges>;
  /** The latest recount's mismatches and time (null before the first), read at each scrape. */
  integrity?: () => Promise<IntegrityGauges>;
};

export type IntegrityGauges = { mismatchCount: number | null; checkedAt: Date | null };

export type TrustRunGauges = { health: TrustRunHealth; lastCompletedAt: Date | null };

/** A request no route matched: one label for all of them, so a scan of random URLs adds no series. */
const UNMATCHED = 'unmatched';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer (.+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** Requests answered, their durations and the ones refused by a rate limit, by route pattern. */
function httpMetrics(registers: Registry[]) {
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to finishing its answer, by route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const rateLimited = new Counter({
    name: 'http_rate_limited_total',
    help: 'Requests refused with 429 (rate limits and sign-in lock-outs), by route pattern',
    labelNames: ['method', 'route'] as const,
    registers,
  });
  return { requests, duration, rateLimited };
}

/** When each background job last ran, and the database pool's connections (PostgreSQL only). */
function stateGauges(registers: Registry[], poolStats: Database['poolStats']) {
  new Gauge({
    name: 'job_last_run_timestamp_seconds',
    help: 'When each background job last ran (Unix time)',
    labelNames: ['job'] as const,
    registers,
    collect() {
      for (const [job, at] of jobLastRuns()) this.set({ job }, at / 1000);
    },
  });
  if (poolStats) {
    const poolGauge = (
      name: string,
      help: string,
      read: (stats: ReturnType<NonNullable<Database['poolStats']>>) => number,
    ) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(poolStats()));
        },
      });
    poolGauge('db_pool_clients_total', 'Connections the database pool holds', (stats) => stats.total);
    poolGauge('db_pool_clients_idle', 'Pool connections not in use', (stats) => stats.idle);
    poolGauge('db_pool_requests_waiting', 'Queries waiting for a pool connection', (stats) => stats.waiting);
  }
}

/**
 * Whether the trust full runs keep up: a failed or overdue run shows here, not only in a log line. One read of two
 * small indexed rows per scrape.
 */
function trustRunGauges(registers: Registry[], read: () => Promise<TrustRunGauges>) {
  let latest: Promise<TrustRunGauges> | null = null;
  // Both gauges of one scrape share one read.
  const once = () => (latest ??= read().finally(() => setTimeout(() => (latest = null), 1000).unref()));
  new Gauge({
    name: 'trust_full_run_health',
    help: 'The trust full runs: 1 for the current state (ok, running, failed, overdue, never), 0 for the others',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      const { health } = await once();
      for (const state of TRUST_RUN_HEALTH) this.set({ state }, state === health ? 1 : 0);
    },
  });
  new Gauge({
    name: 'trust_full_run_last_success_timestamp_seconds',
    help: 'When the last trust full run completed (Unix time; 0 before the first)',
    registers,
    async collect() {
      const { lastCompletedAt } = await once();
      this.set(lastCompletedAt ? lastCompletedAt.getTime() / 1000 : 0);
    },
  });
}

/** What the latest recount found: a derived figure that drifted from its rows shows here (features/integrity). */
function integrityGauges(registers: Registry[], read: () => Promise<IntegrityGauges>) {
  let latest: Promise<IntegrityGauges> | null = null;
  const once = () => (latest ??= read().finally(() => setTimeout(() => (latest = null), 1000).unref()));
  new Gauge({
    name: 'integrity_mismatches',
    help: 'Derived figures that disagree with the recount from the rows, at the latest recount (-1 before the first)',
    registers,
    async collect() {
      const { mismatchCount } = await once();
      this.set(mismatchCount ?? -1);
    },
  });
  new Gauge({
    name: 'integrity_last_check_timestamp_seconds',
    help: 'When the latest recount ran (Unix time; 0 before the first)',
    registers,
    async collect() {
      const { checkedAt } = await once();
      this.set(checkedAt ? checkedAt.getTime() / 1000 : 0);
    },
  });
}

/**
 * Prometheus metrics at GET /metrics: requests by route pattern and status with their latency, 429
 * refusals by route, the database pool, the event loop (prom-client's default metrics) and when each
 * background job last ran. Each app has its own registry, so apps built side by side do not mix counts.
 * Readable with `Authorization: Bearer <METRICS_TOKEN>` or by an admin.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const { token, database } = options;
  if (!token) return;

  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const { requests, duration, rateLimited } = httpMetrics(registers);
  stateGauges(registers, database.poolStats);
  if (options.trustRuns) trustRunGauges(registers, options.trustRuns);
  if (options.integrity) integrityGauges(registers, options.integrity);

  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED,
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) rateLimited.inc({ method: labels.method, route: labels.route });
    done();
  });

  const mayRead = async (request: FastifyRequest) => {
    const sent = bearerToken(request);
    if (sent !== null) return safeEqual(sent, token);
    return app.authorize.isAdmin(request);
  };

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!(await mayRead(request))) throw new AppError(401, 'Authentication required', 'unauthenticated');
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
});
