import type { FeatureRoutes } from '../../deps';
import {
  adminLoginBodySchema,
  adminLoginReplySchema,
  messageReplySchema,
  type AdminLoginBody,
} from '../../../common/schemas/auth';
import { errorReplySchema } from '../../../common/schemas/shared';
import { loginAdmin, logoutAdmin } from './admin-auth.service';
import { IP_LIMITS, signInLimiter } from './rate-limits';
import { appDeviceCookies } from './device-cookie';

const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 429: errorReplySchema };

export const adminAuthRoutes: FeatureRoutes = async (app, { database, env, limitStore }) => {
  const limit = signInLimiter(limitStore, appDeviceCookies(env), 'admin', (body: AdminLoginBody) => body.email);

  app.post(
    '/api/admin/login',
    {
      config: { rateLimit: IP_LIMITS.signIn },
      preHandler: limit.take,
      schema: {
        operationId: 'adminLogin',
        summary: 'Sign in as the admin with e-mail and key; answers the admin token',
        tags: ['auth'],
        body: adminLoginBodySchema,
        response: { 200: adminLoginReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await loginAdmin(database.db, env, request.body);
      // A sign-in of any kind gives the browser's session a new id (docs/product.md#accounts-and-sign-in), even though the admin
      // identity itself travels in headers.
      await app.rotateSession(request, reply);
      await limit.succeeded(request, reply);
      return result;
    },
  );

  // The client forgets the token on logout (docs/product.md#accounts-and-sign-in); this makes the server forget it too.
  app.post(
    '/api/admin/logout',
    {
      schema: {
        operationId: 'adminLogout',
        summary: 'Sign the admin out: the server forgets the admin token',
        tags: ['auth'],
        response: { 200: messageReplySchema, 403: errorReplySchema },
      },
    },
    async (request) => {
      const token = request.headers['x-admin-token'];
      await logoutAdmin(database.db, typeof token === 'string' ? token : undefined);
      return { message: 'Signed out' };
    },
  );
};
