import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { adminTokens } from '../../db/schema/index';
import { parseEnv } from '../../env';
import { sha256 } from '../../lib/tokens';
import { createTestApp, TEST_ADMIN, TEST_DEV_USERS, type TestApp } from '../../test/test-app';
import { freshIp, sessionCookieOf } from './auth-fixtures';

describe('admin sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const adminLogin = (payload: unknown, options: { ip?: string; cookie?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      remoteAddress: options.ip ?? freshIp(),
      headers: options.cookie ? { cookie: options.cookie } : {},
      payload: payload as object,
    });

  it('hands out a random token, stored only as its SHA-256, expiring after 8 hours', async () => {
    const res = await adminLogin({ email: TEST_ADMIN.email.toUpperCase(), adminKey: TEST_ADMIN.key });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; adminEmail: string }>();
    expect(body.adminEmail).toBe(TEST_ADMIN.email);
    expect(body.token.length * 6).toBeGreaterThanOrEqual(128);
    const again = (await adminLogin({ email: TEST_ADMIN.email, adminKey: TEST_ADMIN.key })).json<{ token: string }>();
    expect(again.token).not.toBe(body.token);

    const [row] = await t.database.db
      .select()
      .from(adminTokens)
      .where(eq(adminTokens.tokenHash, sha256(body.token)));
    expect(row.email).toBe(TEST_ADMIN.email);
    const hours = (row.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);
    expect(await t.database.db.select().from(adminTokens).where(eq(adminTokens.tokenHash, body.token))).toHaveLength(0);
  });

  it.each([
    [{ email: TEST_ADMIN.email, adminKey: 'wrong-key-wrong-key' }],
    [{ email: 'someone@example.com', adminKey: TEST_ADMIN.key }],
    [{ email: TEST_ADMIN.email, adminKey: `${TEST_ADMIN.key} ` }],
  ])('answers 401 "Invalid credentials." for %j', async (payload) => {
    const res = await adminLogin(payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid credentials.', code: 'invalid_credentials' });
  });

  it.each([
    [{ email: 'not-an-email', adminKey: 'k' }, 'Please enter a valid email address'],
    [{ email: TEST_ADMIN.email, adminKey: '' }, 'Admin key is required'],
    [{ email: TEST_ADMIN.email }, 'Admin key is required'],
  ])('answers 400 with the docs/product.md#validation-messages message for %j', async (payload, message) => {
    const res = await adminLogin(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
  });

  it('the token works as x-admin-email + x-admin-token until POST /api/admin/logout forgets it', async () => {
    const { token } = (await adminLogin({ email: TEST_ADMIN.email, adminKey: TEST_ADMIN.key })).json<{
      token: string;
    }>();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { 'x-admin-email': TEST_ADMIN.email, 'x-admin-token': token },
    });
    expect(out.statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(adminTokens)
        .where(eq(adminTokens.tokenHash, sha256(token))),
    ).toHaveLength(0);
  });

  it('rotates the session id of a browser that was signed in', async () => {
    const dev = await t.app.inject({
      method: 'POST',
      url: '/api/dev-login',
      remoteAddress: freshIp(),
      payload: { userId: 'devuser', password: 'devpass123' },
    });
    const before = sessionCookieOf(dev);
    const res = await adminLogin({ email: TEST_ADMIN.email, adminKey: TEST_ADMIN.key }, { cookie: before });
    const after = sessionCookieOf(res);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const who = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/api/dev-auth/user', headers: cookie ? { cookie } : {} });
    expect((await who(before)).statusCode).toBe(401);
    expect((await who(after)).json()).toEqual({ userId: 'devuser' });
  });

  it('locks the admin e-mail for the address that failed 5 times, even with the right key; not elsewhere', async () => {
    // A fresh app (same database): its rate-limit counters have not seen the failures of the tests above.
    const app = await buildApp({ env: t.env, database: t.database, mailer: { send: async () => {} }, logger: false });
    const stranger = freshIp();
    const attempt = (adminKey: string, ip = stranger) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: ip,
        payload: { email: TEST_ADMIN.email, adminKey },
      });
    try {
      for (let i = 0; i < 5; i += 1) expect((await attempt(`wrong-key-${i}`)).statusCode).toBe(401);
      const locked = await attempt(TEST_ADMIN.key);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt(TEST_ADMIN.key, freshIp())).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  describe('GET /api/config', () => {
    it('never shows the admin key without DEMO_MODE', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ demoMode: false, googleEnabled: false });
      expect(res.payload).not.toContain(TEST_ADMIN.key);
    });

    it('shows the demo admin e-mail and key with DEMO_MODE=true (docs/product.md#admin-login)', async () => {
      const env = parseEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DEMO_MODE: 'true',
        ADMIN_EMAIL: TEST_ADMIN.email,
        ADMIN_KEY: TEST_ADMIN.key,
        DEV_USERS: TEST_DEV_USERS,
      });
      const app = await buildApp({ env, database: t.database, mailer: { send: async () => {} }, logger: false });
      try {
        const res = await app.inject({ method: 'GET', url: '/api/config' });
        expect(res.json()).toEqual({
          demoMode: true,
          googleEnabled: false,
          demoAdmin: { email: TEST_ADMIN.email, key: TEST_ADMIN.key },
        });
      } finally {
        await app.close();
      }
    });
  });

  it('refuses every admin login when no admin is configured', async () => {
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const app = await buildApp({ env, database: t.database, mailer: { send: async () => {} }, logger: false });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: TEST_ADMIN.email, adminKey: TEST_ADMIN.key },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
