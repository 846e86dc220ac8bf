import type { FeatureRoutes } from '../../deps';
import { leaderboardQuerySchema, leaderboardReplySchema } from '../../../common/schemas/leaderboard';
import { errorReplySchema } from '../../../common/schemas/shared';
import { recordJobRun } from '../../lib/metrics';
import { scheduleBoardRefresh } from './board-refresh.service';
import { createLeaderboardSource, getLeaderboard } from './leaderboard.service';

export const leaderboardRoutes: FeatureRoutes = async (app, { database, env }) => {
  const refreshMs = env.LEADERBOARD_REFRESH_SECONDS * 1000;
  const source = createLeaderboardSource(database.db, { cacheMs: env.LEADERBOARD_CACHE_SECONDS * 1000, refreshMs });
  scheduleBoardRefresh(app, database.db, refreshMs, () => recordJobRun('leaderboard-refresh'));

  app.get(
    '/api/leaderboard',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'getLeaderboard',
        summary: "The raters' leaderboard for a period, with the caller's own place",
        tags: ['leaderboard'],
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardReplySchema, 400: errorReplySchema, 401: errorReplySchema },
      },
    },
    async (request) => {
      const actor = await app.authorize.requireActor(request);
      return getLeaderboard(source, request.query.period, actor.user.id);
    },
  );
};
