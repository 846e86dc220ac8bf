import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import type { App } from '../deps';
import { freshIp, GOOD_PASSWORD, sessionCookieOf, uniqueEmail } from '../features/auth/auth-fixtures';
import type { Mail } from '../lib/mailer';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Two instances on one PostgreSQL, each caching sessions for a minute: what ends a session on one is
 * refused on the other within a second (cluster events over LISTEN/NOTIFY), not after the cache time.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('sessions across instances', () => {
  let t: TestApp;
  let first: App;
  let second: App;
  const mail: Mail[] = [];
  const instance = async (database: Database) => {
    const env = { ...t.env, SESSION_CACHE_SECONDS: 60 };
    const app = await buildApp({ env, database, mailer: { send: async (m) => void mail.push(m) }, logger: false });
    await app.ready();
    return app;
  };
  beforeAll(async () => {
    t = await createTestApp();
    [first, second] = await Promise.all([instance(t.database), instance(t.database)]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    await t.close();
  });

  const signUp = async () => {
    const email = uniqueEmail('instances');
    const res = await first.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: freshIp(),
      payload: { email, password: GOOD_PASSWORD, firstName: 'Ina', lastName: 'Stance' },
    });
    return { email, cookie: sessionCookieOf(res) ?? '' };
  };
  const me = (app: App, cookie: string) => app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  /** Status of the second instance's answer once it changes, or after a second. */
  const secondAnswersWithinASecond = async (cookie: string, expected: number) => {
    const deadline = Date.now() + 1000;
    let status = (await me(second, cookie)).statusCode;
    while (status !== expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await me(second, cookie)).statusCode;
    }
    return status;
  };

  it('refuses on the other instance, within a second, a session signed out on one', async () => {
    const { cookie } = await signUp();
    expect((await me(second, cookie)).statusCode).toBe(200);
    const out = await first.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(302);
    expect(await secondAnswersWithinASecond(cookie, 401)).toBe(401);
  });

  it('refuses on the other instance, within a second, every session ended by a password reset', async () => {
    const { email, cookie } = await signUp();
    expect((await me(second, cookie)).statusCode).toBe(200);
    await first.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: freshIp(),
      payload: { email },
    });
    const resetMail = mail.find((m) => m.to.includes(email) && m.text.includes('/reset-password?token='));
    const token = /reset-password\?token=([\w-]+)/.exec(resetMail?.text ?? '')?.[1] ?? '';
    const reset = await first.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: freshIp(),
      payload: { token, password: 'Brand-New-Pass-2' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await secondAnswersWithinASecond(cookie, 401)).toBe(401);
  });

  it('shows the other instance, within a second, an e-mail confirmed on one', async () => {
    const { email, cookie } = await signUp();
    expect((await me(second, cookie)).json()).toMatchObject({ emailConfirmed: false });
    const confirmation = mail.find((m) => m.to.includes(email) && m.text.includes('/api/auth/confirm-email'));
    const link = new URL(/https?:\/\/\S+\/api\/auth\/confirm-email\S*/.exec(confirmation?.text ?? '')?.[0] ?? '');
    const opened = await first.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(302);
    const deadline = Date.now() + 1000;
    let confirmed = false;
    while (!confirmed && Date.now() < deadline) {
      confirmed = (await me(second, cookie)).json<{ emailConfirmed: boolean }>().emailConfirmed;
      if (!confirmed) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(confirmed).toBe(true);
  });
});
