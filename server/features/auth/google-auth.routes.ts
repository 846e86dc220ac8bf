import type { FeatureRoutes } from '../../deps';
import { loginQuerySchema } from '../../../common/schemas/auth';
import { errorReplySchema } from '../../../common/schemas/shared';
import { googleConfigured, signInWithGoogle } from './google-auth.service';
import { createOidcClient } from './oidc-client';
import {
  PENDING_LOGIN_COOKIE,
  PENDING_LOGIN_PATH,
  PENDING_LOGIN_TTL_MS,
  openPendingLogin,
  sealPendingLogin,
} from './oidc-pending-login';
import { safeReturnTo } from './safe-return-to';

// Failures end on the sign-in page with a code the client explains (docs/product.md#messages auth_failed), never on a JSON page.
const GOOGLE_UNAVAILABLE = '/login?error=google_unavailable';
const AUTH_FAILED = '/login?error=auth_failed';

export const googleAuthRoutes: FeatureRoutes = async (app, { env, database }) => {
  const redirectUri = new URL('/api/callback', env.PUBLIC_URL).href;
  const client = googleConfigured(env)
    ? createOidcClient({
        issuer: env.OIDC_ISSUER,
        clientId: env.GOOGLE_CLIENT_ID ?? '',
        clientSecret: env.GOOGLE_CLIENT_SECRET ?? '',
        redirectUri,
      })
    : null;
  const cookieOptions = {
    path: PENDING_LOGIN_PATH,
    httpOnly: true,
    // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
    sameSite: 'lax',
    secure: env.NODE_ENV === 'production',
  } as const;

  // docs/product.md#sign-in-calls: the browser navigates here (provider=google, or no provider at all) to start third-party sign-in.
  app.get(
    '/api/login',
    {
      config: { redirects: true },
      schema: {
        operationId: 'startGoogleLogin',
        summary: 'Start signing in with Google; a browser navigates here',
        tags: ['auth'],
        querystring: loginQuerySchema,
        response: { 400: errorReplySchema },
      },
    },
    async (request, reply) => {
      if (!client) return reply.redirect(GOOGLE_UNAVAILABLE);
      let started;
      try {
        started = await client.start(safeReturnTo(request.query.returnTo, env.PUBLIC_URL));
      } catch (err) {
        request.log.error({ err }, 'OpenID Connect discovery failed');
        return reply.redirect(GOOGLE_UNAVAILABLE);
      }
      reply.setCookie(PENDING_LOGIN_COOKIE, sealPendingLogin(env.SESSION_SECRET, started.pending), {
        ...cookieOptions,
        maxAge: PENDING_LOGIN_TTL_MS / 1000,
      });
      return reply.redirect(started.url.href);
    },
  );

  // The provider's redirect back. Refused (wrong or missing state, nonce, PKCE, audience, issuer, an
  // unverified e-mail): back to /login?error=auth_failed, with the reason in the server log only.
  app.get(
    '/api/callback',
    {
      config: { redirects: true },
      schema: {
        operationId: 'finishGoogleLogin',
        summary: "Google's redirect back: signs in and returns to the page the sign-in started from",
        tags: ['auth'],
      },
    },
    async (request, reply) => {
      const pending = openPendingLogin(env.SESSION_SECRET, request.cookies[PENDING_LOGIN_COOKIE]);
      reply.clearCookie(PENDING_LOGIN_COOKIE, cookieOptions);
      if (!client || !pending) {
        request.log.warn('OpenID Connect callback without a valid pending sign-in');
        return reply.redirect(AUTH_FAILED);
      }
      // The URL the provider redirected to, rebuilt from PUBLIC_URL rather than the Host header.
      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = new URL(request.url, redirectUri).search;
      try {
        const identity = await client.finish(callbackUrl, pending);
        const user = await signInWithGoogle(database.db, identity);
        // Taking over a password account ends its sessions (google-auth.service.ts).
        app.forgetSessionsOfUser(user.id);
        await app.startSession(request, reply, { userId: user.id });
      } catch (err) {
        request.log.warn({ err }, 'Google sign-in refused');
        return reply.redirect(AUTH_FAILED);
      }
      // Checked again where it is used: the cookie is signed, but the rule may have tightened since it was set.
      return reply.redirect(safeReturnTo(pending.returnTo, env.PUBLIC_URL));
    },
  );
};
