import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { sha256 } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createMemoryLimitStore } from '../../lib/limit-store';
import {
  confirmationLinkMailedTo,
  freshIp,
  GOOD_PASSWORD,
  sessionCookieOf,
  signUpWithPassword,
  uniqueEmail,
} from './auth-fixtures';
import { DEVELOPER_EMAIL_DOMAIN } from './developer-auth.service';

const UNCONFIRMED = { message: 'Please confirm your e-mail address first', code: 'email_unconfirmed' };

describe('e-mail confirmation for password accounts', () => {
  let t: TestApp;
  let demo: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    demo = await createTestApp({ DEMO_MODE: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await demo.close();
  });

  async function signUp(app: TestApp = t, email = uniqueEmail('confirm')) {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: freshIp(),
      payload: { email, password: GOOD_PASSWORD, firstName: 'Cora', lastName: 'Confirm' },
    });
    expect(res.statusCode).toBe(201);
    return { email, res, cookie: sessionCookieOf(res) ?? '' };
  }

  const linkMailedTo = (app: TestApp, email: string) => confirmationLinkMailedTo(app.sentMail, email);

  const open = (app: TestApp, link: URL) =>
    app.app.inject({ method: 'GET', url: `${link.pathname}${link.search}`, remoteAddress: freshIp() });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('limits the links opened from one address as sign-in is: the 31st in a minute is 429 {message}', async () => {
    const ip = freshIp();
    const openFrom = (address: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/confirm-email?token=guessed-token', remoteAddress: address });
    for (let i = 0; i < 30; i += 1) expect((await openFrom(ip)).statusCode).toBe(302);
    const refused = await openFrom(ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/^Too many attempts/);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await openFrom(freshIp())).statusCode).toBe(302);
  });

  it('mails a single-use link from PUBLIC_URL on sign-up, storing only its hash', async () => {
    const { email, res } = await signUp();
    expect(res.json()).toMatchObject({ email, emailConfirmed: false });
    expect(res.json()).not.toHaveProperty('confirmationUrl');
    const link = linkMailedTo(t, email);
    expect(link.origin).toBe('http://localhost:5000');
    const token = link.searchParams.get('token') ?? '';
    // 32 random bytes, base64url: 256 bits.
    expect(token).toMatch(/^[\w-]{43}$/);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row.emailConfirmationToken).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.emailConfirmationExpires!.getTime() - Date.now()).toBeGreaterThan(23.9 * 60 * 60 * 1000);
  });

  it('lets an unconfirmed account sign in and read, and refuses every action that speaks for its e-mail', async () => {
    const { email, cookie } = await signUp();
    expect((await call('GET', '/api/auth/user', cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/my-ratings', cookie)).statusCode).toBe(200);
    const refused = [
      await call('POST', '/api/players', cookie, {
        firstName: 'Cora',
        lastName: 'Confirm',
        email,
        skillLevel: '3.0',
        location: 'Austin, TX',
      }),
      await call('POST', '/api/players/1/match-request', cookie, {}),
      await call('POST', '/api/ratings', cookie, {}),
      await call('PUT', '/api/ratings/1', cookie, {}),
      await call('POST', '/api/ratings/1/helpfulness', cookie, { helpfulnessScore: 5 }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(UNCONFIRMED);
    }
  });

  it('confirms when the link is opened, from any browser, without signing anyone in', async () => {
    const { email, cookie } = await signUp();
    const res = await open(t, linkMailedTo(t, email));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?emailConfirmed=1');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await call('GET', '/api/auth/user', cookie)).json()).toMatchObject({ emailConfirmed: true });
    const registered = await call('POST', '/api/players', cookie, {
      firstName: 'Cora',
      lastName: 'Confirm',
      email,
      skillLevel: '3.0',
      location: 'Austin, TX',
    });
    expect(registered.statusCode).toBe(201);
  });

  it('uses a link once, and not after 24 hours', async () => {
    const first = await signUp();
    const link = linkMailedTo(t, first.email);
    expect((await open(t, link)).headers.location).toBe('/?emailConfirmed=1');
    expect((await open(t, link)).headers.location).toBe('/?emailConfirmed=invalid');

    const second = await signUp();
    await t.database.db
      .update(users)
      .set({ emailConfirmationExpires: new Date(Date.now() - 1000) })
      .where(eq(users.email, second.email));
    expect((await open(t, linkMailedTo(t, second.email))).headers.location).toBe('/?emailConfirmed=invalid');
    expect((await call('GET', '/api/auth/user', second.cookie)).json()).toMatchObject({ emailConfirmed: false });
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/confirm-email?token=not-a-token' });
    expect(forged.headers.location).toBe('/?emailConfirmed=invalid');
  });

  it('resends at most one link a minute; a new link replaces the old one', async () => {
    const { email, cookie } = await signUp();
    const resend = () => t.app.inject({ method: 'POST', url: '/api/auth/confirm-email/resend', headers: { cookie } });
    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json<{ message: string }>().message).toMatch(/less than a minute ago/);

    const oldLink = linkMailedTo(t, email);
    await t.database.db
      .update(users)
      .set({ emailConfirmationSentAt: new Date(Date.now() - 61_000) })
      .where(eq(users.email, email));
    const again = await resend();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: `We sent a new link to ${email}.` });
    const newLink = linkMailedTo(t, email);
    expect(newLink.href).not.toBe(oldLink.href);
    expect((await open(t, oldLink)).headers.location).toBe('/?emailConfirmed=invalid');
    expect((await open(t, newLink)).headers.location).toBe('/?emailConfirmed=1');
    const done = await resend();
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({
      message: 'Your e-mail address is already confirmed',
      code: 'email_already_confirmed',
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email/resend' })).statusCode).toBe(401);
  });

  it('resends at most five links a day per account; a resend refused as too soon does not count', async () => {
    let clock = Date.now();
    const limited = await createTestApp({}, { limitStore: createMemoryLimitStore({ now: () => clock }) });
    try {
      const { email, cookie } = await signUpWithPassword(limited, { confirm: false });
      // Each from an address of its own: the per-address limit is tested below.
      const resend = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/confirm-email/resend',
          remoteAddress: freshIp(),
          headers: { cookie },
        });
      const aMinuteLater = () =>
        limited.database.db
          .update(users)
          .set({ emailConfirmationSentAt: new Date(Date.now() - 61_000) })
          .where(eq(users.email, email));
      expect((await resend()).statusCode).toBe(429);
      for (let i = 0; i < 5; i += 1) {
        await aMinuteLater();
        expect((await resend()).statusCode, `resend ${i + 1}`).toBe(200);
      }
      await aMinuteLater();
      const sixth = await resend();
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual({
        message: 'You have asked for 5 links today. Please check your inbox and spam folder, or try again in 24 hours.',
        code: 'rate_limited',
      });
      clock += 24 * 60 * 60 * 1000 + 1000;
      expect((await resend()).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits resends per client address, whichever account asks', async () => {
    const limited = await createTestApp();
    try {
      const ip = freshIp();
      const statuses: number[] = [];
      let last = { email: '', mailsBefore: 0, message: '' };
      for (let i = 0; i < 11; i += 1) {
        const { email, cookie } = await signUpWithPassword(limited, { confirm: false });
        await limited.database.db
          .update(users)
          .set({ emailConfirmationSentAt: new Date(Date.now() - 61_000) })
          .where(eq(users.email, email));
        const mailsBefore = limited.sentMail.length;
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/confirm-email/resend',
          remoteAddress: ip,
          headers: { cookie },
        });
        statuses.push(res.statusCode);
        last = { email, mailsBefore, message: res.json<{ message: string }>().message };
      }
      expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
      expect(last.message).toBe('Rate limit exceeded, retry in 15 minutes');
      expect(limited.sentMail.length).toBe(last.mailsBefore);
    } finally {
      await limited.close();
    }
  });

  it('shows the link in the answers only with DEMO_MODE', async () => {
    const { email, res, cookie } = await signUp(demo);
    const url = res.json<{ confirmationUrl?: string }>().confirmationUrl;
    expect(url).toBe(linkMailedTo(demo, email).href);
    await demo.database.db
      .update(users)
      .set({ emailConfirmationSentAt: new Date(Date.now() - 61_000) })
      .where(eq(users.email, email));
    const resent = await demo.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email/resend',
      headers: { cookie },
    });
    expect(resent.json<{ confirmationUrl?: string }>().confirmationUrl).toBe(linkMailedTo(demo, email).href);
  });

  it('refuses to register an e-mail in the developers’ domain', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: freshIp(),
      payload: {
        email: `devuser@${DEVELOPER_EMAIL_DOMAIN.toUpperCase()}`,
        password: GOOD_PASSWORD,
        firstName: 'Eve',
        lastName: 'Squatter',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/domain is reserved/);
  });

  it('never makes a password account at a developer’s e-mail that developer’s acting user', async () => {
    // A row registered before the domain was reserved.
    await t.database.db
      .insert(users)
      .values({ email: `devadmin@${DEVELOPER_EMAIL_DOMAIN}`, authProvider: 'password', emailVerified: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev-login',
      remoteAddress: freshIp(),
      payload: { userId: 'devadmin', password: 'devpass456' },
    });
    expect(res.statusCode).toBe(409);
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('stops the squatting attack: a password account cannot create a player with an e-mail it has not proven', async () => {
    const victim = uniqueEmail('victim');
    const squatter = await signUp(t, victim);
    const res = await call('POST', '/api/players', squatter.cookie, {
      firstName: 'Vic',
      lastName: 'Tim',
      email: victim,
      skillLevel: '3.0',
      location: 'Austin, TX',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(UNCONFIRMED);
  });
});
