import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FeatureRoutes } from '../../deps';
import { benchRoutes } from './bench.routes';

const healthReply = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

export const healthRoutes: FeatureRoutes = async (app, deps) => {
  const { database } = deps;
  app.get('/api/health', { schema: { response: { 200: healthReply, 503: healthReply } } }, async (request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'up' as const };
    } catch (err) {
      request.log.warn({ err }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    }
  });

  if (deps.env.BENCH_ROUTES) await benchRoutes(app, deps);
};
