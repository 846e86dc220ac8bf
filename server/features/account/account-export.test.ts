import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratings } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startOfWeek } from '../../../common/anonymity';
import { accountExportSchema, type AccountExport } from '../../../common/schemas/account';
import { createPlayer, releaseAnonymous, uniqueEmail } from '../ratings/ratings-fixtures';
import { dataRequestsOf, emailsIn, member, ownPlayer, rate, signInAgain, vote, type Member } from './account-fixtures';

const DAY_MS = 24 * 60 * 60 * 1000;
const anyString: unknown = expect.any(String);
const anyNumber: unknown = expect.any(Number);

describe('GET /api/auth/user/export', () => {
  let t: TestApp;
  let ann: Member;
  let bob: Member;
  let cat: Member;
  let file: AccountExport;
  let text: string;
  let res: Awaited<ReturnType<TestApp['app']['inject']>>;
  let anonymousId: number;
  let bobsRatingId: number;
  let reportedId: number;
  let admins: string[];

  /** A call as `cookie` that must succeed; answers its JSON. */
  async function ok<Reply>(method: 'POST' | 'PUT', url: string, cookie: string, payload: object) {
    const call = await t.app.inject({ method, url, headers: { cookie }, payload });
    expect(call.statusCode, call.body).toBeLessThan(300);
    return call.json<Reply>();
  }

  beforeAll(async () => {
    t = await createTestApp();
    [ann, bob, cat] = [
      await member(t, 'Ann', 'Owner'),
      await member(t, 'Bob', 'Named'),
      await member(t, 'Cat', 'Hidden'),
    ];
    const annsPlayer = await ownPlayer(t, ann);
    const other = await createPlayer(t, { firstName: 'Otto' });

    // About Ann: Bob by name, Cat anonymously (released with two more raters' anonymous ratings elsewhere).
    bobsRatingId = (await rate(t, bob, annsPlayer.id, { strengthsImprovements: 'Steady at the kitchen line.' })).id;
    anonymousId = (await rate(t, cat, annsPlayer.id, { isAnonymous: true, strengthsImprovements: 'Soft hands.' })).id;
    // Written ten days before the release that listed it: its week in the file is the release's, not the writing's.
    await t.database.db
      .update(ratings)
      .set({ createdAt: new Date(Date.now() - 10 * DAY_MS) })
      .where(eq(ratings.id, anonymousId));
    expect((await releaseAnonymous(t, { crowd: 2 })).released).toBeGreaterThanOrEqual(3);

    // By Ann: a named rating and an anonymous one still waiting for its release; a vote; a claim; a sign-up.
    await rate(t, ann, other.id, { strengthsImprovements: 'Great lobs, Otto.' });
    const claimed = await createPlayer(t, { firstName: 'Claimed' });
    await rate(t, ann, claimed.id, { isAnonymous: true, strengthsImprovements: 'Quick feet.' });
    await vote(t, ann, bobsRatingId, 4);
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/players/${claimed.id}/match-request`,
      headers: { cookie: bob.cookie },
      payload: { firstName: 'Bob', lastName: 'Named', email: bob.email, city: 'Austin', state: 'TX', zip: '78701' },
    });
    expect(claim.statusCode, claim.body).toBe(201);
    const signup = await t.app.inject({ method: 'POST', url: '/api/email-signup', payload: { email: ann.email } });
    expect(signup.statusCode, signup.body).toBeLessThan(300);

    // Ann replies to Bob's rating of her; she and Cat report Bob's rating of Otto; one admin keeps it, Ann appeals
    // and another admin upholds the decision (each outcome a notice to Ann); she reads her notices and switches
    // the weekly digest's e-mails off.
    admins = [uniqueEmail('decider'), uniqueEmail('appeals')];
    const [decider, appealsAdmin] = [
      await signInAs(t, { email: admins[0], isAdmin: true }),
      await signInAs(t, { email: admins[1], isAdmin: true }),
    ];
    await ok('PUT', `/api/ratings/${bobsRatingId}/reply`, ann.cookie, { text: 'Thanks, Bob. Kitchen line again?' });
    reportedId = (await rate(t, bob, other.id, { strengthsImprovements: 'Otto never moves.' })).id;
    for (const reporter of [ann, cat]) {
      await ok('POST', `/api/ratings/${reportedId}/reports`, reporter.cookie, {
        reason: 'not-based-on-play',
        details: `${reporter.firstName} thinks Bob never played Otto.`,
      });
    }
    const { decision } = await ok<{ decision: { id: number } }>(
      'POST',
      `/api/admin/reports/${reportedId}/decision`,
      decider,
      { outcome: 'keep', rule: 'not-based-on-play', statement: 'Bob and Otto played in the league.' },
    );
    const appeal = await ok<{ id: number }>('POST', `/api/decisions/${decision.id}/appeal`, ann.cookie, {
      text: 'They never met on court.',
    });
    await ok('POST', `/api/admin/appeals/${appeal.id}/decision`, appealsAdmin, {
      outcome: 'upheld',
      statement: 'The league sheet shows their match.',
    });
    await ok('POST', '/api/notifications/read', ann.cookie, {});
    await ok('PUT', '/api/notifications/preferences', ann.cookie, { emails: { 'ratings-digest': false } });
    await signInAgain(t, ann);

    res = await t.app.inject({ method: 'GET', url: '/api/auth/user/export', headers: { cookie: ann.cookie } });
    text = res.body;
    file = res.json<AccountExport>();
  });
  afterAll(() => t.close());

  it('refuses a caller who is not signed in with 401', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/user/export' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('answers a JSON file to download, named with the day', () => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pickleball-ratings-data-${day}.json"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(accountExportSchema.strict().safeParse(file).success).toBe(true);
  });

  it('holds the account without a password hash, a token or a session id', () => {
    expect(file.account).toMatchObject({ id: ann.id, email: ann.email, firstName: 'Ann', hasPassword: true });
    expect(Object.keys(file.account).sort()).toEqual(Object.keys(accountExportSchema.shape.account.shape).sort());
    for (const secret of ['passwordHash', 'password_hash', 'Token', 'token', 'googleId', '"sid"', 'argon2']) {
      expect(text).not.toContain(secret);
    }
    expect(file.sessions).toHaveLength(2);
    for (const session of file.sessions)
      expect(Object.keys(session).sort()).toEqual(['createdAt', 'expiresAt', 'lastUsedAt']);
  });

  it('names nobody else by e-mail', () => {
    expect(emailsIn(text).sort()).toEqual([ann.email, file.player!.email].sort());
    expect(text).not.toContain(bob.email);
    expect(text).not.toContain(cat.email);
  });

  it('holds the linked player, the ratings written with their comments and the anonymous mark', () => {
    expect(file.player).toMatchObject({ firstName: 'Ann', email: anyString });
    const written = new Map(file.ratingsWritten.map((rating) => [rating.strengthsImprovements, rating]));
    expect(file.ratingsWritten).toHaveLength(2);
    expect(written.get('Great lobs, Otto.')).toMatchObject({
      isAnonymous: false,
      state: 'counted',
      playerName: 'Otto Dinker',
    });
    expect(written.get('Quick feet.')).toMatchObject({ isAnonymous: true, state: 'awaiting_release' });
  });

  it('holds the ratings received: a named rater by display name, an anonymous one with no rater field', () => {
    const received = new Map(file.ratingsReceived.map((rating) => [rating.id, rating]));
    expect(received.get(bobsRatingId)).toMatchObject({ isAnonymous: false, raterName: 'Bob N.' });
    const anonymous = received.get(anonymousId)!;
    expect(anonymous.isAnonymous).toBe(true);
    expect(Object.keys(anonymous).filter((key) => /rater|email|user/i.test(key))).toEqual([]);
    expect(anonymous.strengthsImprovements).toBe('Soft hands.');
  });

  it('dates an anonymous rating received to the week it was released in, never its writing', async () => {
    const [stored] = await t.database.db.select().from(ratings).where(eq(ratings.id, anonymousId));
    const anonymous = file.ratingsReceived.find((rating) => rating.id === anonymousId)!;
    expect(anonymous.date).toBe(startOfWeek(stored.listedAt!).toISOString());
    expect(new Date(anonymous.date).getUTCDay()).toBe(1);
    expect(anonymous.date).not.toBe(startOfWeek(stored.createdAt).toISOString());
    expect(text).not.toContain(stored.createdAt.toISOString());
  });

  it('holds the votes cast, the points and badges, the claims, the sessions and the launch-list sign-ups', () => {
    expect(file.helpfulnessVotes).toEqual([expect.objectContaining({ ratingId: bobsRatingId, helpfulnessScore: 4 })]);
    expect(file.points).toMatchObject({ ratingsSubmitted: 1, totalPoints: anyNumber });
    expect(file.points.badges.length).toBeGreaterThan(0);
    expect(file.launchListSignups).toEqual([{ email: ann.email, createdAt: anyString }]);
    expect(file.claims).toEqual([]);
  });

  it('holds the claims of their own, without who reviewed them', async () => {
    const bobs = await t.app.inject({ method: 'GET', url: '/api/auth/user/export', headers: { cookie: bob.cookie } });
    const body = bobs.json<AccountExport>();
    expect(body.claims).toEqual([expect.objectContaining({ status: 'pending', playerName: 'Claimed Dinker' })]);
    expect(Object.keys(body.claims[0])).not.toContain('reviewedBy');
  });

  it('holds the replies written, the reports filed, the appeals, the notices and the e-mails switched off', () => {
    expect(file.replies).toEqual([
      expect.objectContaining({
        ratingId: bobsRatingId,
        playerName: 'Ann Dinker',
        text: 'Thanks, Bob. Kitchen line again?',
        status: 'shown',
        ratingDate: anyString,
      }),
    ]);
    expect(file.reports).toEqual([
      expect.objectContaining({
        ratingId: reportedId,
        reason: 'not-based-on-play',
        details: 'Ann thinks Bob never played Otto.',
        decided: true,
        outcome: 'keep',
      }),
    ]);
    expect(file.appeals).toEqual([
      expect.objectContaining({
        role: 'reporter',
        text: 'They never met on court.',
        outcome: 'upheld',
        statement: 'The league sheet shows their match.',
        decidedAt: anyString,
      }),
    ]);
    expect(file.notifications.map((notice) => notice.kind).sort()).toEqual(['appeal-outcome', 'report-decision']);
    for (const notice of file.notifications) {
      expect(notice).toMatchObject({ title: anyString, body: anyString, readAt: anyString });
    }
    expect(file.emailOptOuts).toEqual([{ kind: 'ratings-digest', createdAt: anyString }]);
  });

  it('names no other reporter and no admin who decided', () => {
    expect(text).not.toContain('Cat thinks');
    for (const admin of admins) expect(text).not.toContain(admin);
    expect(text).not.toMatch(/decidedBy|decided_by/);
  });

  it('records each export by account id', async () => {
    expect(await dataRequestsOf(t, ann.id)).toEqual([
      expect.objectContaining({ kind: 'export', adminUserId: null, adminLabel: null, counts: null }),
    ]);
  });
});
