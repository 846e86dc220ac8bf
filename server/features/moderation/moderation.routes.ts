import type { FeatureRoutes } from '../../deps';
import {
  flaggedCommentsReplySchema,
  resolveFlagBodySchema,
  resolveFlagReplySchema,
} from '../../../common/schemas/moderation';
import { errorReplies, errorReplySchema, idParamSchema } from '../../../common/schemas/shared';
import { REMOVAL_RULE_SENTENCES } from '../../../common/removal-rules';
import { recordDecision } from '../reports/decision.service';
import { getFlaggedComments, resolveFlaggedComment } from './moderation.service';

/** The statement of an automatic hold's resolution when the admin wrote no notes. */
const RESOLUTION_STATEMENTS = {
  restored: 'A moderator reviewed the text the automatic check held and found it within the rules: it is shown again.',
  kept_hidden: REMOVAL_RULE_SENTENCES.offensive,
} as const;

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
      // The resolution of an automatic hold is a decision with a statement of reasons (docs/product.md#reports-and-decisions).
      const flaggedComment = await resolveFlaggedComment(db, request.params.id, admin, { notes, action }, (tx, flag) =>
        recordDecision(tx, {
          ratingId: flag.ratingId,
          source: 'automatic-hold',
          outcome: flag.resolution === 'restored' ? 'keep' : 'hide-comment',
          rule: flag.resolution === 'restored' ? null : 'offensive',
          statement: flag.notes ?? RESOLUTION_STATEMENTS[flag.resolution],
          admin,
          flaggedCommentId: flag.flagId,
        }),
      );
      return { flaggedComment };
    },
  );
};
