import type { FeatureRoutes } from '../../deps';
import { decisionViewSchema } from '../../../common/schemas/appeals';
import { errorReplies, idParamSchema } from '../../../common/schemas/shared';
import { getDecisionView } from './decision-view.service';

/** docs/product.md#appeals: the statement of reasons, for the people a decision concerns and admins. */
export const decisionViewRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  app.get(
    '/api/decisions/:id',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'getDecision',
        summary:
          "The statement of reasons of a moderation decision, for its rater, reporters and rated player (and admins), with the caller's appeal",
        tags: ['moderation'],
        params: idParamSchema,
        response: { 200: decisionViewSchema, ...errorReplies(400, 401, 404) },
      },
    },
    async (request) => {
      const actor = await app.authorize.requireActor(request);
      return getDecisionView(db, request.params.id, { userId: actor.user.id, isAdmin: actor.isAdmin });
    },
  );
};
