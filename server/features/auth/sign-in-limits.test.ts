import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import type * as PasswordModule from '../../lib/password';
import { createMemoryLimitStore, createRedisLimitStore, type LimitStore } from '../../lib/limit-store';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app';
import { GOOD_PASSWORD, sessionCookieOf, uniqueEmail } from './auth-fixtures';
import { DEVICE_COOKIE } from './device-cookie';

// Counts the password checks (argon2 verifications) the server runs, without changing what they answer.
const passwordChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../lib/password', async (importOriginal) => {
  const original = await importOriginal<typeof PasswordModule>();
  return {
    ...original,
    verifyPassword: async (...args: Parameters<typeof original.verifyPassword>) => {
      passwordChecks.count += 1;
      return original.verifyPassword(...args);
    },
  };
});

let nextAddress = 1;
/** A client address of its own (TRUST_PROXY lets X-Forwarded-For name it). */
const address = () => `198.18.${Math.floor(nextAddress / 250) % 250}.${(nextAddress++ % 250) + 1}`;

/**
 * The suite runs on the in-process store, and also on Redis when REDIS_URL is set (CI does), with a key prefix
 * of its own so runs never share counters.
 */
const stores: [string, () => Promise<LimitStore>][] = [['memory', async () => createMemoryLimitStore()]];
const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  stores.push([
    'Redis',
    () => createRedisLimitStore(redisUrl, { prefix: `pr:test:${randomBytes(6).toString('hex')}:` }),
  ]);
}

/** A new password account, registered from an address of its own; its e-mail. */
async function registerAccount(app: TestApp['app'], label: string): Promise<string> {
  const email = uniqueEmail(label);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { 'x-forwarded-for': address() },
    payload: { email, password: GOOD_PASSWORD, firstName: 'Lim', lastName: 'Its' },
  });
  expect(res.statusCode).toBe(201);
  return email;
}

describe.each(stores)('sign-in limits on the %s store', (_name, openStore) => {
  let t: TestApp;
  let store: LimitStore;
  beforeAll(async () => {
    store = await openStore();
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' }, { limitStore: store });
  });
  afterAll(async () => {
    await t.close();
    await store.close();
  });
  beforeEach(() => {
    passwordChecks.count = 0;
  });

  const login = (email: string, password: string, ip = address()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': ip },
      payload: { email, password },
    });

  const account = () => registerAccount(t.app, 'limits');

  it('20 wrong passwords from one address lock that address only: the owner elsewhere signs in', async () => {
    const email = await account();
    const stranger = address();
    const answers = [];
    for (let i = 0; i < 20; i += 1) answers.push((await login(email, `Wrong-${i}-Pass`, stranger)).statusCode);
    expect(answers.filter((status) => status === 401)).toHaveLength(5);
    expect(answers.filter((status) => status === 429)).toHaveLength(15);
    expect((await login(email, GOOD_PASSWORD, stranger)).statusCode).toBe(429);
    const owner = await login(email, GOOD_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(sessionCookieOf(owner)).toBeDefined();
  });

  /** The `Cookie` header for the device cookie an answer set. */
  const deviceCookieOf = (res: Awaited<ReturnType<typeof login>>) => {
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 365 * 24 * 60 * 60 });
    return `${DEVICE_COOKIE}=${cookie?.value}`;
  };
  const loginWith = (email: string, password: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
      payload: { email, password },
    });

  it("30 wrong passwords from 30 addresses do not lock out the owner's browser that signed in before", async () => {
    const email = await account();
    const home = address();
    const known = deviceCookieOf(await loginWith(email, GOOD_PASSWORD, home));
    const strangers = [];
    for (let i = 0; i < 30; i += 1) strangers.push((await login(email, `Wrong-${i}-Pass`)).statusCode);
    expect(strangers).toEqual(strangers.map(() => 401));
    expect((await login(email, GOOD_PASSWORD)).statusCode).toBe(429);
    // The account-wide limit still stands against any browser the account has not signed in from, even at home.
    expect((await loginWith(email, GOOD_PASSWORD, home)).statusCode).toBe(429);
    const owner = await loginWith(email, GOOD_PASSWORD, home, known);
    expect(owner.statusCode).toBe(200);
    expect(sessionCookieOf(owner)).toBeDefined();
    // Its next sign-in, with the renewed cookie, gets in too.
    expect((await loginWith(email, GOOD_PASSWORD, home, deviceCookieOf(owner))).statusCode).toBe(200);
  });

  it('a device cookie vouches only for its own account, and a stolen one gets 5 guesses', async () => {
    const [email, other] = [await account(), await account()];
    const known = deviceCookieOf(await loginWith(other, GOOD_PASSWORD, address()));
    for (let i = 0; i < 30; i += 1) await login(email, `Wrong-${i}-Pass`);
    expect((await loginWith(email, GOOD_PASSWORD, address(), known)).statusCode).toBe(429);
    expect(
      (await loginWith(email, GOOD_PASSWORD, address(), `${DEVICE_COOKIE}=forged.${'0'.repeat(64)}`)).statusCode,
    ).toBe(429);

    const stolen = deviceCookieOf(await loginWith(other, GOOD_PASSWORD, address()));
    for (let i = 0; i < 30; i += 1) await login(other, `Wrong-${i}-Pass`);
    const guesses = [];
    for (let i = 0; i < 8; i += 1)
      guesses.push((await loginWith(other, `Guess-${i}-Pass`, address(), stolen)).statusCode);
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // Spent, the cookie is any other browser for the rest of its window: the account's own limit refuses it.
    expect((await loginWith(other, GOOD_PASSWORD, address(), stolen)).statusCode).toBe(429);
  });

  it('remembers the browser that made the account and each kind of sign-in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-forwarded-for': address() },
      payload: { email: uniqueEmail('device'), password: GOOD_PASSWORD, firstName: 'Dev', lastName: 'Ice' },
    });
    expect(res.statusCode).toBe(201);
    deviceCookieOf(res);
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'x-forwarded-for': address() },
      payload: { email: TEST_ADMIN.email, adminKey: TEST_ADMIN.key },
    });
    expect(admin.statusCode).toBe(200);
    deviceCookieOf(admin);
    const developer = await t.app.inject({
      method: 'POST',
      url: '/api/dev-login',
      headers: { 'x-forwarded-for': address() },
      payload: { userId: 'devuser', password: 'devpass123' },
    });
    expect(developer.statusCode).toBe(200);
    deviceCookieOf(developer);
  });

  it('20 wrong admin keys from one address do not lock the admin out from another', async () => {
    const stranger = address();
    const adminLogin = (adminKey: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { 'x-forwarded-for': ip },
        payload: { email: TEST_ADMIN.email, adminKey },
      });
    for (let i = 0; i < 20; i += 1) expect([401, 429]).toContain((await adminLogin(`wrong-${i}`, stranger)).statusCode);
    expect((await adminLogin(TEST_ADMIN.key, stranger)).statusCode).toBe(429);
    expect((await adminLogin(TEST_ADMIN.key, address())).statusCode).toBe(200);
  });

  it('20 wrong developer passwords from one address do not lock the developer out from another', async () => {
    const stranger = address();
    const devLogin = (password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/dev-login',
        headers: { 'x-forwarded-for': ip },
        payload: { userId: 'devuser', password },
      });
    for (let i = 0; i < 20; i += 1) expect([401, 429]).toContain((await devLogin(`wrong-${i}`, stranger)).statusCode);
    expect((await devLogin('devpass123', stranger)).statusCode).toBe(429);
    expect((await devLogin('devpass123', address())).statusCode).toBe(200);
  });

  it('100 parallel wrong passwords from one address get at most 5 password checks', async () => {
    const email = await account();
    passwordChecks.count = 0;
    const ip = address();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(email, `Wrong-${i}-Pass`, ip)));
    // The address's own limit (30 a minute) may refuse the burst before the account budget does.
    expect(passwordChecks.count).toBeLessThanOrEqual(5);
    expect(answers.filter((res) => res.statusCode === 429).length).toBeGreaterThanOrEqual(95);
    expect(answers.some((res) => res.statusCode === 200)).toBe(false);
    // Within the address limit, exactly the account-and-address budget is checked.
    const other = await account();
    passwordChecks.count = 0;
    const ip2 = address();
    const within = await Promise.all(Array.from({ length: 25 }, (_, i) => login(other, `Wrong-${i}-Pass`, ip2)));
    expect(passwordChecks.count).toBe(5);
    expect(within.filter((res) => res.statusCode === 401)).toHaveLength(5);
    expect(within.filter((res) => res.statusCode === 429)).toHaveLength(20);
  });

  it('100 parallel wrong passwords from 100 addresses get no more checks than the account allows', async () => {
    const email = await account();
    passwordChecks.count = 0;
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(email, `Wrong-${i}-Pass`)));
    expect(passwordChecks.count).toBe(30);
    expect(answers.filter((res) => res.statusCode === 401)).toHaveLength(30);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(70);
  });

  it('a right password hidden among 50 parallel guesses from many addresses does not get in once the budget is spent', async () => {
    const email = await account();
    for (let i = 0; i < 30; i += 1) expect((await login(email, `Wrong-${i}-Pass`)).statusCode).toBe(401);
    passwordChecks.count = 0;
    const guesses = Array.from({ length: 50 }, (_, i) => (i === 25 ? GOOD_PASSWORD : `Guess-${i}-Pass`));
    const answers = await Promise.all(guesses.map((password) => login(email, password)));
    expect(answers.map((res) => res.statusCode)).toEqual(guesses.map(() => 429));
    expect(passwordChecks.count).toBe(0);
  });
});

describe('the in-process store cannot be flushed', () => {
  it('keeps a lock through 150,000 junk counters at its real bound', async () => {
    const store = createMemoryLimitStore();
    const lock = { key: 'signin:password:victim@example.com:ip:203.0.113.9', max: 5, windowMs: 15 * 60_000 };
    for (let i = 0; i < 5; i += 1) expect((await store.take([lock])).allowed).toBe(true);
    expect((await store.take([lock])).allowed).toBe(false);
    for (let i = 0; i < 150_000; i += 1) {
      await store.take([{ key: `signin:password:junk-${i}@example.com:ip:10.0.0.1`, max: 5, windowMs: 15 * 60_000 }]);
    }
    expect((await store.take([lock])).allowed).toBe(false);
  });

  it('keeps a sign-in lock through a flood of junk failed logins', async () => {
    const store = createMemoryLimitStore({ maxEntries: 60 });
    const t = await createTestApp({ TRUST_PROXY: '127.0.0.1' }, { limitStore: store });
    try {
      const login = (email: string, password: string, ip: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          headers: { 'x-forwarded-for': ip },
          payload: { email, adminKey: password },
        });
      for (let i = 0; i < 5; i += 1) await login(TEST_ADMIN.email, `wrong-${i}`, '203.0.113.1');
      expect((await login(TEST_ADMIN.email, TEST_ADMIN.key, '203.0.113.1')).statusCode).toBe(429);
      // Each junk attempt makes three counters: far more than the store holds.
      for (let i = 0; i < 120; i += 1) await login(`junk-${i}@example.com`, 'x', `203.0.114.${i}`);
      expect((await login(TEST_ADMIN.email, TEST_ADMIN.key, '203.0.113.1')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!redisUrl)('sign-in limits shared by two instances through Redis', () => {
  const prefix = `pr:test:${randomBytes(6).toString('hex')}:`;
  let t: TestApp;
  let firstStore: LimitStore;
  let secondStore: LimitStore;
  let second: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    // Each instance has its own connection to Redis, as separate processes would.
    [firstStore, secondStore] = await Promise.all([
      createRedisLimitStore(redisUrl ?? '', { prefix }),
      createRedisLimitStore(redisUrl ?? '', { prefix }),
    ]);
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' }, { limitStore: firstStore });
    second = await buildApp({ env: t.env, database: t.database, limitStore: secondStore, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    await Promise.all([firstStore.close(), secondStore.close()]);
  });

  it('counts wrong passwords split across both instances against the one budget', async () => {
    const email = await registerAccount(t.app, 'shared');
    const ip = address();
    const loginOn = (app: typeof second, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': ip },
        payload: { email, password },
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push((await loginOn(attempt % 2 === 0 ? t.app : second, 'Wrong-Password-1')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The sixth try from that address is refused on either instance, even with the right password.
    expect((await loginOn(second, GOOD_PASSWORD)).statusCode).toBe(429);
    expect((await loginOn(t.app, GOOD_PASSWORD)).statusCode).toBe(429);
  });
});
