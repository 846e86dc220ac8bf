import type { FeatureRoutes } from '../../deps';
import {
  currentUserSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  messageReplySchema,
  registerBodySchema,
  registerReplySchema,
  resetPasswordBodySchema,
  type ForgotPasswordBody,
  type LoginBody,
  type RegisterBody,
} from '../../../common/schemas/auth';
import { errorReplySchema } from '../../../common/schemas/shared';
import { toCurrentUser } from './current-user.service';
import { sendConfirmationLink } from './email-confirmation.service';
import {
  loginWithPassword,
  registerWithPassword,
  requestPasswordReset,
  resetPassword,
  RESET_DONE,
  RESET_REQUESTED,
} from './password-auth.service';
import { ACCOUNT_LIMITS, IP_LIMITS, accountLimiter, signInLimiter } from './rate-limits';
import { appDeviceCookies } from './device-cookie';

const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  409: errorReplySchema,
  413: errorReplySchema,
  415: errorReplySchema,
  429: errorReplySchema,
};

export const passwordAuthRoutes: FeatureRoutes = async (app, { database, env, mailer, limitStore }) => {
  const db = database.db;
  const registerLimit = accountLimiter(app, ACCOUNT_LIMITS.register, (body: RegisterBody) => body.email);
  const loginLimit = signInLimiter(limitStore, appDeviceCookies(env), 'password', (body: LoginBody) => body.email);
  const forgotLimit = accountLimiter(app, ACCOUNT_LIMITS.forgotPassword, (body: ForgotPasswordBody) => body.email);

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit: IP_LIMITS.register },
      preHandler: registerLimit.guard,
      schema: {
        operationId: 'registerWithPassword',
        summary: 'Create an account with e-mail and password, sign in, and mail a confirmation link',
        tags: ['auth'],
        body: registerBodySchema,
        response: { 201: registerReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await registerWithPassword(db, request.body);
      await app.startSession(request, reply, { userId: user.id });
      // The browser that made the account is its owner's, as after a sign-in (docs/decisions/005-sign-in-limits.md).
      loginLimit.rememberDevice(request, reply);
      const confirmationUrl = await sendConfirmationLink(
        db,
        { mailer, publicUrl: env.PUBLIC_URL, log: request.log },
        user,
      );
      return reply.status(201).send({ ...toCurrentUser(user), ...(env.DEMO_MODE ? { confirmationUrl } : {}) });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: IP_LIMITS.signIn },
      preHandler: loginLimit.take,
      schema: {
        operationId: 'loginWithPassword',
        summary: 'Sign in with e-mail and password',
        tags: ['auth'],
        body: loginBodySchema,
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await loginWithPassword(db, request.body);
      await app.startSession(request, reply, { userId: user.id });
      await loginLimit.succeeded(request, reply);
      return toCurrentUser(user);
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { rateLimit: IP_LIMITS.forgotPassword },
      preHandler: forgotLimit.guard,
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Mail a password reset link to an account',
        tags: ['auth'],
        body: forgotPasswordBodySchema,
        response: { 200: messageReplySchema, ...errors },
      },
    },
    async (request) => {
      await requestPasswordReset(db, { mailer, publicUrl: env.PUBLIC_URL, log: request.log }, request.body.email);
      return { message: RESET_REQUESTED };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { rateLimit: IP_LIMITS.resetPassword },
      schema: {
        operationId: 'resetPassword',
        summary: 'Set a new password with the token from a reset link',
        tags: ['auth'],
        body: resetPasswordBodySchema,
        response: { 200: messageReplySchema, ...errors },
      },
    },
    async (request) => {
      app.forgetSessionsOfUser(await resetPassword(db, request.body));
      return { message: RESET_DONE };
    },
  );
};
