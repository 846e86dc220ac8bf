import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { sessions, users } from '../../db/schema/index';
import { parseEnv } from '../../env';
import { SESSION_COOKIE } from '../../plugins/session';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { createTestApp, type TestApp } from '../../test/test-app';
import { HOSTILE_RETURN_TARGETS } from '../../../common/return-path.fixtures';
import { PENDING_LOGIN_COOKIE, openPendingLogin, sealPendingLogin } from './oidc-pending-login';
import { DEVELOPER_EMAIL_DOMAIN } from './developer-auth.service';
import { safeReturnTo } from './safe-return-to';

const PUBLIC = 'http://localhost:5000';
const REDIRECT_URI = `${PUBLIC}/api/callback`;
let sequence = 0;
const unique = (label: string) => `${label}-${Date.now()}-${(sequence += 1)}`;

function cookieFrom(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((cookie) => cookie.name === name);
}

describe('Google sign-in (OpenID Connect against a real provider)', () => {
  let oidc: TestOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    oidc = await startOidcProvider({ redirectUri: REDIRECT_URI });
    t = await createTestApp({
      OIDC_ISSUER: oidc.issuer,
      GOOGLE_CLIENT_ID: oidc.client.clientId,
      GOOGLE_CLIENT_SECRET: oidc.client.clientSecret,
    });
  });
  afterAll(async () => {
    await t.close();
    await oidc.close();
  });

  /** A provider account with a verified e-mail unless told otherwise. */
  function account(overrides: { email?: string; email_verified?: boolean } = {}) {
    const sub = unique('sub');
    const email = overrides.email ?? `${unique('g')}@example.com`;
    oidc.accounts.set(sub, {
      email,
      email_verified: overrides.email_verified ?? true,
      given_name: 'Gina',
      family_name: 'Google',
      picture: 'https://example.com/gina.png',
    });
    return { sub, email };
  }

  async function startLogin(query = '?provider=google', cookie?: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/login${query}`, headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(302);
    const pending = cookieFrom(res, PENDING_LOGIN_COOKIE);
    expect(pending).toBeDefined();
    return { res, location: String(res.headers.location), pendingCookie: `${PENDING_LOGIN_COOKIE}=${pending?.value}` };
  }

  const callback = (url: URL, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {} });

  /** The whole flow: our /api/login, the provider's screens, our /api/callback. */
  async function fullLogin(sub: string, query?: string, extraCookie?: string) {
    const started = await startLogin(query);
    const back = await oidc.signIn(started.location, sub);
    const cookie = [started.pendingCookie, extraCookie].filter(Boolean).join('; ');
    return callback(back, cookie);
  }

  const sessionCookieOf = (res: LightMyRequestResponse) => {
    const value = cookieFrom(res, SESSION_COOKIE)?.value;
    return value ? `${SESSION_COOKIE}=${value}` : undefined;
  };

  const currentUser = (cookie: string | undefined) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });

  it('starts the authorization code flow with PKCE, state and nonce, keeping them in a signed HttpOnly cookie', async () => {
    const { res, location } = await startLogin();
    const url = new URL(location);
    expect(url.origin).toBe(oidc.issuer);
    expect(url.searchParams.get('client_id')).toBe(oidc.client.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')?.length).toBeGreaterThanOrEqual(43);
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(22);
    expect(url.searchParams.get('nonce')?.length).toBeGreaterThanOrEqual(22);
    const pending = cookieFrom(res, PENDING_LOGIN_COOKIE);
    expect(pending).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/callback' });
    // Nothing secret in the clear beside its signature: the verifier is not in the URL.
    expect(location).not.toContain(JSON.stringify(pending?.value));
  });

  it('GET /api/login without a provider starts Google too; an unknown provider is a 400', async () => {
    const { location } = await startLogin('');
    expect(new URL(location).origin).toBe(oidc.issuer);
    const res = await t.app.inject({ method: 'GET', url: '/api/login?provider=facebook' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Unknown sign-in provider' });
  });

  it('creates a google user from the verified identity, signs in and redirects to /', async () => {
    const { sub, email } = account();
    const res = await fullLogin(sub);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    // The pending-login cookie is spent.
    expect(cookieFrom(res, PENDING_LOGIN_COOKIE)?.value).toBe('');
    const session = sessionCookieOf(res);
    const me = await currentUser(session);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email,
      firstName: 'Gina',
      lastName: 'Google',
      authProvider: 'google',
      isAdmin: false,
      profileImageUrl: 'https://example.com/gina.png',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ googleId: sub, emailVerified: true, passwordHash: null });
  });

  it('signs the same Google account into the same user again, with a new session id', async () => {
    const { sub } = account();
    const first = await fullLogin(sub);
    const firstCookie = sessionCookieOf(first);
    const firstUser = (await currentUser(firstCookie)).json<{ id: string }>();

    const second = await fullLogin(sub, undefined, firstCookie);
    const secondCookie = sessionCookieOf(second);
    expect(secondCookie).toBeDefined();
    expect(secondCookie).not.toBe(firstCookie);
    expect((await currentUser(secondCookie)).json()).toMatchObject({ id: firstUser.id });
    // The old session row is gone: replaying its cookie is signed out (no fixation).
    expect((await currentUser(firstCookie)).statusCode).toBe(401);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, firstUser.id));
    expect(rows).toHaveLength(1);
  });

  it('links an existing password account with the same verified e-mail, dropping an unproven password', async () => {
    const email = `${unique('linked')}@example.com`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.9.0.1',
      payload: { email, password: 'Squatter123', firstName: 'Sam', lastName: 'Squat' },
    });
    expect(registered.statusCode).toBe(201);
    const squatterSession = sessionCookieOf(registered);
    const userId = registered.json<{ id: string }>().id;

    const { sub } = account({ email: email.toUpperCase() });
    const res = await fullLogin(sub);
    expect(res.headers.location).toBe('/');
    expect((await currentUser(sessionCookieOf(res))).json()).toMatchObject({
      id: userId,
      authProvider: 'google',
      firstName: 'Sam',
    });
    // Whoever registered without proving the address loses both the password and the session.
    expect((await currentUser(squatterSession)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.0.1',
      payload: { email, password: 'Squatter123' },
    });
    expect(login.statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ googleId: sub, emailVerified: true, passwordHash: null });
  });

  it('keeps the password of an account whose e-mail was already verified', async () => {
    const email = `${unique('verified')}@example.com`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.9.0.2',
      payload: { email, password: 'Owner12345', firstName: 'Olive', lastName: 'Owner' },
    });
    const userId = registered.json<{ id: string }>().id;
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));

    const { sub } = account({ email });
    const res = await fullLogin(sub);
    expect((await currentUser(sessionCookieOf(res))).json()).toMatchObject({ id: userId, authProvider: 'password' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.9.0.2',
      payload: { email, password: 'Owner12345' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an identity whose e-mail the provider has not verified', async () => {
    const { sub, email } = account({ email_verified: false });
    const res = await fullLogin(sub);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=auth_failed');
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a verified identity in the developers’ domain, so it can never hold a developer’s acting e-mail', async () => {
    const { sub, email } = account({ email: `devuser@${DEVELOPER_EMAIL_DOMAIN.toUpperCase()}` });
    const res = await fullLogin(sub);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=auth_failed');
    expect(sessionCookieOf(res)).toBeUndefined();
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    expect(rows).toHaveLength(0);
  });

  it('counts a Google account whose ID token says email_verified as confirmed', async () => {
    const { sub } = account();
    const res = await fullLogin(sub);
    expect((await currentUser(sessionCookieOf(res))).json()).toMatchObject({ emailConfirmed: true });
  });

  describe('refusals (redirect to /login?error=auth_failed, nobody signed in)', () => {
    const expectRefused = (res: LightMyRequestResponse) => {
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?error=auth_failed');
      expect(sessionCookieOf(res)).toBeUndefined();
    };

    it('a wrong state', async () => {
      const { sub } = account();
      const started = await startLogin();
      const back = await oidc.signIn(started.location, sub);
      back.searchParams.set('state', 'forged-state-value');
      expectRefused(await callback(back, started.pendingCookie));
    });

    it('a callback without the pending-login cookie, or with another login’s cookie', async () => {
      const { sub } = account();
      const started = await startLogin();
      const other = await startLogin();
      const back = await oidc.signIn(started.location, sub);
      expectRefused(await callback(back));
      expectRefused(await callback(back, other.pendingCookie));
    });

    it('a tampered or expired pending-login cookie', async () => {
      const { sub } = account();
      const started = await startLogin();
      const back = await oidc.signIn(started.location, sub);
      const [payload, signature] = started.pendingCookie.split('=')[1].split('.');
      const tampered = `${PENDING_LOGIN_COOKIE}=${payload}x.${signature}`;
      expectRefused(await callback(back, tampered));

      const state = back.searchParams.get('state') ?? '';
      const expired = sealPendingLogin(t.env.SESSION_SECRET, {
        state,
        nonce: 'n',
        codeVerifier: 'v',
        returnTo: '/',
        expiresAt: Date.now() - 1000,
      });
      expectRefused(await callback(back, `${PENDING_LOGIN_COOKIE}=${expired}`));
    });

    it('a wrong nonce in the ID token', async () => {
      const { sub } = account();
      const started = await startLogin();
      const authorization = new URL(started.location);
      authorization.searchParams.set('nonce', 'a-nonce-we-never-issued');
      const back = await oidc.signIn(authorization.href, sub);
      expect(back.searchParams.get('code')).toBeTruthy();
      expectRefused(await callback(back, started.pendingCookie));
    });

    it('an ID token issued for another audience', async () => {
      const { sub, email } = account();
      oidc.setIdTokenAudience(oidc.otherClient.clientId);
      try {
        expectRefused(await fullLogin(sub));
      } finally {
        oidc.setIdTokenAudience(null);
      }
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    });

    it('a code issued to another client', async () => {
      const { sub } = account();
      const started = await startLogin();
      const authorization = new URL(started.location);
      authorization.searchParams.set('client_id', oidc.otherClient.clientId);
      const back = await oidc.signIn(authorization.href, sub);
      expect(back.searchParams.get('code')).toBeTruthy();
      expectRefused(await callback(back, started.pendingCookie));
    });

    it('the provider reporting an error (the user cancelled)', async () => {
      const started = await startLogin();
      const state = new URL(started.location).searchParams.get('state') ?? '';
      const back = new URL(`${REDIRECT_URI}?error=access_denied&state=${state}&iss=${encodeURIComponent(oidc.issuer)}`);
      expectRefused(await callback(back, started.pendingCookie));
    });
  });

  it('returns to a relative path of our own after sign-in, never to another site', async () => {
    const { sub } = account();
    const ok = await fullLogin(sub, `?provider=google&returnTo=${encodeURIComponent('/verify?step=2')}`);
    expect(ok.headers.location).toBe('/verify?step=2');
    // The whole table through the real provider would take minutes; a sample of each kind goes end to end.
    const sample = [
      '/..//evil.example',
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/%2e%2e//evil.example',
    ];
    for (const evil of [...sample, '/api/logout']) {
      const res = await fullLogin(sub, `?returnTo=${encodeURIComponent(evil)}`);
      expect(res.headers.location).toBe('/');
    }
  });

  it('refuses every hostile returnTo where it is stored (the pending sign-in cookie)', async () => {
    expect(HOSTILE_RETURN_TARGETS.length).toBeGreaterThanOrEqual(40);
    for (const evil of HOSTILE_RETURN_TARGETS) {
      const res = await t.app.inject({ method: 'GET', url: `/api/login?returnTo=${encodeURIComponent(evil)}` });
      // An over-long value, or one with a control character, is refused outright by the query's validation
      // (400, nothing stored); everything else starts a sign-in.
      // eslint-disable-next-line no-control-regex
      if (evil.length > 500 || /[\u0000-\u001f\u007f-\u009f]/.test(evil)) {
        expect(res.statusCode).toBe(400);
        continue;
      }
      expect(res.statusCode).toBe(302);
      const cookie = res.cookies.find((c) => c.name === PENDING_LOGIN_COOKIE);
      const pending = openPendingLogin(t.env.SESSION_SECRET, cookie?.value);
      expect(pending?.returnTo, JSON.stringify(evil)).toBe('/');
    }
  });

  it('checks the return target again where it is used', async () => {
    const { sub } = account();
    const started = await startLogin();
    const pending = openPendingLogin(t.env.SESSION_SECRET, started.pendingCookie.split('=')[1]);
    if (!pending) throw new Error('no pending sign-in');
    // A pending sign-in sealed with a hostile target (as an older rule, or a bug, could have stored it).
    const forged = sealPendingLogin(t.env.SESSION_SECRET, { ...pending, returnTo: '/..//evil.example' });
    const back = await oidc.signIn(started.location, sub);
    const res = await callback(back, `${PENDING_LOGIN_COOKIE}=${forged}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it('safeReturnTo keeps only our own paths', () => {
    expect(safeReturnTo('/players?q=ann#top', PUBLIC)).toBe('/players?q=ann#top');
    expect(safeReturnTo(undefined, PUBLIC)).toBe('/');
    expect(safeReturnTo('players', PUBLIC)).toBe('/');
    for (const evil of HOSTILE_RETURN_TARGETS) expect(safeReturnTo(evil, PUBLIC)).toBe('/');
  });

  describe('without Google configured', () => {
    it('sends the browser back to /login?error=google_unavailable and reports googleEnabled false', async () => {
      const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
      const app = await buildApp({ env, database: t.database, mailer: { send: async () => {} }, logger: false });
      try {
        const res = await app.inject({ method: 'GET', url: '/api/login?provider=google' });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/login?error=google_unavailable');
        const config = await app.inject({ method: 'GET', url: '/api/config' });
        expect(config.json()).toMatchObject({ googleEnabled: false });
        const cb = await app.inject({ method: 'GET', url: '/api/callback?code=x&state=y' });
        expect(cb.headers.location).toBe('/login?error=auth_failed');
      } finally {
        await app.close();
      }
    });

    it('an unreachable issuer also answers google_unavailable', async () => {
      const env = parseEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        OIDC_ISSUER: 'http://127.0.0.1:9',
        GOOGLE_CLIENT_ID: 'x',
        GOOGLE_CLIENT_SECRET: 'y',
      });
      const app = await buildApp({ env, database: t.database, mailer: { send: async () => {} }, logger: false });
      try {
        const res = await app.inject({ method: 'GET', url: '/api/login' });
        expect(res.headers.location).toBe('/login?error=google_unavailable');
      } finally {
        await app.close();
      }
    });
  });

  it('reports googleEnabled when configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ googleEnabled: true, demoMode: false });
  });
});
