import type { FastifyRequest } from 'fastify';
import type { FeatureRoutes } from '../../deps';
import { errorReplies, errorReplySchema } from '../../../common/schemas/shared';
import {
  verifyConfirmBodySchema,
  verifyConfirmReplySchema,
  verifyRequestBodySchema,
  verifyRequestReplySchema,
} from '../../../common/schemas/verification';
import { accountKey, takeOrRefuse } from '../../lib/limit-refusal';
import { confirmVerification, requestVerification } from './verification.service';

/**
 * Per client IP. Each request may send an e-mail; confirm attempts are also capped per code
 * (5 wrong tries), this bounds guessing across many codes from one address.
 */
export const VERIFY_RATE_LIMITS = {
  request: { max: 10, timeWindow: '1 minute' },
  confirm: { max: 30, timeWindow: '1 minute' },
};

export const VERIFY_CODES_PER_EMAIL = { max: 5, windowMs: 30 * 60_000 };

const refusals = errorReplies(400, 403, 404, 409, 429);

export const verificationRoutes: FeatureRoutes = async (app, { database, env, mailer, limitStore }) => {
  const { db } = database;

  /**
   * Open to visitors, but a correct code links the profile to a signed-in caller: like every other write, that
   * waits until the caller's own e-mail is confirmed (decision 006), so such a caller is refused before any code
   * is mailed or checked.
   */
  const refuseUnconfirmedCaller = async (request: FastifyRequest) => {
    if (await app.authorize.optionalActor(request)) await app.authorize.requireConfirmedActor(request);
  };

  app.post(
    '/api/verify/request',
    {
      config: { rateLimit: VERIFY_RATE_LIMITS.request },
      onRequest: refuseUnconfirmedCaller,
      // Each request may mail a code: one inbox gets at most 5 in 30 minutes, from whatever addresses.
      preHandler: async (request, reply) =>
        takeOrRefuse(limitStore, reply, [
          { key: `verify:${accountKey(request.body.email)}`, ...VERIFY_CODES_PER_EMAIL },
        ]),
      schema: {
        operationId: 'requestVerificationCode',
        summary: 'Mail a code that proves you own the player profile with this e-mail',
        tags: ['verification'],
        body: verifyRequestBodySchema,
        response: { 200: verifyRequestReplySchema, ...refusals, 503: errorReplySchema },
      },
    },
    async (request) =>
      requestVerification(db, { mailer, demoMode: env.DEMO_MODE, log: request.log }, request.body.email),
  );

  app.post(
    '/api/verify/confirm',
    {
      config: { rateLimit: VERIFY_RATE_LIMITS.confirm },
      onRequest: refuseUnconfirmedCaller,
      schema: {
        operationId: 'confirmVerificationCode',
        summary: 'Confirm the mailed code: the player profile becomes verified',
        tags: ['verification'],
        body: verifyConfirmBodySchema,
        response: { 200: verifyConfirmReplySchema, ...refusals },
      },
    },
    async (request) => confirmVerification(db, request.body, await app.authorize.optionalActor(request)),
  );
};
