import { z } from 'zod';
import type { FeatureRoutes } from '../../deps';
import { notFound } from '../../lib/app-error';
import { errorReplySchema } from '../../../common/schemas/shared';
import { findBenchPlayer } from './health.repo';

/*
 * Reference routes for `npm run bench` (decision 003): the same server's floor for any call (noop) and
 * for any database-backed call (one prepared primary-key select). Registered only with
 * BENCH_ROUTES=true, never in a normal deployment.
 */
const benchPlayerReply = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  location: z.string(),
  skillLevel: z.string(),
  isVerified: z.boolean(),
  ratingCount: z.number(),
});

export const benchRoutes: FeatureRoutes = async (app, { database }) => {
  app.get(
    '/api/bench/noop',
    { schema: { hide: true, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async () => ({ ok: true as const }),
  );

  app.get(
    '/api/bench/pk',
    {
      schema: {
        hide: true,
        querystring: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: { 200: benchPlayerReply, 404: errorReplySchema },
      },
    },
    async (request) => {
      const row = await findBenchPlayer(database.db, request.query.id);
      if (!row) throw notFound('Player not found', 'player_not_found');
      return row;
    },
  );
};
