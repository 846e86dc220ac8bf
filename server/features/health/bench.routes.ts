import { z } from 'zod';
import type { FeatureRoutes } from '../../deps';
import { notFound } from '../../lib/app-error';
import { playerSearchReplySchema, SEARCH_RESULT_LIMIT } from '../../../common/schemas/players';
import { errorReplySchema } from '../../../common/schemas/shared';
import { searchResultsByIds } from '../players/players.service';
import { SIGNED_OUT } from '../players/player-visibility.service';
import { findBenchPlayer } from './health.repo';

/*
 * Reference routes for `npm run bench` (decision 003): the same server's floor for any call (noop), for any
 * database-backed call (one prepared primary-key select) and for any list call (pk-page: a page of players read by
 * primary key and answered as search results, decision 024). Registered only with BENCH_ROUTES=true, never in a
 * normal deployment.
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

const playerId = z.coerce.number().int().min(1).max(2_147_483_647);

/** "1,2,3": one to a search page's worth of player ids. */
const playerIdList = z
  .string()
  .transform((text): unknown[] => text.split(','))
  .pipe(z.array(playerId).min(1).max(SEARCH_RESULT_LIMIT));

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
        querystring: z.object({ id: playerId }),
        response: { 200: benchPlayerReply, 404: errorReplySchema },
      },
    },
    async (request) => {
      const row = await findBenchPlayer(database.db, request.query.id);
      if (!row) throw notFound('Player not found', 'player_not_found');
      return row;
    },
  );

  app.get(
    '/api/bench/pk-page',
    {
      schema: {
        hide: true,
        querystring: z.object({ ids: playerIdList }),
        response: { 200: playerSearchReplySchema, 400: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => searchResultsByIds(database.db, request.query.ids, SIGNED_OUT),
  );
};
