import type { FeatureRoutes } from '../../deps';
import {
  adminPlayerRatingsQuerySchema,
  adminPlayerRatingsReplySchema,
} from '../../../common/schemas/admin-player-ratings';
import { NEXT_CURSOR_HEADER, errorReplies, idParamSchema } from '../../../common/schemas/shared';
import { getAdminPlayerRatings } from './player-ratings.service';

const refusals = errorReplies(400, 401, 403, 404);

/** docs/product.md#take-down: a player's ratings in the admins' Player List, to take one down or restore it. */
export const adminPlayerRatingsRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  app.get(
    '/api/admin/players/:id/ratings',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listAdminPlayerRatings',
        summary: 'A page of the ratings a player received, removed ones included, with their raters (admin)',
        tags: ['admin'],
        params: idParamSchema,
        querystring: adminPlayerRatingsQuerySchema,
        response: { 200: adminPlayerRatingsReplySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const page = await getAdminPlayerRatings(db, request.params.id, request.query);
      if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.reply;
    },
  );
};
