import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { adminRouteCallers, signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AdminPlayersReply, AdminUsersReply, EmailSignupsReply } from '../../../common/schemas/admin';
import { addPlayer } from '../players/players-fixtures';

// Typed as unknown so the lint's any-checks stay on for everything else.
const anyString: unknown = expect.any(String);
const anyNumber: unknown = expect.any(Number);

const LIST_PATHS = ['/api/admin/users', '/api/admin/players', '/api/admin/email-signups'];
const FORBIDDEN_USER_FIELDS = [
  'passwordHash',
  'passwordSalt',
  'passwordResetToken',
  'passwordResetExpires',
  'googleId',
];

describe('admin lists', () => {
  let t: TestApp;
  let adminCookie: string;
  let userCookie: string;
  let tokenHeaders: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    ({ adminCookie, userCookie, tokenHeaders } = await adminRouteCallers(t, 'lists'));
  });
  afterAll(() => t.close());

  async function developerCookie(userId: string, password: string): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev-login', payload: { userId, password } });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies[0];
    return `${cookie.name}=${cookie.value}`;
  }

  const get = (url: string, headers: Record<string, string> = { cookie: adminCookie }) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('who may call them', () => {
    it.each(LIST_PATHS)('%s answers 401 when signed out', async (path) => {
      const res = await get(path, {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Authentication required', code: 'unauthenticated' });
    });

    it.each(LIST_PATHS)('%s answers 403 to a signed-in user who is not an admin', async (path) => {
      const res = await get(path, { cookie: userCookie });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Admin access required', code: 'admin_required' });
    });

    it.each(LIST_PATHS)('%s answers 401 to a wrong admin token', async (path) => {
      const res = await get(path, { ...tokenHeaders, 'x-admin-token': 'not-the-token' });
      expect(res.statusCode).toBe(401);
    });

    it.each(LIST_PATHS)('%s answers an admin developer but not a regular developer', async (path) => {
      expect((await get(path, { cookie: await developerCookie('devadmin', 'devpass456') })).statusCode).toBe(200);
      expect((await get(path, { cookie: await developerCookie('devuser', 'devpass123') })).statusCode).toBe(403);
    });

    it.each(LIST_PATHS)('%s answers an admin user and an admin token', async (path) => {
      expect((await get(path)).statusCode).toBe(200);
      expect((await get(path, tokenHeaders)).statusCode).toBe(200);
    });
  });

  describe('GET /api/admin/users', () => {
    beforeAll(async () => {
      await signInAs(t, { email: 'Zelda.Quartz@Example.com', firstName: 'Zelda', lastName: 'Quartz' });
      // Secrets set directly (no API here writes them) to prove the list never sends them.
      await t.database.db
        .update(users)
        .set({ passwordHash: 'secret-hash', passwordResetToken: 'reset-hash', googleId: 'g-123' })
        .where(eq(users.email, 'Zelda.Quartz@Example.com'));
    });

    it('lists users newest first with the listed fields and never a password, reset token or Google id', async () => {
      const res = await get('/api/admin/users');
      const body = res.json<AdminUsersReply>();
      expect(body.users.length).toBe(body.total);
      const createdAts = body.users.map((user) => user.createdAt);
      expect(createdAts).toEqual([...createdAts].sort().reverse());
      const zelda = body.users.find((user) => user.email === 'Zelda.Quartz@Example.com');
      expect(zelda).toEqual({
        id: anyString,
        email: 'Zelda.Quartz@Example.com',
        firstName: 'Zelda',
        lastName: 'Quartz',
        isAdmin: false,
        authProvider: 'password',
        createdAt: anyString,
        updatedAt: anyString,
      });
      for (const user of body.users) {
        for (const field of FORBIDDEN_USER_FIELDS) expect(user).not.toHaveProperty(field);
      }
      expect(res.body).not.toContain('secret-hash');
      expect(res.body).not.toContain('reset-hash');
      expect(body.users.find((user) => user.email === 'lists-admin@example.com')?.isAdmin).toBe(true);
    });

    it('filters by first name, last name, full name or e-mail, any letter case', async () => {
      for (const q of ['zelda', 'QUARTZ', 'zelda quartz', 'zelda.quartz@', 'ZELDA.QUARTZ@EXAMPLE']) {
        const body = (await get(`/api/admin/users?q=${encodeURIComponent(q)}`)).json<AdminUsersReply>();
        expect(
          body.users.map((user) => user.email),
          q,
        ).toEqual(['Zelda.Quartz@Example.com']);
        expect(body.total).toBe(1);
      }
      const none = (await get('/api/admin/users?q=nobody-like-this')).json<AdminUsersReply>();
      expect(none).toEqual({ users: [], total: 0 });
    });

    it('takes LIKE wildcards in q literally', async () => {
      const body = (await get(`/api/admin/users?q=${encodeURIComponent('%')}`)).json<AdminUsersReply>();
      expect(body.users).toEqual([]);
      const underscore = (await get('/api/admin/users?q=_')).json<AdminUsersReply>();
      expect(underscore.users).toEqual([]);
    });

    it('refuses an unknown query field and an over-long q', async () => {
      expect((await get('/api/admin/users?sort=email')).statusCode).toBe(400);
      expect((await get(`/api/admin/users?q=${'a'.repeat(201)}`)).statusCode).toBe(400);
    });
  });

  describe('GET /api/admin/players', () => {
    const marker = 'adminlist';
    const emile = {
      firstName: 'Émile',
      lastName: 'Zola',
      email: `emile.${marker}@example.com`,
      skillLevel: '3.5',
      yearsPlaying: '3-5',
      location: 'Paris, TX',
      bio: 'Writes a lot',
      importedBy: 'admin:someone@example.com',
    };
    beforeAll(async () => {
      const db = t.database.db;
      await addPlayer(db, emile);
      await addPlayer(db, {
        firstName: 'Anna',
        lastName: 'Karenina',
        email: `anna.${marker}@example.com`,
        skillLevel: '4.0',
        location: 'Moscow, ID',
      });
    });

    it('lists players newest first with the admin fields, e-mail included', async () => {
      const body = (await get('/api/admin/players', tokenHeaders)).json<AdminPlayersReply>();
      expect(body.total).toBeGreaterThanOrEqual(2);
      const ours = body.players.filter((player) => player.email.includes(marker));
      expect(ours.map((player) => player.firstName)).toEqual(['Anna', 'Émile']);
      expect(ours[1]).toEqual({
        id: anyNumber,
        ...emile,
        isVerified: false,
        userId: null,
        createdAt: anyString,
        ratingCount: 0,
      });
      expect(hasNoInternalFields(ours[1])).toBe(true);
    });

    it('filters by name (accents and case ignored), location or e-mail', async () => {
      const emailsFor = async (q: string) =>
        (await get(`/api/admin/players?q=${encodeURIComponent(q)}`))
          .json<AdminPlayersReply>()
          .players.map((player) => player.email);
      expect(await emailsFor('emile')).toEqual([`emile.${marker}@example.com`]);
      expect(await emailsFor('ÉMILE ZOLA')).toEqual([`emile.${marker}@example.com`]);
      expect(await emailsFor('karen')).toEqual([`anna.${marker}@example.com`]);
      expect(await emailsFor('moscow')).toEqual([`anna.${marker}@example.com`]);
      expect(await emailsFor(`anna.${marker}@`)).toEqual([`anna.${marker}@example.com`]);
      expect(await emailsFor(marker)).toHaveLength(2);
      expect(await emailsFor('no such player anywhere')).toEqual([]);
    });
  });

  describe('GET /api/admin/email-signups', () => {
    it('lists signups newest first, one row per address whatever its letter case', async () => {
      const signUp = (email: string) =>
        t.app.inject({ method: 'POST', url: '/api/email-signup', payload: { email }, remoteAddress: '10.9.9.9' });
      expect((await signUp('first-signup@example.com')).statusCode).toBe(201);
      expect((await signUp('second-signup@example.com')).statusCode).toBe(201);
      expect((await signUp('FIRST-SIGNUP@example.com')).statusCode).toBe(201);

      const body = (await get('/api/admin/email-signups')).json<EmailSignupsReply>();
      expect(body.emailSignups.map((signup) => signup.email)).toEqual([
        'second-signup@example.com',
        'first-signup@example.com',
      ]);
      expect(body.total).toBe(2);
      expect(body.emailSignups[0]).toEqual({
        id: anyNumber,
        email: 'second-signup@example.com',
        createdAt: anyString,
      });
      expect(new Date(body.emailSignups[0].createdAt).getTime()).not.toBeNaN();
    });
  });
});

/** The verification code hash and search columns are internal. */
function hasNoInternalFields(player: object): boolean {
  return !('verificationToken' in player) && !('verificationAttempts' in player) && !('searchName' in player);
}
