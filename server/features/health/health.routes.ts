import { readMigrationFiles } from 'drizzle-orm/migrator';
import { z } from 'zod';
import { migrationsFolder } from '../../db/client';
import type { FeatureRoutes } from '../../deps';
import { TRUST_RUN_HEALTH } from '../../../common/schemas/trust';
import { trustRunHealth } from '../trust/trust-run-health.service';
import { benchRoutes } from './bench.routes';
import { appliedMigrations, missingMigrationsTable, pingDatabase, type AppliedMigrations } from './health.repo';

const healthReply = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });
const liveReply = z.object({ status: z.literal('ok') });
const readyReply = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** mismatch: the database records migrations this build does not have (or different ones). */
  migrations: z.enum(['applied', 'pending', 'mismatch', 'unknown']),
  /**
   * Background work an operator watches, never a reason to take this instance out of traffic: the trust full
   * runs' state (a failed or overdue run shows here while the instance stays ready).
   */
  details: z.object({ trustRuns: z.enum(TRUST_RUN_HEALTH).or(z.literal('unknown')) }).optional(),
});
type ReadyReply = z.infer<typeof readyReply>;

/** A probe answers within about this long whatever the pool does (a load balancer's probe gives up soon after). */
const READY_TIMEOUT_MS = 1000;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function migrationState(applied: AppliedMigrations, expected: AppliedMigrations): ReadyReply['migrations'] {
  if (applied.count === expected.count && applied.lastHash === expected.lastHash) return 'applied';
  return applied.count < expected.count ? 'pending' : 'mismatch';
}

/** The trust runs' state for the readiness details, within the probe's time; 'unknown' when it cannot tell. */
async function trustRunsDetail(deps: Parameters<FeatureRoutes>[1]) {
  try {
    const fullRunMs = deps.env.TRUST_FULL_RUN_MINUTES * 60_000;
    return (await withinTime(trustRunHealth(deps.database.db, fullRunMs), READY_TIMEOUT_MS)).health;
  } catch {
    return 'unknown' as const;
  }
}

export const healthRoutes: FeatureRoutes = async (app, deps) => {
  const { database } = deps;
  const journal = readMigrationFiles({ migrationsFolder });
  const expected: AppliedMigrations = { count: journal.length, lastHash: journal.at(-1)?.hash ?? null };

  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Whether the server and its database answer',
        tags: ['health'],
        response: { 200: healthReply, 503: healthReply },
      },
    },
    async (request, reply) => {
      try {
        // Within a second whatever the pool does: a probe that hangs with the pool tells nobody anything.
        await withinTime(pingDatabase(database.db), READY_TIMEOUT_MS);
        return { status: 'ok' as const, database: 'up' as const };
      } catch (err) {
        request.log.warn({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'unavailable', database: 'down' });
      }
    },
  );

  // Liveness: the process serves requests. No database, so a database outage does not get it restarted.
  app.get(
    '/api/health/live',
    {
      schema: {
        operationId: 'getLiveness',
        summary: 'Whether the process is serving requests (no database check)',
        tags: ['health'],
        response: { 200: liveReply },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Readiness: send traffic here only when the database answers and holds every migration this build ships.
  app.get(
    '/api/health/ready',
    {
      schema: {
        operationId: 'getReadiness',
        summary: 'Whether the database answers and has all migrations applied',
        tags: ['health'],
        response: { 200: readyReply, 503: readyReply },
      },
    },
    async (request, reply) => {
      let answer: ReadyReply;
      try {
        const applied = await withinTime(appliedMigrations(database.db), READY_TIMEOUT_MS);
        const migrations = migrationState(applied, expected);
        answer = { status: migrations === 'applied' ? 'ok' : 'unavailable', database: 'up', migrations };
        if (migrations === 'applied') answer.details = { trustRuns: await trustRunsDetail(deps) };
      } catch (err) {
        if (missingMigrationsTable(err)) {
          answer = { status: 'unavailable', database: 'up', migrations: 'pending' };
        } else {
          request.log.warn({ err }, 'readiness check: database unreachable');
          answer = { status: 'unavailable', database: 'down', migrations: 'unknown' };
        }
      }
      return reply.status(answer.status === 'ok' ? 200 : 503).send(answer);
    },
  );

  if (deps.env.BENCH_ROUTES) await benchRoutes(app, deps);
};
