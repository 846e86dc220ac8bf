import type { FeatureRoutes } from '../../deps';
import { errorReplySchema } from '../../../common/schemas/shared';
import { emailSignupBodySchema, emailSignupReplySchema } from '../../../common/schemas/signups';
import { signUpForUpdates } from './signups.service';

/** Per client IP: the coming-soon form is public, so this bounds what one address can add. */
export const EMAIL_SIGNUP_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

export const signupsRoutes: FeatureRoutes = async (app, { database }) => {
  app.post(
    '/api/email-signup',
    {
      config: { rateLimit: EMAIL_SIGNUP_RATE_LIMIT },
      schema: {
        operationId: 'signUpForUpdates',
        summary: 'Sign an e-mail address up for launch updates',
        tags: ['signups'],
        body: emailSignupBodySchema,
        response: { 201: emailSignupReplySchema, 400: errorReplySchema, 429: errorReplySchema },
      },
    },
    async (request, reply) => {
      const answer = await signUpForUpdates(database.db, request.body.email);
      return reply.status(201).send(answer);
    },
  );
};
