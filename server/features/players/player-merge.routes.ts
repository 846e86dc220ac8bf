import type { FeatureRoutes } from '../../deps';
import {
  mergePlayerBodySchema,
  mergePlayerReplySchema,
  mergePreviewQuerySchema,
  mergePreviewSchema,
} from '../../../common/schemas/player-merge';
import { errorReplies, idParamSchema } from '../../../common/schemas/shared';
import { mergePlayer, previewMerge } from './player-merge.service';

const refusals = errorReplies(400, 401, 403, 404, 409);

/** docs/product.md#merging-players: an admin merges a duplicate player into the one kept, after a preview. */
export const playerMergeRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  app.get(
    '/api/admin/players/:id/merge-preview',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'previewPlayerMerge',
        summary: 'What merging this player into another would move and take down, changing nothing (admin)',
        tags: ['admin'],
        params: idParamSchema,
        querystring: mergePreviewQuerySchema,
        response: { 200: mergePreviewSchema, ...refusals },
      },
    },
    async (request) => previewMerge(db, request.params.id, request.query.intoPlayerId),
  );

  app.post(
    '/api/admin/players/:id/merge',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'mergePlayer',
        summary: "Merge a duplicate player into another: everything moves, the duplicate's address leads there (admin)",
        tags: ['admin'],
        params: idParamSchema,
        body: mergePlayerBodySchema,
        response: { 200: mergePlayerReplySchema, ...refusals },
      },
    },
    async (request) => {
      const admin = await app.authorize.requireAdmin(request);
      return mergePlayer(db, request.params.id, request.body.intoPlayerId, admin);
    },
  );
};
