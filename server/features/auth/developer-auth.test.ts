import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { freshIp, sessionCookieOf, signUpWithPassword, uniqueEmail } from './auth-fixtures';

const MISSING = 'Missing Information: Please enter both user ID and password.';

describe('developer sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    // TEST_DEV_USERS: devuser:devpass123 (regular), devadmin:devpass456:admin.
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const devLogin = (payload: unknown, options: { ip?: string; cookie?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/dev-login',
      remoteAddress: options.ip ?? freshIp(),
      headers: options.cookie ? { cookie: options.cookie } : {},
      payload: payload as object,
    });
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('signs a regular developer in and reports them at /api/dev-auth/user', async () => {
    const res = await devLogin({ userId: 'devuser', password: 'devpass123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: 'devuser' });
    const cookie = sessionCookieOf(res);
    expect(res.cookies.find((c) => c.name === 'pr_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    const who = await get('/api/dev-auth/user', cookie);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({ userId: 'devuser' });
    // A developer session is not a user session.
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(401);
  });

  it('gives an admin developer userType admin, and trims both fields (docs/product.md#developer-login)', async () => {
    const res = await devLogin({ userId: '  devadmin ', password: ' devpass456 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: 'devadmin', userType: 'admin' });
    expect((await get('/api/dev-auth/user', sessionCookieOf(res))).json()).toEqual({
      userId: 'devadmin',
      userType: 'admin',
    });
  });

  it('keeps one acting user row per developer, at the developer e-mail domain', async () => {
    const first = await devLogin({ userId: 'devuser', password: 'devpass123' });
    const second = await devLogin({ userId: 'devuser', password: 'devpass123' });
    expect(second.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'devuser@developers.pickleball-ratings.local'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      authProvider: 'developer',
      firstName: 'devuser',
      passwordHash: null,
      isAdmin: false,
    });
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sessionCookieOf(first) ?? ''));
    expect(row).toBeUndefined();
    // The session row is tied to the acting user.
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, rows[0].id));
    expect(live.length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    [{ userId: 'devuser', password: 'wrong' }],
    [{ userId: 'nobody', password: 'devpass123' }],
    [{ userId: 'devuser', password: 'devpass456' }],
    [{ userId: 'devuser', password: 'devpass123x' }],
  ])('answers 401 invalid_credentials for %j', async (payload) => {
    const res = await devLogin(payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'invalid_credentials', code: 'invalid_credentials' });
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it.each([[{}], [{ userId: '', password: 'x' }], [{ userId: 'devuser', password: '   ' }], [{ userId: 'devuser' }]])(
    'answers 400 with the docs/product.md#validation-messages message for %j',
    async (payload) => {
      const res = await devLogin(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: MISSING });
    },
  );

  it('rotates the session: a user signing in as developer loses the old session id', async () => {
    const registered = await signUpWithPassword(t, {
      email: uniqueEmail('user-then-dev'),
      confirm: false,
      firstName: 'U',
      lastName: 'D',
    });
    const userCookie = sessionCookieOf(registered.res);
    const dev = await devLogin({ userId: 'devuser', password: 'devpass123' }, { cookie: userCookie });
    const devCookie = sessionCookieOf(dev);
    expect(devCookie).not.toBe(userCookie);
    expect((await get('/api/auth/user', userCookie)).statusCode).toBe(401);
    expect((await get('/api/dev-auth/user', devCookie)).statusCode).toBe(200);
  });

  it('POST /api/dev-logout ends the session; the old cookie is signed out', async () => {
    const cookie = sessionCookieOf(await devLogin({ userId: 'devuser', password: 'devpass123' }));
    const out = await t.app.inject({ method: 'POST', url: '/api/dev-logout', headers: { cookie: cookie ?? '' } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'pr_session')?.value).toBe('');
    expect((await get('/api/dev-auth/user', cookie)).statusCode).toBe(401);
    // Signed out already: still fine.
    expect((await t.app.inject({ method: 'POST', url: '/api/dev-logout' })).statusCode).toBe(200);
  });

  it('GET /api/dev-auth/user answers 401 when no developer is signed in', async () => {
    expect((await get('/api/dev-auth/user')).statusCode).toBe(401);
    expect((await get('/api/dev-auth/user')).json()).toEqual({
      message: 'Authentication required',
      code: 'unauthenticated',
    });
  });

  it('locks a developer id for the address that failed 5 times, even with the right password; not elsewhere', async () => {
    const stranger = freshIp();
    for (let i = 0; i < 5; i += 1) {
      expect((await devLogin({ userId: 'devadmin', password: `nope-${i}` }, { ip: stranger })).statusCode).toBe(401);
    }
    const locked = await devLogin({ userId: 'DEVADMIN', password: 'devpass456' }, { ip: stranger });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json()).toEqual({
      message: expect.stringMatching(/^Too many attempts/) as unknown,
      code: 'rate_limited',
    });
    expect((await devLogin({ userId: 'devadmin', password: 'devpass456' })).statusCode).toBe(200);
    // devuser is a different account.
    expect((await devLogin({ userId: 'devuser', password: 'devpass123' })).statusCode).toBe(200);
  });
});
