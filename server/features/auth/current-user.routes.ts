import type { FeatureRoutes } from '../../deps';
import { currentUserSchema, linkedPlayerReplySchema } from '../../../common/schemas/auth';
import { errorReplySchema } from '../../../common/schemas/shared';
import { unauthorized } from '../../lib/app-error';
import { fromOurOwnPages, ownOrigins } from '../../plugins/csrf';
import { linkedPlayerOf } from '../players/players.service';
import { toCurrentUser } from './current-user.service';

export const currentUserRoutes: FeatureRoutes = async (app, { database, env }) => {
  const origins = ownOrigins(env.PUBLIC_URL);
  // docs/product.md#sign-in-calls: 401 means "not signed in"; a developer session is not a user session (it has /api/dev-auth/user).
  app.get(
    '/api/auth/user',
    {
      schema: {
        operationId: 'getCurrentUser',
        summary: 'The signed-in user; 401 when nobody is signed in',
        tags: ['auth'],
        response: { 200: currentUserSchema, 401: errorReplySchema },
      },
    },
    async (request) => {
      const user = await app.authorize.sessionUser(request);
      if (!user) throw unauthorized();
      return toCurrentUser(user);
    },
  );

  app.get(
    '/api/auth/user/player',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'getLinkedPlayer',
        summary: 'The player profile linked to the signed-in user',
        tags: ['auth'],
        response: { 200: linkedPlayerReplySchema, 401: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      const actor = await app.authorize.requireActor(request);
      return linkedPlayerOf(database.db, actor.user.id);
    },
  );

  // docs/product.md#sign-in-calls: the browser navigates here; the row is deleted, so a copy of the old cookie is signed out too.
  // Only our own pages may sign someone out: a foreign page linking here lands on / still signed in.
  app.get(
    '/api/logout',
    {
      config: { redirects: true },
      schema: {
        operationId: 'logout',
        summary: 'Sign out (only from our own pages) and go to the front page; a browser navigates here',
        tags: ['auth'],
      },
    },
    async (request, reply) => {
      if (fromOurOwnPages(request, origins, true)) await app.endSession(request, reply);
      return reply.redirect('/');
    },
  );
};
