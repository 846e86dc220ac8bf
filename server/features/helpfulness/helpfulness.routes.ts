import type { FeatureRoutes } from '../../deps';
import { helpfulnessBodySchema, helpfulnessReplySchema } from '../../../common/schemas/helpfulness';
import { ratingsPageQuerySchema, receivedRatingsReplySchema } from '../../../common/schemas/ratings';
import { NEXT_CURSOR_HEADER, errorReplies, idParamSchema } from '../../../common/schemas/shared';
import { rateHelpfulness } from './helpfulness.service';
import { getReceivedRatings } from './received-ratings.service';

const refusals = errorReplies(400, 401, 403, 404);

export const helpfulnessRoutes: FeatureRoutes = async (app, { database }) => {
  app.post(
    '/api/ratings/:id/helpfulness',
    {
      config: { access: 'confirmed' },
      schema: {
        operationId: 'rateHelpfulness',
        summary: 'Say how helpful a rating you received was',
        tags: ['helpfulness'],
        params: idParamSchema,
        body: helpfulnessBodySchema,
        response: { 200: helpfulnessReplySchema, ...refusals },
      },
    },
    async (request) => {
      const actor = await app.authorize.requireActor(request);
      return rateHelpfulness(database.db, { userId: actor.user.id, email: actor.user.email }, request.params.id, {
        helpfulnessScore: request.body.helpfulnessScore,
        comment: request.body.comment,
      });
    },
  );

  app.get(
    '/api/players/:id/received-ratings',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'listReceivedRatings',
        summary: 'A page of the ratings a player received',
        tags: ['helpfulness'],
        params: idParamSchema,
        querystring: ratingsPageQuerySchema,
        response: { 200: receivedRatingsReplySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const actor = await app.authorize.requireActor(request);
      const isAdmin = actor.isAdmin || (await app.authorize.isAdmin(request));
      const page = await getReceivedRatings(database.db, request.params.id, { actor, isAdmin }, request.query);
      // The page's ratings as an array (docs/product.md#paging); the next page's cursor, if any, in x-next-cursor.
      if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.items;
    },
  );
};
