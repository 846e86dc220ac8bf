import type { FeatureRoutes } from '../../deps';
import {
  claimBodySchema,
  claimParamsSchema,
  claimReplySchema,
  matchRequestsQuerySchema,
  matchRequestsReplySchema,
  ownClaimReplySchema,
  reviewBodySchema,
  reviewParamsSchema,
  reviewReplySchema,
  withdrawParamsSchema,
  withdrawReplySchema,
} from '../../../common/schemas/claims';
import { errorReplies, errorReplySchema } from '../../../common/schemas/shared';
import { createClaim, getMatchRequests, getOwnPendingClaim, reviewMatchRequest, withdrawClaim } from './claims.service';

const refusals = errorReplies(400, 401, 403, 404, 409);

export const claimsRoutes: FeatureRoutes = async (app, { database }) => {
  const { db } = database;

  app.post(
    '/api/players/:playerId/match-request',
    {
      config: { access: 'confirmed' },
      schema: {
        operationId: 'createMatchRequest',
        summary: 'Ask to be linked to an existing player profile (a claim)',
        tags: ['claims'],
        params: claimParamsSchema,
        body: claimBodySchema,
        response: { 201: claimReplySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const actor = await app.authorize.requireActor(request);
      return reply.status(201).send(await createClaim(db, actor, request.params.playerId, request.body));
    },
  );

  app.get(
    '/api/auth/user/match-request',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'getOwnMatchRequest',
        summary: "The signed-in user's pending claim, if any",
        tags: ['claims'],
        response: { 200: ownClaimReplySchema, 401: errorReplySchema },
      },
    },
    async (request) => getOwnPendingClaim(db, await app.authorize.requireActor(request)),
  );

  app.post(
    '/api/match-requests/:id/withdraw',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'withdrawMatchRequest',
        summary: 'Withdraw your own pending claim',
        tags: ['claims'],
        params: withdrawParamsSchema,
        response: { 200: withdrawReplySchema, ...refusals },
      },
    },
    async (request) => withdrawClaim(db, await app.authorize.requireActor(request), request.params.id),
  );

  app.get(
    '/api/admin/match-requests',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listMatchRequests',
        summary: 'List claims by status (admin)',
        tags: ['claims'],
        querystring: matchRequestsQuerySchema,
        response: { 200: matchRequestsReplySchema, ...refusals },
      },
    },
    async (request) => getMatchRequests(db, request.query.status),
  );

  app.post(
    '/api/admin/match-requests/:id/review',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'reviewMatchRequest',
        summary: 'Approve or deny a claim (admin)',
        tags: ['claims'],
        params: reviewParamsSchema,
        body: reviewBodySchema,
        response: { 200: reviewReplySchema, ...refusals },
      },
    },
    async (request) => {
      const admin = await app.authorize.requireAdmin(request);
      return reviewMatchRequest(db, admin, request.params.id, request.body);
    },
  );
};
