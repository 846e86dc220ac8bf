import type { FeatureRoutes } from '../../deps';
import {
  ratingRemovalReplySchema,
  removedRatingsReplySchema,
  removeRatingBodySchema,
  restoreRatingBodySchema,
} from '../../../common/schemas/rating-removal';
import { errorReplies, errorReplySchema, idParamSchema } from '../../../common/schemas/shared';
import { REMOVAL_RULE_SENTENCES } from '../../../common/removal-rules';
import { recordDecision } from '../reports/decision.service';
import { getRemovedRatings, removeRating, restoreRating } from './rating-removal.service';

/** A restore's statement when the admin gave no note (docs/product.md#reports-and-decisions). */
const RESTORE_STATEMENT = 'A moderator reviewed the take-down and restored the rating.';

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
      const { id } = request.params;
      const { rule, note } = request.body;
      // Every take-down is a decision with a statement of reasons: the note, or the rule's sentence.
      return removeRating(db, id, { rule, note, admin }, (tx) =>
        recordDecision(tx, {
          ratingId: id,
          source: 'moderator',
          outcome: 'remove',
          rule,
          statement: note ?? REMOVAL_RULE_SENTENCES[rule],
          admin,
        }),
      );
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
      const { id } = request.params;
      const note = request.body?.note ?? null;
      return restoreRating(db, id, { note, admin }, (tx) =>
        recordDecision(tx, {
          ratingId: id,
          source: 'moderator',
          outcome: 'keep',
          rule: null,
          statement: note ?? RESTORE_STATEMENT,
          admin,
        }),
      );
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
