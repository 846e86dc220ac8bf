import type { FeatureRoutes } from '../../deps';
import {
  devLoginBodySchema,
  developerUserSchema,
  messageReplySchema,
  type DevLoginBody,
} from '../../../common/schemas/auth';
import { errorReplySchema } from '../../../common/schemas/shared';
import { unauthorized } from '../../lib/app-error';
import { authenticateDeveloper, ensureActingUser } from './developer-auth.service';
import { IP_LIMITS, signInLimiter } from './rate-limits';
import { appDeviceCookies } from './device-cookie';

const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  409: errorReplySchema,
  429: errorReplySchema,
};

export const developerAuthRoutes: FeatureRoutes = async (app, { database, env, limitStore }) => {
  const limit = signInLimiter(limitStore, appDeviceCookies(env), 'developer', (body: DevLoginBody) => body.userId);

  app.post(
    '/api/dev-login',
    {
      config: { rateLimit: IP_LIMITS.signIn },
      preHandler: limit.take,
      schema: {
        operationId: 'developerLogin',
        summary: 'Sign in with a configured developer account',
        tags: ['auth'],
        body: devLoginBodySchema,
        response: { 200: developerUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId, password } = request.body;
      const developer = authenticateDeveloper(env.devUsers, userId, password);
      const actingUser = await ensureActingUser(database.db, developer);
      await app.startSession(request, reply, {
        developer: { userId: developer.userId, userType: developer.userType, actingUserId: actingUser.id },
      });
      await limit.succeeded(request, reply);
      return { userId: developer.userId, userType: developer.userType };
    },
  );

  app.get(
    '/api/dev-auth/user',
    {
      schema: {
        operationId: 'getDeveloperUser',
        summary: 'The signed-in developer; 401 when none',
        tags: ['auth'],
        response: { 200: developerUserSchema, 401: errorReplySchema },
      },
    },
    async (request) => {
      const developer = request.session?.data.developer;
      if (!developer) throw unauthorized();
      return { userId: developer.userId, userType: developer.userType };
    },
  );

  app.post(
    '/api/dev-logout',
    {
      schema: {
        operationId: 'developerLogout',
        summary: 'Sign the developer out',
        tags: ['auth'],
        response: { 200: messageReplySchema, 403: errorReplySchema },
      },
    },
    async (request, reply) => {
      await app.endSession(request, reply);
      return { message: 'Signed out' };
    },
  );
};
