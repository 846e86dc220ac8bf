import type { FeatureRoutes } from '../../deps';
import { myStatsReplySchema } from '../../../common/schemas/gamification';
import { errorReplySchema } from '../../../common/schemas/shared';
import { getMyStats } from './gamification.service';

export const gamificationRoutes: FeatureRoutes = async (app, { database }) => {
  app.get(
    '/api/gamification/my-stats',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'getMyStats',
        summary: "The signed-in user's points, rank and rating counts",
        tags: ['gamification'],
        response: { 200: myStatsReplySchema, 401: errorReplySchema },
      },
    },
    async (request) => {
      const actor = await app.authorize.requireActor(request);
      return getMyStats(database.db, actor.user.id);
    },
  );
};
