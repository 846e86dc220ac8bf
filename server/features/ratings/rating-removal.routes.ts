import type { FeatureRoutes } from '../../deps';
import {
  ratingRemovalReplySchema,
  removedRatingsReplySchema,
  removeRatingBodySchema,
  restoreRatingBodySchema,
} from '../../../common/schemas/rating-removal';
import { errorReplies, errorReplySchema, idParamSchema } from '../../../common/schemas/shared';
import { getRemovedRatings, removeRating, restoreRating } from './rating-removal.service';

const refusals = errorReplies(400, 401, 403);

/** docs/product.md#take-down: admins take a rating down under a rule, and restore it. */
export const ratingRemovalRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  app.post(
    '/api/admin/ratings/:id/remove',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'removeRating',
        summary: 'Take a rating down under a rule: stored, but counted and shown nowhere (admin)',
        tags: ['moderation'],
        params: idParamSchema,
        body: removeRatingBodySchema,
        response: { 200: ratingRemovalReplySchema, ...refusals, 404: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request) => {
      const admin = await app.authorize.requireAdmin(request);
      return removeRating(db, request.params.id, { rule: request.body.rule, note: request.body.note, admin });
    },
  );

  app.post(
    '/api/admin/ratings/:id/restore',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'restoreRating',
        summary: 'Restore a rating taken down: counted and shown again as it was (admin)',
        tags: ['moderation'],
        params: idParamSchema,
        body: restoreRatingBodySchema.nullish(),
        response: { 200: ratingRemovalReplySchema, ...refusals, 404: errorReplySchema, 409: errorReplySchema },
      },
    },
    async (request) => {
      const admin = await app.authorize.requireAdmin(request);
      return restoreRating(db, request.params.id, { note: request.body?.note ?? null, admin });
    },
  );

  app.get(
    '/api/admin/ratings/removed',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listRemovedRatings',
        summary: 'The ratings taken down now, latest first (admin)',
        tags: ['moderation'],
        response: { 200: removedRatingsReplySchema, ...refusals },
      },
    },
    async () => getRemovedRatings(db),
  );
};
