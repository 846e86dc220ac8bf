import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import type { App } from '../../deps';
import { createTestApp, type TestApp } from '../../test/test-app';
import { deleteAccount, member, signInAgain } from './account-fixtures';

/**
 * Two instances on one PostgreSQL, each caching sessions for a minute: an account erased on one is signed out on the
 * other within a second (the cluster events a sign-out everywhere uses), not when the other's cache lets go.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('an erased account across instances', () => {
  let t: TestApp;
  let second: App;
  const instance = async (database: Database) => {
    const app = await buildApp({
      env: { ...t.env, SESSION_CACHE_SECONDS: 60 },
      database,
      mailer: { send: async () => undefined },
      logger: false,
    });
    await app.ready();
    return app;
  };
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_SECONDS: '60' });
    second = await instance(t.database);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const me = (app: App, cookie: string) => app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const refusedWithinASecond = async (cookie: string) => {
    const deadline = Date.now() + 1000;
    let status = (await me(second, cookie)).statusCode;
    while (status !== 401 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await me(second, cookie)).statusCode;
    }
    return status;
  };

  it('refuses on the other instance, within a second, every session of the erased account', async () => {
    const ida = await member(t, 'Ida', 'Instance');
    const other = await signInAgain(t, ida);
    // The second instance has both sessions in its cache.
    expect((await me(second, ida.cookie)).statusCode).toBe(200);
    expect((await me(second, other)).statusCode).toBe(200);

    const res = await deleteAccount(t, ida.cookie, { confirm: 'DELETE', password: ida.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(await refusedWithinASecond(ida.cookie)).toBe(401);
    expect(await refusedWithinASecond(other)).toBe(401);
  });
});
