import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { App } from '../deps';
import { parseEnv } from '../env';
import { recordJobRun } from '../lib/metrics';
import { adminTokenHeaders, signInAs } from '../test/sign-in';
import { createTestApp, openTestDatabase, type TestApp } from '../test/test-app';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;
  const metrics = async (app: App = t.app) =>
    (await app.inject({ method: 'GET', url: '/metrics', headers: bearer })).body;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN });
  });
  afterAll(() => t.close());

  it('is not served without METRICS_TOKEN', async () => {
    const off = await createTestApp();
    try {
      const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('refuses callers without the token or admin credentials', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Authentication required', code: 'unauthenticated' });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const user = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { cookie: await signInAs(t, { email: 'not-admin@example.com' }) },
    });
    expect(user.statusCode).toBe(401);
  });

  it('answers the token and admins in the Prometheus text format', async () => {
    const withToken = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(withToken.headers['cache-control']).toBe('no-store');
    const admin = await t.app.inject({ method: 'GET', url: '/metrics', headers: await adminTokenHeaders(t) });
    expect(admin.statusCode).toBe(200);
    const adminUser = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { cookie: await signInAs(t, { email: 'metrics-admin@example.com', isAdmin: true }) },
    });
    expect(adminUser.statusCode).toBe(200);
  });

  it('counts requests by route pattern and status, with their latency', async () => {
    for (const id of [999_001, 999_002, 999_003]) await t.app.inject({ method: 'GET', url: `/api/players/${id}` });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/123' });
    const text = await metrics();
    expect(sample(text, 'http_requests_total{method="GET",route="/api/players/:id",status_code="404"}')).toBe(3);
    expect(text).not.toContain('999001');
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status_code="404"}')).toBe(1);
    expect(text).not.toContain('no-such-thing');
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/players/:id",status_code="404"}'),
    ).toBe(3);
    expect(
      sample(
        text,
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/players/:id",status_code="404"}',
      ),
    ).toBe(3);
  });

  it('counts rate-limit refusals by route', async () => {
    // POST /api/verify/request allows 10 a minute per address; the limit is checked before the body.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/verify/request', payload: {} });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const text = await metrics();
    expect(sample(text, 'http_rate_limited_total{method="POST",route="/api/verify/request"}')).toBe(2);
  });

  it('reports the event loop delay and when background jobs last ran', async () => {
    recordJobRun('test-job', new Date('2030-01-02T03:04:05Z'));
    const text = await metrics();
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(sample(text, 'job_last_run_timestamp_seconds{job="test-job"}')).toBe(
      Date.parse('2030-01-02T03:04:05Z') / 1000,
    );
    // The session purge runs once when the app starts.
    expect(sample(text, 'job_last_run_timestamp_seconds{job="session-purge"}')).toBeGreaterThan(
      Date.now() / 1000 - 3600,
    );
  });

  it("reports the database pool's connections when the database has a pool", async () => {
    const database = await openTestDatabase();
    const app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', METRICS_TOKEN }),
      database: { ...database, poolStats: () => ({ total: 7, idle: 3, waiting: 2 }) },
      logger: false,
    });
    try {
      await app.ready();
      const text = await metrics(app);
      expect(sample(text, 'db_pool_clients_total')).toBe(7);
      expect(sample(text, 'db_pool_clients_idle')).toBe(3);
      expect(sample(text, 'db_pool_requests_waiting')).toBe(2);
      // PGlite has no pool: nothing to report. On PostgreSQL (TEST_DATABASE_URL) the real pool is read.
      if (t.database.poolStats) expect(await metrics()).toMatch(/^db_pool_clients_total [1-9]/m);
      else expect(await metrics()).not.toContain('db_pool_clients_total');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
