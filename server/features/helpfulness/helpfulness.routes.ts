import type { FeatureRoutes } from '../../deps';
import { helpfulnessBodySchema, helpfulnessReplySchema } from '../../../common/schemas/helpfulness';
import { errorReplySchema, idParamSchema } from '../../../common/schemas/shared';
import { rateHelpfulness } from './helpfulness.service';

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
        response: {
          200: helpfulnessReplySchema,
          400: errorReplySchema,
          401: errorReplySchema,
          403: errorReplySchema,
          404: errorReplySchema,
        },
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
};
