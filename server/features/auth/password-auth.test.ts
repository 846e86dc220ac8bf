import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index';
import { sha256 } from '../../lib/tokens';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { freshIp, GOOD_PASSWORD, sessionCookieOf, uniqueEmail } from './auth-fixtures';

describe('e-mail and password sign-in', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // With the session cache on: a reset must also end sessions this instance has cached.
    t = await createTestApp({ SMTP_URL: smtp.url, SESSION_CACHE_SECONDS: '30' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (
    url: string,
    payload: unknown,
    options: { ip?: string; cookie?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: options.ip ?? freshIp(),
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
      payload: payload as object,
    });

  const me = (cookie: string | undefined) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });

  async function register(email = uniqueEmail('reg'), password = GOOD_PASSWORD) {
    const res = await post('/api/auth/register', { email, password, firstName: 'Reg', lastName: 'Istered' });
    expect(res.statusCode).toBe(201);
    return { email, password, res, cookie: sessionCookieOf(res), id: res.json<{ id: string }>().id };
  }

  describe('POST /api/auth/register', () => {
    it('creates a password account with an argon2id hash and signs it in', async () => {
      const email = uniqueEmail('new');
      const res = await post('/api/auth/register', {
        email: `  ${email}  `,
        password: GOOD_PASSWORD,
        firstName: ' Nora ',
        lastName: 'New',
      });
      expect(res.statusCode).toBe(201);
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual([
        'authProvider',
        'createdAt',
        'email',
        'emailConfirmed',
        'firstName',
        'id',
        'isAdmin',
        'lastName',
        'profileImageUrl',
        'updatedAt',
      ]);
      expect(body).toMatchObject({
        email,
        firstName: 'Nora',
        lastName: 'New',
        authProvider: 'password',
        isAdmin: false,
      });
      const cookie = res.cookies.find((c) => c.name === 'pr_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect((await me(sessionCookieOf(res))).json()).toMatchObject({ id: body.id, email });

      const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.emailVerified).toBe(false);
    });

    it('answers 409 "Email already registered" for a taken e-mail, whatever its case', async () => {
      const { email } = await register();
      const res = await post('/api/auth/register', {
        email: email.toUpperCase(),
        password: GOOD_PASSWORD,
        firstName: 'Again',
        lastName: 'Again',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Email already registered', code: 'email_taken' });
    });

    it.each([
      ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
      ['firstName', { firstName: '   ' }, 'First name is required'],
      ['lastName', { lastName: '' }, 'Last name is required'],
      // Too long is not missing: the message names the limit.
      ['firstName', { firstName: 'F'.repeat(300) }, 'First name must be at most 100 characters'],
      ['lastName', { lastName: 'L'.repeat(101) }, 'Last name must be at most 100 characters'],
      ['password', { password: 'Ab1' }, 'Password must be at least 8 characters'],
      ['password', { password: 'abcdefg1' }, 'Password must contain at least one uppercase letter'],
      ['password', { password: 'ABCDEFG1' }, 'Password must contain at least one lowercase letter'],
      ['password', { password: 'Abcdefgh' }, 'Password must contain at least one number'],
    ])('refuses a bad %s with the docs/product.md#validation-messages message', async (path, change, message) => {
      const res = await post('/api/auth/register', {
        email: uniqueEmail('bad'),
        password: GOOD_PASSWORD,
        firstName: 'Bad',
        lastName: 'Input',
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, code: 'validation_failed', errors: [{ path, message }] });
    });

    it('reports every missing field, and refuses unknown fields', async () => {
      const empty = await post('/api/auth/register', {});
      expect(empty.statusCode).toBe(400);
      const paths = empty.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);
      expect(paths).toEqual(expect.arrayContaining(['email', 'password', 'firstName', 'lastName']));

      const extra = await post('/api/auth/register', {
        email: uniqueEmail('extra'),
        password: GOOD_PASSWORD,
        firstName: 'A',
        lastName: 'B',
        isAdmin: true,
      });
      expect(extra.statusCode).toBe(400);
      expect(extra.json()).toEqual({
        message: 'Unknown field: isAdmin',
        code: 'validation_failed',
        errors: [{ path: 'isAdmin', message: 'Unknown field: isAdmin' }],
      });
    });

    it('replaces a session the browser already had (new id, old row deleted)', async () => {
      const first = await register();
      const second = await post(
        '/api/auth/register',
        { email: uniqueEmail('second'), password: GOOD_PASSWORD, firstName: 'S', lastName: 'S' },
        { cookie: first.cookie },
      );
      expect(second.statusCode).toBe(201);
      expect(sessionCookieOf(second)).not.toBe(first.cookie);
      expect((await me(first.cookie)).statusCode).toBe(401);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with the right password, rotating any earlier session id', async () => {
      const account = await register();
      const res = await post(
        '/api/auth/login',
        { email: account.email.toUpperCase(), password: account.password },
        { cookie: account.cookie },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: account.id, email: account.email, authProvider: 'password' });
      const cookie = sessionCookieOf(res);
      expect(cookie).toBeDefined();
      expect(cookie).not.toBe(account.cookie);
      expect((await me(cookie)).json()).toMatchObject({ id: account.id });
      expect((await me(account.cookie)).statusCode).toBe(401);
    });

    it('says the same thing for a wrong password, an unknown e-mail and a password-less account', async () => {
      const account = await register();
      const googleOnly = uniqueEmail('google-only');
      await t.database.db.insert(users).values({ email: googleOnly, authProvider: 'google', googleId: googleOnly });
      const answers = await Promise.all([
        post('/api/auth/login', { email: account.email, password: 'Wrong-Password-1' }),
        post('/api/auth/login', { email: uniqueEmail('nobody'), password: 'Wrong-Password-1' }),
        post('/api/auth/login', { email: googleOnly, password: 'Wrong-Password-1' }),
      ]);
      for (const res of answers) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
        expect(sessionCookieOf(res)).toBeUndefined();
      }
    });

    it('spends about the same time whether or not the e-mail exists', async () => {
      const account = await register();
      const timed = async (email: string) => {
        const started = performance.now();
        await post('/api/auth/login', { email, password: 'Wrong-Password-1' });
        return performance.now() - started;
      };
      const median = (values: number[]) => values.sort((a, b) => a - b)[2];
      const known: number[] = [];
      const unknown: number[] = [];
      // Five of each, interleaved (five failures stay within the account's budget).
      for (let i = 0; i < 5; i += 1) {
        known.push(await timed(account.email));
        unknown.push(await timed(uniqueEmail('ghost')));
      }
      // Both run one argon2id verification; skipping it would make the unknown case many times faster.
      expect(median(unknown)).toBeGreaterThan(median(known) / 4);
    });

    it.each([
      [{ email: 'nope', password: 'x' }, 'email', 'Please enter a valid email address'],
      [{ email: 'a@example.com', password: '' }, 'password', 'Password is required'],
      [{ email: 'a@example.com' }, 'password', 'Password is required'],
    ])('refuses %j with the docs/product.md#validation-messages message', async (payload, path, message) => {
      const res = await post('/api/auth/login', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, code: 'validation_failed', errors: [{ path, message }] });
    });

    it('locks an account for the address that failed 5 times, before checking even the right password; the owner elsewhere gets in', async () => {
      const account = await register();
      const stranger = freshIp();
      for (let i = 0; i < 5; i += 1) {
        const res = await post(
          '/api/auth/login',
          { email: account.email, password: `Wrong-${i}-Password` },
          { ip: stranger },
        );
        expect(res.statusCode).toBe(401);
      }
      const locked = await post(
        '/api/auth/login',
        { email: ` ${account.email.toUpperCase()} `, password: account.password },
        { ip: stranger },
      );
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(locked.json()).toEqual({
        message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/) as unknown,
        code: 'rate_limited',
      });
      expect(sessionCookieOf(locked)).toBeUndefined();
      // The owner, from another address, is not locked out by a stranger.
      expect((await post('/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(
        200,
      );
      // Another account is unaffected.
      const other = await register();
      expect((await post('/api/auth/login', { email: other.email, password: other.password })).statusCode).toBe(200);
    });

    it('successful sign-ins do not use up the account budget', async () => {
      const account = await register();
      for (let i = 0; i < 7; i += 1) {
        expect((await post('/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(
          200,
        );
      }
    });

    it('limits each address to 30 attempts a minute, and X-Forwarded-For cannot dodge it', async () => {
      const ip = freshIp();
      for (let i = 0; i < 30; i += 1) {
        const res = await post('/api/auth/login', {}, { ip, headers: { 'x-forwarded-for': `203.0.113.${i}` } });
        expect(res.statusCode).toBe(400);
      }
      const limited = await post('/api/auth/login', {}, { ip, headers: { 'x-forwarded-for': '198.51.100.7' } });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({
        message: expect.stringMatching(/^Too many attempts/) as unknown,
        code: 'rate_limited',
      });
      // A different address is still served.
      expect((await post('/api/auth/login', {}, { ip: freshIp() })).statusCode).toBe(400);
    });
  });

  describe('forgot and reset password', () => {
    const resetLinkFor = async (email: string, after = 0) => {
      const mail = await smtp.waitForMail(
        (m) => m.to.includes(email) && m.text.includes('/reset-password?token=') && smtp.messages.indexOf(m) >= after,
      );
      const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
      expect(link).toBeDefined();
      return new URL(link ?? '');
    };

    it('answers known and unknown e-mails identically, mailing a PUBLIC_URL link only to the known one', async () => {
      const account = await register();
      const stranger = uniqueEmail('stranger');
      const known = await post(
        '/api/auth/forgot-password',
        { email: account.email },
        { headers: { host: 'evil.example' } },
      );
      const unknown = await post(
        '/api/auth/forgot-password',
        { email: stranger },
        { headers: { host: 'evil.example' } },
      );
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
      expect(unknown.payload).toBe(known.payload);

      const link = await resetLinkFor(account.email);
      expect(link.origin).toBe('http://localhost:5000');
      expect(link.pathname).toBe('/reset-password');
      const token = link.searchParams.get('token') ?? '';
      // At least 128 random bits (base64url: 6 bits a character).
      expect(token.length * 6).toBeGreaterThanOrEqual(128);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
      expect(row.passwordResetToken).toBe(sha256(token));
      expect(row.passwordResetToken).not.toContain(token);
      const minutes = ((row.passwordResetExpires?.getTime() ?? 0) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(29);
      expect(minutes).toBeLessThanOrEqual(30);

      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.messages.some((m) => m.to.includes(stranger))).toBe(false);
    });

    it('resets the password once, ending every session of the user', async () => {
      const account = await register();
      const otherDevice = sessionCookieOf(
        await post('/api/auth/login', { email: account.email, password: account.password }),
      );
      expect((await me(otherDevice)).statusCode).toBe(200);

      const before = smtp.messages.length;
      await post('/api/auth/forgot-password', { email: account.email });
      const token = (await resetLinkFor(account.email, before)).searchParams.get('token') ?? '';

      const res = await post('/api/auth/reset-password', { token, password: 'Brand-New-Pass-2' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: expect.stringContaining('password has been reset') as unknown });
      expect((await me(account.cookie)).statusCode).toBe(401);
      expect((await me(otherDevice)).statusCode).toBe(401);
      expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(0);

      expect((await post('/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(
        401,
      );
      expect((await post('/api/auth/login', { email: account.email, password: 'Brand-New-Pass-2' })).statusCode).toBe(
        200,
      );

      const again = await post('/api/auth/reset-password', { token, password: 'Another-Pass-3' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        message: 'This reset link is invalid or has expired. Please request a new one.',
        code: 'reset_token_invalid',
      });
      const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
      expect(row).toMatchObject({ passwordResetToken: null, passwordResetExpires: null, emailVerified: true });
    });

    it('refuses an expired token and a superseded one', async () => {
      const account = await register();
      let before = smtp.messages.length;
      await post('/api/auth/forgot-password', { email: account.email });
      const first = (await resetLinkFor(account.email, before)).searchParams.get('token') ?? '';
      before = smtp.messages.length;
      await post('/api/auth/forgot-password', { email: account.email });
      const second = (await resetLinkFor(account.email, before)).searchParams.get('token') ?? '';

      expect((await post('/api/auth/reset-password', { token: first, password: 'Newer-Pass-44' })).statusCode).toBe(
        400,
      );

      await t.database.db
        .update(users)
        .set({ passwordResetExpires: new Date(Date.now() - 1000) })
        .where(eq(users.id, account.id));
      const expired = await post('/api/auth/reset-password', { token: second, password: 'Newer-Pass-44' });
      expect(expired.statusCode).toBe(400);
      expect((await post('/api/auth/login', { email: account.email, password: account.password })).statusCode).toBe(
        200,
      );
    });

    it.each([
      [{ password: 'Valid-Pass-1' }, 'token', 'Reset token is required'],
      [{ token: '  ', password: 'Valid-Pass-1' }, 'token', 'Reset token is required'],
      [{ token: 'abc', password: 'Sh0rt' }, 'password', 'Password must be at least 8 characters'],
      [{ token: 'abc', password: 'nouppercase1' }, 'password', 'Password must contain at least one uppercase letter'],
    ])('reset refuses %j with the docs/product.md#validation-messages message', async (payload, path, message) => {
      const res = await post('/api/auth/reset-password', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, code: 'validation_failed', errors: [{ path, message }] });
    });

    it('forgot-password needs a valid e-mail', async () => {
      const res = await post('/api/auth/forgot-password', { email: 'nope' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Please enter a valid email address' });
    });

    it('sends at most 3 reset mails an hour to one address, answering unknown ones the same way', async () => {
      const account = await register();
      for (const email of [account.email, uniqueEmail('unknown-limit')]) {
        for (let i = 0; i < 3; i += 1)
          expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
        const limited = await post('/api/auth/forgot-password', { email });
        expect(limited.statusCode).toBe(429);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      }
    });
  });
});
