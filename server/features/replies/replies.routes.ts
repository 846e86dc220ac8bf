import type { FeatureRoutes } from '../../deps';
import { deletedReplySchema, replyBodySchema, savedReplySchema } from '../../../common/schemas/replies';
import { errorReplies, idParamSchema } from '../../../common/schemas/shared';
import { removeReply, saveReply } from './replies.service';

const refusals = errorReplies(400, 401, 403, 404);

/** The rated player's reply under a rating (docs/product.md#replies): their linked, confirmed account only. */
export const repliesRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  app.put(
    '/api/ratings/:id/reply',
    {
      config: { access: 'confirmed' },
      schema: {
        operationId: 'saveRatingReply',
        summary: 'Write or change your public reply under a rating of you',
        tags: ['replies'],
        params: idParamSchema,
        body: replyBodySchema,
        response: { 200: savedReplySchema, ...refusals, ...errorReplies(409) },
      },
    },
    async (request) =>
      saveReply(db, request.params.id, await app.authorize.requireConfirmedActor(request), request.body.text),
  );

  app.delete(
    '/api/ratings/:id/reply',
    {
      config: { access: 'confirmed' },
      schema: {
        operationId: 'deleteRatingReply',
        summary: 'Delete your reply under a rating of you',
        tags: ['replies'],
        params: idParamSchema,
        response: { 200: deletedReplySchema, ...refusals },
      },
    },
    async (request) => {
      await removeReply(db, request.params.id, await app.authorize.requireConfirmedActor(request));
      return { ratingId: request.params.id, reply: null };
    },
  );
};
