import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { sessions } from '../db/schema/index';
import { parseEnv } from '../env';
import { freshIp, GOOD_PASSWORD, sessionCookieOf, uniqueEmail } from '../features/auth/auth-fixtures';
import { hmac } from '../lib/tokens';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, SESSION_COOKIE } from './session';

const DAY = 24 * 60 * 60 * 1000;

describe('server-side sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = (app = t.app, cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: freshIp(),
      headers: cookie ? { cookie } : {},
      payload: { email: uniqueEmail('sess'), password: GOOD_PASSWORD, firstName: 'Sess', lastName: 'Ion' },
    });
  const me = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });
  const sidOf = (cookie: string) => hmac(t.env.SESSION_SECRET, cookie.split('=')[1]);
  const rowOf = async (cookie: string) =>
    (
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, sidOf(cookie)))
    )[0];

  async function signedIn() {
    const res = await register();
    const cookie = sessionCookieOf(res);
    if (!cookie) throw new Error('no session cookie');
    return { res, cookie };
  }

  it('sets an HttpOnly, SameSite=Lax cookie for the whole site, not Secure outside production', async () => {
    const { res } = await signedIn();
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBeGreaterThan(ABSOLUTE_TIMEOUT_MS / 1000 - 60);
    expect(cookie?.maxAge).toBeLessThanOrEqual(ABSOLUTE_TIMEOUT_MS / 1000);
  });

  it('marks the cookie Secure and names it __Host- in production', async () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://pickleball.example',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
    });
    const app = await buildApp({ env, database: t.database, mailer: { send: async () => {} }, logger: false });
    try {
      const res = await register(app);
      expect(res.statusCode).toBe(201);
      const cookie = res.cookies.find((c) => c.name === '__Host-pr_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/' });
      expect(cookie?.domain).toBeUndefined();
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
      // The answer to a signed-in caller is not for any cache to keep.
      expect(res.headers['cache-control']).toBe('no-store');
      const me = await app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie: `__Host-pr_session=${cookie?.value}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.headers['cache-control']).toBe('no-store');
      // A cookie under the development name is not read in production.
      const plain = await app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie: `${SESSION_COOKIE}=${cookie?.value}` },
      });
      expect(plain.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('answers signed-in and admin callers with Cache-Control: no-store, public callers without it', async () => {
    const { cookie } = await signedIn();
    const mine = await t.app.inject({ method: 'GET', url: '/api/gamification/my-stats', headers: { cookie } });
    expect(mine.headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: freshIp(),
      payload: { email: TEST_ADMIN.email, adminKey: TEST_ADMIN.key },
    });
    const { token } = login.json<{ token: string }>();
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { 'x-admin-email': TEST_ADMIN.email, 'x-admin-token': token },
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['cache-control']).toBe('no-store');
    const visitor = await t.app.inject({ method: 'GET', url: '/api/players/search?q=ann' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBeUndefined();
  });

  it('stores only an HMAC of the cookie value as the session id', async () => {
    const { cookie } = await signedIn();
    const token = cookie.split('=')[1];
    expect(await t.database.db.select().from(sessions).where(eq(sessions.sid, token))).toHaveLength(0);
    const row = await rowOf(cookie);
    expect(row).toBeDefined();
    expect(row.userId).toBeTruthy();
    expect(row.expire.getTime() - Date.now()).toBeGreaterThan(IDLE_TIMEOUT_MS - 60_000);
  });

  it('gives every sign-in a new id and deletes the old row (no fixation)', async () => {
    const { cookie } = await signedIn();
    const again = await register(t.app, cookie);
    const next = sessionCookieOf(again) ?? '';
    expect(next).not.toBe(cookie);
    expect(await rowOf(cookie)).toBeUndefined();
    expect(await rowOf(next)).toBeDefined();
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends a session left idle past its expire (idle timeout)', async () => {
    const { cookie } = await signedIn();
    await t.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sidOf(cookie)));
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('slides the idle deadline forward when the session is used', async () => {
    const { cookie } = await signedIn();
    await t.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() + DAY) })
      .where(eq(sessions.sid, sidOf(cookie)));
    expect((await me(cookie)).statusCode).toBe(200);
    const row = await rowOf(cookie);
    expect(row.expire.getTime() - Date.now()).toBeGreaterThan(IDLE_TIMEOUT_MS - 60_000);
  });

  it('ends a session 30 days after sign-in however much it is used (absolute timeout)', async () => {
    const { cookie } = await signedIn();
    const row = await rowOf(cookie);
    await t.database.db
      .update(sessions)
      .set({ sess: { ...row.sess, createdAt: Date.now() - ABSOLUTE_TIMEOUT_MS - 1000 } })
      .where(eq(sessions.sid, row.sid));
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await rowOf(cookie)).toBeUndefined();
  });

  it('purges expired rows when the app starts (and hourly)', async () => {
    const expired = await signedIn();
    const live = await signedIn();
    await t.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, sidOf(expired.cookie)));
    const app = await buildApp({ env: t.env, database: t.database, mailer: { send: async () => {} }, logger: false });
    await app.ready();
    await app.close();
    expect(await rowOf(expired.cookie)).toBeUndefined();
    expect(await rowOf(live.cookie)).toBeDefined();
  });

  describe('with the session cache on', () => {
    const SECOND = 1000;
    let cached: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      const env = { ...t.env, SESSION_CACHE_SECONDS: 1 };
      cached = await buildApp({ env, database: t.database, mailer: { send: async () => {} }, logger: false });
    });
    afterAll(() => cached.close());
    const meOn = (cookie: string) => cached.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

    it('ends a session at once when it signs out through this instance', async () => {
      const { cookie } = await signedIn();
      expect((await meOn(cookie)).statusCode).toBe(200);
      const out = await cached.inject({
        method: 'GET',
        url: '/api/logout',
        headers: { cookie, 'sec-fetch-site': 'same-origin' },
      });
      expect(out.statusCode).toBe(302);
      expect((await meOn(cookie)).statusCode).toBe(401);
    });

    it('ends the old id at once when this instance signs in again (rotation)', async () => {
      const { cookie } = await signedIn();
      expect((await meOn(cookie)).statusCode).toBe(200);
      const again = await register(cached, cookie);
      const next = sessionCookieOf(again) ?? '';
      expect((await meOn(cookie)).statusCode).toBe(401);
      expect((await meOn(next)).statusCode).toBe(200);
    });

    it('ends a session deleted elsewhere within the cache time', async () => {
      const { cookie } = await signedIn();
      expect((await meOn(cookie)).statusCode).toBe(200);
      await t.database.db.delete(sessions).where(eq(sessions.sid, sidOf(cookie)));
      await new Promise((resolve) => setTimeout(resolve, 1.1 * SECOND));
      expect((await meOn(cookie)).statusCode).toBe(401);
    });
  });
});
