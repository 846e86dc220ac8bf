import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, sessions, users } from '../../db/schema/index';
import { hmac } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../test/test-app';
import { freshIp, sessionCookieOf, signUpWithPassword, uniqueEmail } from './auth-fixtures';
import { searchColumns } from '../players/search-columns';

describe('who is signed in, and signing out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  const registered = () =>
    signUpWithPassword(t, { email: uniqueEmail('me'), confirm: false, firstName: 'Mia', lastName: 'Me' });

  describe('GET /api/auth/user', () => {
    it('answers 401 {message} when signed out, or with an unknown cookie', async () => {
      for (const cookie of [undefined, 'pr_session=not-a-real-session', `pr_session=${'x'.repeat(500)}`]) {
        const res = await get('/api/auth/user', cookie);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Authentication required', code: 'unauthenticated' });
      }
    });

    it('returns exactly the public fields of the user, never a hash or token', async () => {
      const me = await registered();
      await t.database.db
        .update(users)
        .set({ isAdmin: true, passwordResetToken: 'secret-hash', passwordSalt: 'salt', googleId: 'g-123' })
        .where(eq(users.id, me.id));
      const res = await get('/api/auth/user', me.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: me.id,
        email: me.email,
        firstName: 'Mia',
        lastName: 'Me',
        isAdmin: true,
        authProvider: 'password',
        profileImageUrl: null,
        emailConfirmed: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      });
      for (const secret of ['argon2', 'secret-hash', 'salt', 'g-123']) expect(res.payload).not.toContain(secret);
    });

    it('answers 401 once the user row is gone', async () => {
      const me = await registered();
      await t.database.db.delete(users).where(eq(users.id, me.id));
      expect((await get('/api/auth/user', me.cookie)).statusCode).toBe(401);
    });
  });

  describe('GET /api/auth/user/player', () => {
    it('answers 401 signed out and 404 without a linked player', async () => {
      expect((await get('/api/auth/user/player')).statusCode).toBe(401);
      const me = await registered();
      const res = await get('/api/auth/user/player', me.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'No player profile is linked to your account', code: 'no_linked_player' });
    });

    it('returns {player} for the player linked to the caller, and only that one', async () => {
      const me = await registered();
      const other = await registered();
      // Written as the players feature writes a player (its search columns too), with a verification code pending.
      const player = (row: { firstName: string; lastName: string; location: string }) => ({
        ...row,
        ...searchColumns(row),
      });
      const [mine] = await t.database.db
        .insert(players)
        .values({
          userId: me.id,
          ...player({ firstName: 'Mia', lastName: 'Me', location: 'Austin, TX' }),
          email: me.email,
          skillLevel: '3.5',
          verificationToken: 'hashed-code',
        })
        .returning();
      await t.database.db.insert(players).values({
        userId: other.id,
        ...player({ firstName: 'Otto', lastName: 'Other', location: 'Boise, ID' }),
        email: other.email,
        skillLevel: '4.0',
      });
      const res = await get('/api/auth/user/player', me.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        player: {
          id: mine.id,
          userId: me.id,
          firstName: 'Mia',
          lastName: 'Me',
          email: me.email,
          skillLevel: '3.5',
          yearsPlaying: null,
          location: 'Austin, TX',
          bio: null,
          isVerified: false,
          createdAt: expect.any(String) as unknown,
        },
      });
      expect(res.payload).not.toContain('hashed-code');
    });

    it('for a developer, looks up the player of the acting user', async () => {
      const dev = await t.app.inject({
        method: 'POST',
        url: '/api/dev-login',
        remoteAddress: freshIp(),
        payload: { userId: 'devuser', password: 'devpass123' },
      });
      expect((await get('/api/auth/user/player', sessionCookieOf(dev))).statusCode).toBe(404);
    });
  });

  describe('GET /api/logout', () => {
    it('deletes the session row, clears the cookie and redirects to /; a replayed cookie is signed out', async () => {
      const me = await registered();
      const token = me.cookie.split('=')[1];
      const sid = hmac(t.env.SESSION_SECRET, token);
      expect(await t.database.db.select().from(sessions).where(eq(sessions.sid, sid))).toHaveLength(1);

      const res = await t.app.inject({
        method: 'GET',
        url: '/api/logout',
        headers: { cookie: me.cookie, 'sec-fetch-site': 'same-origin' },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect(res.cookies.find((c) => c.name === 'pr_session')).toMatchObject({ value: '', path: '/' });
      expect(await t.database.db.select().from(sessions).where(eq(sessions.sid, sid))).toHaveLength(0);
      expect((await get('/api/auth/user', me.cookie)).statusCode).toBe(401);
    });

    it.each([
      ['a cross-site navigation', { 'sec-fetch-site': 'cross-site' }],
      ['a same-site (other subdomain) navigation', { 'sec-fetch-site': 'same-site' }],
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['a foreign Referer and no fetch metadata', { referer: 'https://evil.example/page' }],
      ['no fetch metadata, Origin or Referer at all', {}],
      ['an Origin that only matches the Host header', { origin: 'http://evil.example', host: 'evil.example' }],
    ])('keeps the session on %s, redirecting to /', async (_label, headers: Record<string, string>) => {
      const me = await registered();
      const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: me.cookie, ...headers } });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      expect(res.cookies.find((c) => c.name === 'pr_session')).toBeUndefined();
      expect((await get('/api/auth/user', me.cookie)).statusCode).toBe(200);
    });

    it.each([
      ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }],
      ['Sec-Fetch-Site none (typed into the address bar)', { 'sec-fetch-site': 'none' }],
      ['an old browser with our own Referer', { referer: 'http://localhost:5000/?tab=dashboard' }],
    ])('signs out on %s', async (_label, headers: Record<string, string>) => {
      const me = await registered();
      const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: me.cookie, ...headers } });
      expect(res.headers.location).toBe('/');
      expect((await get('/api/auth/user', me.cookie)).statusCode).toBe(401);
    });

    it('redirects to / when nobody is signed in', async () => {
      const res = await get('/api/logout');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
    });
  });
});
