import type { FeatureRoutes } from '../../deps';
import {
  flaggedCommentsReplySchema,
  resolveFlagBodySchema,
  resolveFlagReplySchema,
} from '../../../common/schemas/moderation';
import { errorReplies, errorReplySchema, idParamSchema } from '../../../common/schemas/shared';
import { getFlaggedComments, resolveFlaggedComment } from './moderation.service';

const refusals = errorReplies(400, 401, 403);

export const moderationRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  app.get(
    '/api/admin/flagged-comments',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listFlaggedComments',
        summary: 'List the comments moderation flagged (admin)',
        tags: ['moderation'],
        response: { 200: flaggedCommentsReplySchema, ...refusals },
      },
    },
    async () => getFlaggedComments(db),
  );

  app.put(
    '/api/admin/flagged-comments/:id/resolve',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'resolveFlaggedComment',
        summary: 'Resolve a flagged comment: restore the text or keep it hidden, with optional notes (admin)',
        tags: ['moderation'],
        params: idParamSchema,
        // docs/product.md#moderation-rules: notes are optional, so a call without a body resolves too (and restores the text).
        body: resolveFlagBodySchema.nullish(),
        response: { 200: resolveFlagReplySchema, ...refusals, 404: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request) => {
      const admin = await app.authorize.requireAdmin(request);
      const notes = request.body?.notes ?? null;
      const action = request.body?.action ?? 'restore';
      return { flaggedComment: await resolveFlaggedComment(db, request.params.id, admin, { notes, action }) };
    },
  );
};
