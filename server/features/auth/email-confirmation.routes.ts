import type { FeatureRoutes } from '../../deps';
import { confirmEmailQuerySchema, resendConfirmationReplySchema } from '../../../common/schemas/auth';
import { errorReplySchema } from '../../../common/schemas/shared';
import { unauthorized } from '../../lib/app-error';
import {
  CONFIRM_EMAIL_PATH,
  CONFIRMED_REDIRECT,
  confirmEmail,
  INVALID_LINK_REDIRECT,
  resendConfirmationLink,
} from './email-confirmation.service';
import { IP_LIMITS } from './rate-limits';

const RESEND_IP_LIMIT = { max: 10, timeWindow: 15 * 60_000 };

export const emailConfirmationRoutes: FeatureRoutes = async (app, { database, env, mailer, limitStore }) => {
  const { db } = database;

  // The mailed link, opened from any browser: confirms and goes to the front page. It signs nobody in; the
  // workspace of a signed-in user shows the confirmed state on its next look at the current user.
  app.get(
    CONFIRM_EMAIL_PATH,
    {
      config: { redirects: true, rateLimit: IP_LIMITS.confirmEmail },
      schema: {
        operationId: 'confirmEmail',
        summary: 'Confirm an e-mail address from the mailed link, then go to the front page',
        tags: ['auth'],
        querystring: confirmEmailQuerySchema,
        response: { 429: errorReplySchema },
      },
    },
    async (request, reply) => {
      const userId = await confirmEmail(db, request.query.token);
      if (!userId) {
        request.log.info('e-mail confirmation link invalid, used or expired');
        return reply.redirect(INVALID_LINK_REDIRECT);
      }
      // This instance's cached sessions carry the user row: the confirmed state shows at once here (and within
      // SESSION_CACHE_SECONDS on other instances).
      app.forgetSessionsOfUser(userId);
      return reply.redirect(CONFIRMED_REDIRECT);
    },
  );

  app.post(
    `${CONFIRM_EMAIL_PATH}/resend`,
    {
      config: { access: 'user', rateLimit: RESEND_IP_LIMIT },
      schema: {
        operationId: 'resendConfirmationEmail',
        summary: 'Mail the signed-in user a new confirmation link',
        tags: ['auth'],
        response: {
          200: resendConfirmationReplySchema,
          401: errorReplySchema,
          403: errorReplySchema,
          409: errorReplySchema,
          429: errorReplySchema,
        },
      },
    },
    async (request) => {
      const user = await app.authorize.sessionUser(request);
      if (!user) throw unauthorized();
      const confirmationUrl = await resendConfirmationLink(
        db,
        { mailer, publicUrl: env.PUBLIC_URL, log: request.log, limitStore },
        user,
      );
      return {
        message: `We sent a new link to ${user.email}.`,
        ...(env.DEMO_MODE ? { confirmationUrl } : {}),
      };
    },
  );
};
