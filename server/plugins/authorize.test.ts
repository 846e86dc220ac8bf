import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTokens, users } from '../db/schema/index';
import {
  freshIp,
  GOOD_PASSWORD,
  sessionCookieOf,
  signUpWithPassword,
  uniqueEmail,
} from '../features/auth/auth-fixtures';
import { newToken, sha256 } from '../lib/tokens';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import type { RouteAccess } from './authorize';

/** The admin calls (docs/product.md#admin-calls): wherever one of these is registered, it must go through the admin guard. */
const ADMIN_ROUTES = [
  'GET /api/admin/match-requests',
  'POST /api/admin/match-requests/:requestId/review',
  'GET /api/admin/email-signups',
  'GET /api/admin/users',
  'GET /api/admin/players',
  'GET /api/admin/flagged-comments',
  'PUT /api/admin/flagged-comments/:flagId/resolve',
  'POST /api/players/bulk',
  'GET /api/admin/appeals',
  'POST /api/admin/appeals/:id/decision',
  'GET /api/admin/reports',
  'POST /api/admin/reports/:ratingId/decision',
];

/** Registering, linking or claiming a player, rating and voting: refused until the caller's e-mail is confirmed. */
const CONFIRMED_EMAIL_ROUTES = [
  { method: 'POST', url: '/api/players' },
  { method: 'POST', url: '/api/players/:playerId/match-request' },
  { method: 'POST', url: '/api/ratings' },
  { method: 'PUT', url: '/api/ratings/:id' },
  { method: 'POST', url: '/api/ratings/:id/helpfulness' },
  { method: 'PUT', url: '/api/ratings/:id/reply' },
  { method: 'DELETE', url: '/api/ratings/:id/reply' },
  { method: 'POST', url: '/api/decisions/:id/appeal' },
  { method: 'POST', url: '/api/ratings/:id/reports' },
];

/** Sign-in endpoints under /api/admin that are, by design, open to anyone. */
const PUBLIC_ADMIN_PATHS = new Set(['POST /api/admin/login', 'POST /api/admin/logout']);

type Caller = { name: string; headers: () => Record<string, string>; expected: 401 | 403 | 'allowed' };

describe('authorization matrix: every admin route against every kind of caller', () => {
  let t: TestApp;
  let adminRoutes: RouteAccess[];
  const headersOf: Record<string, Record<string, string>> = {};

  const signUp = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: freshIp(),
      payload: { email: uniqueEmail('matrix'), password: GOOD_PASSWORD, firstName: 'M', lastName: 'X' },
    });
    return { cookie: sessionCookieOf(res) ?? '', id: res.json<{ id: string }>().id };
  };
  const devSignIn = async (userId: string, password: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev-login',
      remoteAddress: freshIp(),
      payload: { userId, password },
    });
    return sessionCookieOf(res) ?? '';
  };
  const adminToken = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: freshIp(),
      payload: { email: TEST_ADMIN.email, adminKey: TEST_ADMIN.key },
    });
    return res.json<{ token: string }>().token;
  };

  beforeAll(async () => {
    t = await createTestApp();
    adminRoutes = t.app.authorize.routes.filter((route) => route.access === 'admin' && route.method !== 'HEAD');

    headersOf.user = { cookie: (await signUp()).cookie };
    const adminUser = await signUp();
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, adminUser.id));
    headersOf.adminUser = { cookie: adminUser.cookie };
    headersOf.developer = { cookie: await devSignIn('devuser', 'devpass123') };
    headersOf.adminDeveloper = { cookie: await devSignIn('devadmin', 'devpass456') };
    headersOf.adminToken = { 'x-admin-email': TEST_ADMIN.email, 'x-admin-token': await adminToken() };
    headersOf.wrongToken = { 'x-admin-email': TEST_ADMIN.email, 'x-admin-token': newToken() };
    headersOf.tokenOfOtherEmail = { 'x-admin-email': 'intruder@example.com', 'x-admin-token': await adminToken() };
    const expired = await adminToken();
    await t.database.db
      .update(adminTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminTokens.tokenHash, sha256(expired)));
    headersOf.expiredToken = { 'x-admin-email': TEST_ADMIN.email, 'x-admin-token': expired };
    // A regular user holding a bad token is still refused, as a bad token (401).
    headersOf.userWithWrongToken = { ...headersOf.user, 'x-admin-email': TEST_ADMIN.email, 'x-admin-token': 'nope' };
  });
  afterAll(() => t.close());

  const callers: Caller[] = [
    { name: 'none', headers: () => ({}), expected: 401 },
    { name: 'user', headers: () => headersOf.user, expected: 403 },
    { name: 'adminUser', headers: () => headersOf.adminUser, expected: 'allowed' },
    { name: 'developer', headers: () => headersOf.developer, expected: 403 },
    { name: 'adminDeveloper', headers: () => headersOf.adminDeveloper, expected: 'allowed' },
    { name: 'adminToken', headers: () => headersOf.adminToken, expected: 'allowed' },
    { name: 'wrongToken', headers: () => headersOf.wrongToken, expected: 401 },
    { name: 'tokenOfOtherEmail', headers: () => headersOf.tokenOfOtherEmail, expected: 401 },
    { name: 'expiredToken', headers: () => headersOf.expiredToken, expected: 401 },
    { name: 'userWithWrongToken', headers: () => headersOf.userWithWrongToken, expected: 401 },
  ];

  const call = (route: RouteAccess, headers: Record<string, string>) => {
    const url = route.url.replace(/:\w+/g, '1');
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    return t.app.inject({
      method: route.method as 'GET',
      url,
      headers,
      ...(hasBody ? { payload: {} } : {}),
    });
  };

  it('collects the admin routes from the guard, including every admin call of docs/product.md that exists', () => {
    // Parameter names differ between the spec and the code (:flagId, :id); the shape is what counts.
    const key = (route: { method: string; url: string }) => `${route.method} ${route.url.replace(/:\w+/g, ':param')}`;
    const admin = new Set(adminRoutes.map(key));
    const all = new Map(t.app.authorize.routes.map((route) => [key(route), route.access]));
    expect(admin.size).toBeGreaterThan(0);
    for (const route of ADMIN_ROUTES) {
      const [method, url] = route.split(' ');
      const spec = key({ method, url });
      if (all.has(spec)) expect(all.get(spec), route).toBe('admin');
    }
    // Anything under /api/admin/ other than the sign-in endpoints is admin-only.
    for (const [route, access] of all) {
      if (route.startsWith('HEAD ') || !route.split(' ')[1].startsWith('/api/admin/')) continue;
      if (PUBLIC_ADMIN_PATHS.has(route)) continue;
      expect(access, route).toBe('admin');
    }
  });

  it.each(callers.map((caller) => [caller.name, caller] as const))('%s', async (_name, caller) => {
    const results: string[] = [];
    for (const route of adminRoutes) {
      const res = await call(route, caller.headers());
      const ok =
        caller.expected === 'allowed'
          ? res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500
          : res.statusCode === caller.expected;
      if (!ok) results.push(`${route.method} ${route.url} → ${res.statusCode} ${res.payload.slice(0, 120)}`);
      if (caller.expected !== 'allowed') expect(res.json()).toHaveProperty('message');
    }
    expect(results, `expected ${caller.expected}`).toEqual([]);
  });

  it('every action that speaks for an e-mail waits for it to be confirmed (403), in the guard', async () => {
    const key = (route: { method: string; url: string }) => `${route.method} ${route.url.replace(/:\w+/g, ':param')}`;
    const confirmedRoutes = t.app.authorize.routes.filter(
      (route) => route.access === 'confirmed' && route.method !== 'HEAD',
    );
    expect(new Set(confirmedRoutes.map(key))).toEqual(new Set(CONFIRMED_EMAIL_ROUTES.map((route) => key(route))));
    const confirmed = await signUpWithPassword(t);
    const unconfirmedMessage = { message: 'Please confirm your e-mail address first', code: 'email_unconfirmed' };
    for (const route of confirmedRoutes) {
      const name = `${route.method} ${route.url}`;
      const anonymous = await call(route, {});
      expect(anonymous.statusCode, name).toBe(401);
      const unconfirmed = await call(route, headersOf.user);
      expect(unconfirmed.statusCode, name).toBe(403);
      expect(unconfirmed.json(), name).toEqual(unconfirmedMessage);
      for (const headers of [{ cookie: confirmed.cookie }, headersOf.developer]) {
        const res = await call(route, headers);
        expect(res.statusCode, name).not.toBe(401);
        expect(res.json(), name).not.toEqual(unconfirmedMessage);
      }
    }
  });

  it('every user-only route refuses a caller who is not signed in with 401', async () => {
    const userRoutes = t.app.authorize.routes.filter((route) => route.access === 'user' && route.method !== 'HEAD');
    expect(userRoutes.length).toBeGreaterThan(0);
    for (const route of userRoutes) {
      const res = await call(route, {});
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
