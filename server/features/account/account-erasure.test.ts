import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, ratings, sessions } from '../../db/schema/index';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ErasureReply } from '../../../common/schemas/account';
import type { LeaderboardReply } from '../../../common/schemas/leaderboard';
import type { PlayerDetail } from '../../../common/schemas/players';
import { recount } from '../integrity/integrity.service';
import { freshIp, GOOD_PASSWORD } from '../auth/auth-fixtures';
import { createPlayer, myStatsOf, releaseAnonymous } from '../ratings/ratings-fixtures';
import {
  dataRequestsOf,
  deleteAccount,
  exportOf,
  googleMember,
  member,
  ownPlayer,
  rate,
  signedIn,
  signInAgain,
  userRow,
  vote,
  type Member,
} from './account-fixtures';

const MINUTE = 60_000;
const anyNumber: unknown = expect.any(Number);

describe('DELETE /api/auth/user', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // With the session cache on: an erased account's sessions must end in every instance's cache too. Boards read
    // afresh each time (the stored boards drop an erased rater at their next refresh, from the marks it leaves).
    t = await createTestApp({ SMTP_URL: smtp.url, SESSION_CACHE_SECONDS: '60', LEADERBOARD_CACHE_SECONDS: '0' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const playerDetail = async (id: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/players/${id}` });
    return { status: res.statusCode, body: res.json<PlayerDetail>() };
  };
  const leaderboard = async (viewer: Member) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/leaderboard', headers: { cookie: viewer.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LeaderboardReply>().leaderboard;
  };

  describe('who may', () => {
    it('refuses a caller who is not signed in, and a body without the typed confirmation', async () => {
      expect((await deleteAccount(t, undefined, { confirm: 'DELETE' })).statusCode).toBe(401);
      const someone = await member(t, 'Una');
      const unconfirmed = await deleteAccount(t, someone.cookie, { confirm: 'delete', password: GOOD_PASSWORD });
      expect(unconfirmed.statusCode).toBe(400);
      expect(await userRow(t, someone.id)).toBeDefined();
    });

    it('asks a password account for its password: missing or wrong is 403 and nothing is erased', async () => {
      const pam = await member(t, 'Pam');
      const missing = await deleteAccount(t, pam.cookie, { confirm: 'DELETE' });
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toEqual({
        message: 'Enter your password to delete your account',
        code: 'password_incorrect',
      });
      const wrong = await deleteAccount(t, pam.cookie, { confirm: 'DELETE', password: 'Not-The-Password-1' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ message: 'The password is not correct', code: 'password_incorrect' });
      expect(await userRow(t, pam.id)).toBeDefined();
      expect(await signedIn(t, pam.cookie)).toBe(true);
    });

    it('asks an account without a password for a sign-in within 10 minutes', async () => {
      const stale = await googleMember(t, 'Gus', 11 * MINUTE);
      const refused = await deleteAccount(t, stale.cookie, { confirm: 'DELETE' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: 'Sign in again to delete your account',
        code: 'recent_sign_in_required',
      });
      expect(await userRow(t, stale.id)).toBeDefined();

      const fresh = await googleMember(t, 'Gia', 2 * MINUTE);
      const done = await deleteAccount(t, fresh.cookie, { confirm: 'DELETE' });
      expect(done.statusCode, done.body).toBe(200);
      expect(await userRow(t, fresh.id)).toBeUndefined();
    });
  });

  describe('a member with ratings, votes, a player and two sessions', () => {
    let eve: Member;
    let bob: Member;
    let otto: Member;
    let viewer: Member;
    let evesPlayerId: number;
    let ottosPlayerId: number;
    let lonePlayerId: number;
    let bobsRatingId: number;
    let secondCookie: string;
    let reply: ErasureReply;
    let answer: Awaited<ReturnType<typeof deleteAccount>>;

    beforeAll(async () => {
      [eve, bob, otto, viewer] = [
        await member(t, 'Eve', 'Erased'),
        await member(t, 'Bob', 'Rater'),
        await member(t, 'Otto', 'Owner'),
        await member(t, 'Vic', 'Viewer'),
      ];
      evesPlayerId = (await ownPlayer(t, eve)).id;
      ottosPlayerId = (await ownPlayer(t, otto)).id;
      lonePlayerId = (await createPlayer(t, { firstName: 'Lone' })).id;

      // Eve rates Otto (Otto and Bob's ratings make 2) and Lone by name, and Bob anonymously (released).
      const bobsOnOtto = await rate(t, bob, ottosPlayerId, {
        overallRating: 2,
        serveReturn: 2,
        strengthsImprovements: 'Bob on Otto.',
      });
      const evesOnOtto = await rate(t, eve, ottosPlayerId, { overallRating: 5, strengthsImprovements: 'Eve on Otto.' });
      await rate(t, eve, lonePlayerId, { strengthsImprovements: 'Eve on Lone.' });
      const bobsPlayerId = (await ownPlayer(t, bob)).id;
      await rate(t, eve, bobsPlayerId, { isAnonymous: true, strengthsImprovements: 'Eve, anonymously.' });
      await releaseAnonymous(t, { crowd: 2 });
      // Otto finds Eve's rating helpful: Eve's figures hold his vote. Eve finds Bob's rating of her helpful.
      await vote(t, otto, evesOnOtto.id, 5);
      bobsRatingId = (await rate(t, bob, evesPlayerId, { strengthsImprovements: 'Bob on Eve.' })).id;
      await vote(t, eve, bobsRatingId, 4);
      // She replies to Bob's rating of her and reports his rating of Otto.
      for (const [url, method, payload] of [
        [`/api/ratings/${bobsRatingId}/reply`, 'PUT', { text: 'Thanks, Bob.' }],
        [`/api/ratings/${bobsOnOtto.id}/reports`, 'POST', { reason: 'other', details: 'Eve doubts it.' }],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: { cookie: eve.cookie }, payload });
        expect(res.statusCode, res.body).toBeLessThan(300);
      }
      expect((await myStatsOf(t, bob.cookie)).reviewsCount).toBe(1);
      // A withdrawn claim and a launch-list sign-up name her too.
      const claim = await t.app.inject({
        method: 'POST',
        url: `/api/players/${lonePlayerId}/match-request`,
        headers: { cookie: viewer.cookie },
        payload: {
          firstName: 'Vic',
          lastName: 'Viewer',
          email: viewer.email,
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        },
      });
      expect(claim.statusCode, claim.body).toBe(201);
      await t.app.inject({ method: 'POST', url: '/api/email-signup', payload: { email: eve.email.toUpperCase() } });

      expect((await playerDetail(ottosPlayerId)).body.ratingCount).toBe(2);
      expect((await leaderboard(viewer)).map((entry) => entry.displayName)).toContain('Eve D.');
      secondCookie = await signInAgain(t, eve);
      // Both sessions are read once, so this instance holds them in its cache.
      expect(await signedIn(t, eve.cookie)).toBe(true);
      expect(await signedIn(t, secondCookie)).toBe(true);

      answer = await deleteAccount(t, eve.cookie, { confirm: 'DELETE', password: eve.password });
      reply = answer.json<ErasureReply>();
    });

    it('answers what was erased and clears the session cookie', () => {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(reply).toEqual({
        erased: {
          ratings: 3,
          votes: 1,
          sessions: 2,
          claims: 0,
          signups: 1,
          badges: anyNumber,
          ratingsAboutPlayer: 0,
          replies: 1,
          reports: 1,
          appeals: 0,
          notifications: 0,
          playerProfile: 'unlinked',
        },
      });
      const cleared = answer.cookies.find((cookie) => cookie.name === 'pr_session');
      expect(cleared?.value).toBe('');
    });

    it('ends every session: the old cookies are refused, the rows are gone', async () => {
      expect(await signedIn(t, eve.cookie)).toBe(false);
      expect(await signedIn(t, secondCookie)).toBe(false);
      const export401 = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user/export',
        headers: { cookie: secondCookie },
      });
      expect(export401.statusCode).toBe(401);
      expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, eve.id))).toEqual([]);
      expect(await userRow(t, eve.id)).toBeUndefined();
    });

    it("takes her ratings off the rated players' pages, aggregates and distribution", async () => {
      const otto = await playerDetail(ottosPlayerId);
      expect(otto.body.ratingCount).toBe(1);
      expect(otto.body.averageRatings.overall).toBe(2);
      expect(otto.body.ratingBreakdown).toEqual({ 1: 0, 2: 1, 3: 0, 4: 0, 5: 0 });
      expect(JSON.stringify(otto.body)).not.toContain('Eve on Otto.');
      const lone = await playerDetail(lonePlayerId);
      expect(lone.body.ratingCount).toBe(0);
      expect(lone.body.recentComments).toEqual([]);
      const left = await t.database.db.select().from(ratings).where(eq(ratings.raterEmail, eve.email));
      expect(left).toEqual([]);
    });

    it('takes her off the leaderboard', async () => {
      const names = (await leaderboard(viewer)).map((entry) => entry.displayName);
      expect(names).not.toContain('Eve D.');
      expect(names).toContain('Bob D.');
    });

    it("takes her vote out of the rating's helpfulness and its rater's figures", async () => {
      expect((await myStatsOf(t, bob.cookie)).reviewsCount).toBe(0);
      const [bobsRating] = await t.database.db.select().from(ratings).where(eq(ratings.id, bobsRatingId));
      expect(bobsRating).toMatchObject({ helpfulnessSum: 0, helpfulnessCount: 0 });
    });

    it('keeps her player, unlinked, with the ratings about it', async () => {
      const [player] = await t.database.db.select().from(players).where(eq(players.id, evesPlayerId));
      expect(player.userId).toBeNull();
      expect((await playerDetail(evesPlayerId)).body.ratingCount).toBe(1);
    });

    it('mails her what was erased', async () => {
      const mail = await smtp.waitForMail((m) => m.to.includes(eve.email) && /deleted/.test(m.subject));
      expect(mail.subject).toBe('Your Pickleball Ratings account has been deleted');
      expect(mail.text).toContain('3 ratings you wrote');
      expect(mail.text).toContain('1 helpfulness vote you cast');
      expect(mail.text).toContain('2 signed-in sessions');
      expect(mail.text).toContain('1 reply you wrote to ratings, 1 report you filed and 0 appeals you made');
      expect(mail.text).toContain('Your player profile was unlinked from the account and kept');
    });

    it('records the erasure by account id with its counts, without the e-mail', async () => {
      const [record] = await dataRequestsOf(t, eve.id);
      expect(record).toMatchObject({ kind: 'erase', adminUserId: null, adminLabel: null });
      expect(record.counts).toMatchObject({ ratings: 3, votes: 1, sessions: 2 });
      expect(JSON.stringify(record)).not.toContain(eve.email);
    });

    it('lets the same address register again as a new account, which starts empty', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: freshIp(),
        payload: { email: eve.email, password: GOOD_PASSWORD, firstName: 'Eve', lastName: 'Again' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const again = res.json<{ id: string }>();
      expect(again.id).not.toBe(eve.id);
      const cookie = `pr_session=${res.cookies.find((c) => c.name === 'pr_session')?.value}`;
      const file = await exportOf(t, cookie);
      expect(file.ratingsWritten).toEqual([]);
      expect(file.player).toBeNull();
      expect(file.launchListSignups).toEqual([]);
      const mine = await t.app.inject({ method: 'GET', url: '/api/my-ratings', headers: { cookie } });
      expect(mine.json()).toEqual([]);
    });
  });

  describe('with "Also delete my player profile"', () => {
    it('deletes the player and the ratings about it, taken back from their raters first', async () => {
      const fay = await member(t, 'Fay', 'Gone');
      const gil = await member(t, 'Gil', 'Rater');
      const faysPlayerId = (await ownPlayer(t, fay)).id;
      await rate(t, gil, faysPlayerId, { strengthsImprovements: 'Gil on Fay.' });
      expect((await myStatsOf(t, gil.cookie)).ratingsSubmitted).toBe(1);

      const res = await deleteAccount(t, fay.cookie, {
        confirm: 'DELETE',
        password: fay.password,
        deletePlayerProfile: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<ErasureReply>().erased).toMatchObject({ playerProfile: 'deleted', ratingsAboutPlayer: 1 });
      expect((await playerDetail(faysPlayerId)).status).toBe(404);
      expect((await myStatsOf(t, gil.cookie)).ratingsSubmitted).toBe(0);
      const gils = await t.app.inject({ method: 'GET', url: '/api/my-ratings', headers: { cookie: gil.cookie } });
      expect(gils.json()).toEqual([]);
    });
  });

  it('leaves every derived figure equal to its recount from the rows', async () => {
    expect((await recount(t.database.db)).mismatches).toEqual([]);
  });
});
