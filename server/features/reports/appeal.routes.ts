import type { FeatureRoutes } from '../../deps';
import {
  adminAppealSchema,
  adminAppealsQuerySchema,
  adminAppealsReplySchema,
  appealBodySchema,
  appealDecisionBodySchema,
  appealSchema,
} from '../../../common/schemas/appeals';
import { errorReplies, idParamSchema } from '../../../common/schemas/shared';
import { decideAppeal, fileAppeal, getAppeals } from './appeal.service';

/** docs/product.md#appeals: a party appeals a decision; a different admin upholds or reverses it. */
export const appealRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  app.post(
    '/api/decisions/:id/appeal',
    {
      config: { access: 'confirmed' },
      schema: {
        operationId: 'appealDecision',
        summary: 'Appeal a moderation decision: once per person, within 6 months of it',
        tags: ['moderation'],
        params: idParamSchema,
        body: appealBodySchema,
        response: { 201: appealSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = await app.authorize.requireConfirmedActor(request);
      const appeal = await fileAppeal(
        db,
        request.params.id,
        { userId: actor.user.id, isAdmin: actor.isAdmin },
        request.body.text,
      );
      return reply.code(201).send(appeal);
    },
  );

  app.get(
    '/api/admin/appeals',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listAppeals',
        summary: 'Appeals of moderation decisions, open (oldest first) or decided (latest first) (admin)',
        tags: ['moderation'],
        querystring: adminAppealsQuerySchema,
        response: { 200: adminAppealsReplySchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => getAppeals(db, request.query.status),
  );

  app.post(
    '/api/admin/appeals/:id/decision',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'decideAppeal',
        summary: 'Uphold or reverse an appeal; a different admin than the one who made the decision (admin)',
        tags: ['moderation'],
        params: idParamSchema,
        body: appealDecisionBodySchema,
        response: { 200: adminAppealSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = await app.authorize.requireAdmin(request);
      return decideAppeal(db, request.params.id, request.body, admin);
    },
  );
};
