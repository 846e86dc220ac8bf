import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  flaggedComments,
  moderationDecisions,
  notifications,
  ratingReplies,
  ratingReports,
  trustFlags,
} from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { REPORTS_PER_DAY } from '../../../common/community';
import type { Decision, ReportQueueEntry } from '../../../common/schemas/reports';
import { member, rate, type Person } from '../ratings/rating-paths-fixtures';
import { createPlayer, getJson } from '../ratings/ratings-fixtures';

const anyNumber: unknown = expect.any(Number);
const anyString: unknown = expect.any(String);

/* docs/product.md#reports-and-decisions: members report a rating; admins decide with a statement of reasons. */

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await signInAs(t, { email: 'reports-admin@example.com', isAdmin: true });
});
afterAll(() => t.close());

const report = (ratingId: number | string, cookie: string | undefined, payload: object = { reason: 'offensive' }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ratings/${ratingId}/reports`,
    headers: cookie ? { cookie } : {},
    payload,
  });

const decide = (ratingId: number | string, payload: object, cookie: string | null = adminCookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/reports/${ratingId}/decision`,
    headers: cookie ? { cookie } : {},
    payload,
  });

async function queue(status: 'open' | 'decided', extra = '') {
  const res = await getJson(t, `/api/admin/reports?status=${status}&limit=100${extra}`, { cookie: adminCookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReportQueueEntry[]>();
}

/** A rating with comment texts by a fresh rater of a fresh player linked to a fresh member. */
async function ratedPlayer(body: Record<string, unknown> = {}) {
  const rated = await member(t, 'rated');
  const player = await createPlayer(t, { userId: rated.userId });
  const rater = await member(t, 'rater');
  const ratingId = await rate(t, rater, player.id, {
    serveReturnComments: 'Deep serves, returns a bit short.',
    ...body,
  });
  return { rated, rater, player, ratingId };
}

async function noticesOf(userIds: string[]) {
  return t.database.db
    .select()
    .from(notifications)
    .where(inArray(notifications.userId, userIds))
    .orderBy(notifications.id);
}

async function playerComments(playerId: number) {
  const res = await getJson(t, `/api/players/${playerId}/comments?limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Record<string, unknown>[]>();
}

describe('POST /api/ratings/:id/reports', () => {
  it('takes a report from another confirmed member, once while it is open', async () => {
    const { ratingId } = await ratedPlayer();
    const reporter = await member(t, 'reporter');
    const res = await report(ratingId, reporter.cookie, {
      reason: 'not-based-on-play',
      details: '  They never played together.\nAsk the club.  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: anyNumber,
      ratingId,
      reason: 'not-based-on-play',
      details: 'They never played together.\nAsk the club.',
      createdAt: anyString,
    });
    const again = await report(ratingId, reporter.cookie, { reason: 'offensive', details: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'report_already_open' });
  });

  it('stores empty details as absent and refuses control characters, long details and unknown reasons', async () => {
    const { ratingId } = await ratedPlayer();
    const reporter = await member(t, 'reporter');
    expect((await report(ratingId, reporter.cookie, { reason: 'rude' })).statusCode).toBe(400);
    expect((await report(ratingId, reporter.cookie, { reason: 'other', details: 'x'.repeat(1001) })).statusCode).toBe(
      400,
    );
    expect((await report(ratingId, reporter.cookie, { reason: 'other', details: 'bell\u0007' })).statusCode).toBe(400);
    const res = await report(ratingId, reporter.cookie, { reason: 'other', details: '   ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ details: null });
  });

  it('answers 401 signed out, 403 unconfirmed and to the rater, 404 for a rating members cannot see', async () => {
    const { ratingId, rater } = await ratedPlayer();
    expect((await report(ratingId, undefined)).statusCode).toBe(401);
    const unconfirmed = await signInAs(t, { email: 'unconfirmed.reporter@example.com', emailVerified: false });
    expect((await report(ratingId, unconfirmed)).statusCode).toBe(403);
    const own = await report(ratingId, rater.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'report_own_rating' });
    const reporter = await member(t, 'reporter');
    expect((await report(2_000_000_000, reporter.cookie)).statusCode).toBe(404);
    // An anonymous rating waiting for its release is not shown to members, nor a removed one.
    const hidden = await ratedPlayer({ isAnonymous: true });
    expect((await report(hidden.ratingId, reporter.cookie)).statusCode).toBe(404);
    const removed = await ratedPlayer();
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/ratings/${removed.ratingId}/remove`,
      headers: { cookie: adminCookie },
      payload: { rule: 'other' },
    });
    expect((await report(removed.ratingId, reporter.cookie)).statusCode).toBe(404);
  });

  it(`answers 429 after ${REPORTS_PER_DAY} reports in 24 hours, with Retry-After`, async () => {
    const reporter = await member(t, 'busy');
    const player = await createPlayer(t);
    const reportFresh = async () => report(await rate(t, await member(t, 'rater'), player.id), reporter.cookie);
    const ids: number[] = [];
    for (let i = 0; i < REPORTS_PER_DAY; i += 1) {
      const res = await reportFresh();
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<{ id: number }>().id);
    }
    // A report older than 24 hours no longer counts.
    await t.database.db
      .update(ratingReports)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(ratingReports.id, ids[0]));
    expect((await reportFresh()).statusCode).toBe(201);
    const refused = await reportFresh();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(refused.json<{ message: string }>().message).toContain('at most 10 ratings in 24 hours');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  });
});

// PGlite runs one statement at a time, so only a real server can show a race; skipped without one.
describe.runIf(process.env.TEST_DATABASE_URL)('reports under concurrency (PostgreSQL)', () => {
  it(`15 reports at once by one member on 15 ratings: exactly ${REPORTS_PER_DAY} are taken`, async () => {
    const reporter = await member(t, 'eager');
    const player = await createPlayer(t);
    const ratingIds: number[] = [];
    for (let i = 0; i < 15; i += 1) ratingIds.push(await rate(t, await member(t, 'rater'), player.id));
    const replies = await Promise.all(ratingIds.map((ratingId) => report(ratingId, reporter.cookie)));
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(REPORTS_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15 - REPORTS_PER_DAY);
    const stored = await t.database.db
      .select()
      .from(ratingReports)
      .where(eq(ratingReports.reporterUserId, reporter.userId));
    expect(stored).toHaveLength(REPORTS_PER_DAY);
  });
});

describe('GET /api/admin/reports', () => {
  it('groups open reports by rating with reasons, counts, reporters, trust figures and earlier decisions', async () => {
    const { ratingId, rater } = await ratedPlayer({ isAnonymous: false });
    const reporters: Person[] = [];
    for (const reason of ['offensive', 'offensive', 'personal-information']) {
      const reporter = await member(t, 'reporter');
      reporters.push(reporter);
      expect((await report(ratingId, reporter.cookie, { reason, details: `${reason} details` })).statusCode).toBe(201);
    }
    const entry = (await queue('open')).find((row) => row.rating.id === ratingId);
    expect(entry).toMatchObject({
      rating: {
        id: ratingId,
        raterEmail: rater.email,
        raterName: `${rater.firstName} Dinker`,
        serveReturnComments: 'Deep serves, returns a bit short.',
        reply: null,
        removal: null,
      },
      reasons: [
        { reason: 'offensive', count: 2 },
        { reason: 'personal-information', count: 1 },
      ],
      raterTrust: { ratingsGiven: anyNumber, leniency: anyNumber },
      decisions: [],
      decision: null,
    });
    expect(entry!.reporters.map((row) => [row.email, row.details])).toEqual(
      reporters.map((reporter, index) => [
        reporter.email,
        `${['offensive', 'offensive', 'personal-information'][index]} details`,
      ]),
    );
  });

  it('lists a rating whose reply the offensive-language check held; keep shows the reply, hide-comment hides it', async () => {
    for (const [outcome, shown] of [
      ['keep', true],
      ['hide-comment', false],
    ] as const) {
      const { ratingId, rated, player } = await ratedPlayer();
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/ratings/${ratingId}/reply`,
        headers: { cookie: rated.cookie },
        payload: { text: 'What a dick move, rating me like that.' },
      });
      expect(put.statusCode, put.body).toBe(200);
      const entry = (await queue('open')).find((row) => row.rating.id === ratingId);
      expect(entry).toMatchObject({ reasons: [], reporters: [], rating: { reply: { held: true } } });
      const res = await decide(ratingId, { outcome, rule: 'offensive', statement: 'Checked the reply.' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await queue('open')).map((row) => row.rating.id)).not.toContain(ratingId);
      const [reply] = await t.database.db.select().from(ratingReplies).where(eq(ratingReplies.ratingId, ratingId));
      expect(reply.status).toBe(shown ? 'shown' : 'hidden');
      if (shown) {
        const replies = (await playerComments(player.id)).map((comment) => comment.reply).filter(Boolean);
        expect(replies).toHaveLength(1);
      }
    }
  });

  it('refuses everyone but admins, and a cursor it did not make', async () => {
    expect((await getJson(t, '/api/admin/reports')).statusCode).toBe(401);
    const user = await member(t, 'nosy');
    expect((await getJson(t, '/api/admin/reports', { cookie: user.cookie })).statusCode).toBe(403);
    const forged = await getJson(t, '/api/admin/reports?status=decided&cursor=abc', { cookie: adminCookie });
    expect(forged.statusCode).toBe(400);
    expect((await getJson(t, '/api/admin/reports?status=all', { cookie: adminCookie })).statusCode).toBe(400);
  });
});

describe('POST /api/admin/reports/:ratingId/decision', () => {
  it('remove: takes the rating down everywhere, closes the reports and tells the rater and each reporter once', async () => {
    const { ratingId, rater, player } = await ratedPlayer();
    const reporters = [await member(t, 'reporter'), await member(t, 'reporter')];
    for (const reporter of reporters) expect((await report(ratingId, reporter.cookie)).statusCode).toBe(201);
    expect((await getJson(t, `/api/players/${player.id}`)).json()).toMatchObject({ ratingCount: 1 });

    const res = await decide(ratingId, { outcome: 'remove', rule: 'offensive', statement: 'Abusive words.' });
    expect(res.statusCode, res.body).toBe(200);
    const { decision } = res.json<{ decision: Decision }>();
    expect(decision).toMatchObject({
      ratingId,
      source: 'report',
      outcome: 'remove',
      rule: 'offensive',
      statement: 'Abusive words.',
      decidedBy: 'reports-admin@example.com',
    });

    expect((await getJson(t, `/api/players/${player.id}`)).json()).toMatchObject({ ratingCount: 0 });
    expect(await playerComments(player.id)).toEqual([]);
    const mine = (await getJson(t, '/api/my-ratings', { cookie: rater.cookie })).json<{ removal: unknown }[]>();
    expect(mine[0].removal).toMatchObject({ rule: 'offensive' });

    expect((await queue('open')).map((row) => row.rating.id)).not.toContain(ratingId);
    const decided = (await queue('decided')).find((row) => row.decision?.id === decision.id);
    expect(decided?.reporters.map((row) => row.email).sort()).toEqual(reporters.map((r) => r.email).sort());
    expect(decided?.reasons).toEqual([{ reason: 'offensive', count: 2 }]);

    const notices = await noticesOf([rater.userId, ...reporters.map((r) => r.userId)]);
    expect(notices.map((row) => [row.userId, row.kind, row.link])).toEqual(
      expect.arrayContaining([
        [rater.userId, 'rating-decision', `/decisions/${decision.id}`],
        ...reporters.map((r) => [r.userId, 'report-decision', `/decisions/${decision.id}`]),
      ]),
    );
    expect(notices).toHaveLength(3);
    expect(notices[0].body).toContain('Abusive words.');
    expect(notices[0].body).toContain('It contains offensive or abusive language.');

    // A reporter may report it again only once a decision closed their report; a removed rating is not reportable.
    expect((await report(ratingId, reporters[0].cookie)).statusCode).toBe(404);
  });

  it('hide-comment: hides the texts from the player page but not from the admin, and the scores still count', async () => {
    const { ratingId, rater, player } = await ratedPlayer();
    const reporter = await member(t, 'reporter');
    await report(ratingId, reporter.cookie, { reason: 'personal-information' });
    expect((await playerComments(player.id)).length).toBeGreaterThan(0);
    const automaticHolds = async () =>
      (await getJson(t, '/api/transparency')).json<{ months: { automaticHolds: number }[] }>().months[0]
        ?.automaticHolds ?? 0;
    const holdsBefore = await automaticHolds();

    const res = await decide(ratingId, {
      outcome: 'hide-comment',
      rule: 'personal-information',
      statement: 'Names a phone number.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const texts = JSON.stringify(await playerComments(player.id));
    expect(texts).not.toContain('Great soft game');
    expect(texts).not.toContain('Deep serves');
    expect((await getJson(t, `/api/players/${player.id}`)).json()).toMatchObject({ ratingCount: 1 });
    const admin = await getJson(t, `/api/admin/players/${player.id}/ratings`, { cookie: adminCookie });
    expect(admin.json()).toMatchObject({
      ratings: [{ id: ratingId, isHeld: true, serveReturnComments: 'Deep serves, returns a bit short.' }],
    });
    const notices = await noticesOf([rater.userId, reporter.userId]);
    expect(notices.map((row) => row.kind).sort()).toEqual(['rating-decision', 'report-decision']);
    // A moderator hid the texts: the transparency report counts a decision, not an automatic hold.
    expect(await automaticHolds()).toBe(holdsBefore);
  });

  it('keep: a rating nobody reported is kept without telling its rater; a reported one tells both', async () => {
    const quiet = await ratedPlayer();
    const kept = await decide(quiet.ratingId, { outcome: 'keep', rule: 'other', statement: 'Looked fine.' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await noticesOf([quiet.rater.userId])).toEqual([]);

    const loud = await ratedPlayer();
    const reporter = await member(t, 'reporter');
    await report(loud.ratingId, reporter.cookie, { reason: 'other' });
    expect((await decide(loud.ratingId, { outcome: 'keep', rule: 'other', statement: 'Fine.' })).statusCode).toBe(200);
    expect((await noticesOf([loud.rater.userId, reporter.userId])).map((row) => row.kind).sort()).toEqual([
      'rating-decision',
      'report-decision',
    ]);
    expect((await playerComments(loud.player.id)).length).toBeGreaterThan(0);
    // The reporter may report again now that their report is decided.
    expect((await report(loud.ratingId, reporter.cookie)).statusCode).toBe(201);
  });

  it('remove on a rating already down records the decision and leaves it down', async () => {
    const { ratingId } = await ratedPlayer();
    const reporter = await member(t, 'reporter');
    await report(ratingId, reporter.cookie);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/ratings/${ratingId}/remove`,
      headers: { cookie: adminCookie },
      payload: { rule: 'offensive' },
    });
    const res = await decide(ratingId, { outcome: 'remove', rule: 'offensive', statement: 'Already down.' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses non-admins, an unknown rating, and a missing or long statement', async () => {
    const { ratingId, rater } = await ratedPlayer();
    const body = { outcome: 'remove', rule: 'other', statement: 'No.' };
    expect((await decide(ratingId, body, null)).statusCode).toBe(401);
    expect((await decide(ratingId, body, rater.cookie)).statusCode).toBe(403);
    expect((await decide(2_000_000_000, body)).statusCode).toBe(404);
    expect((await decide(ratingId, { ...body, statement: '  ' })).statusCode).toBe(400);
    expect((await decide(ratingId, { ...body, statement: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await decide(ratingId, { ...body, outcome: 'confirm' })).statusCode).toBe(400);
    expect((await getJson(t, `/api/players/${(await ratedPlayer()).player.id}`)).statusCode).toBe(200);
  });
});

describe('decisions from the other paths', () => {
  const decisionsOf = (ratingId: number) =>
    t.database.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.ratingId, ratingId))
      .orderBy(moderationDecisions.id);

  it("an admin's take-down and restore are decisions of the moderator, closing open reports", async () => {
    const { ratingId, rater } = await ratedPlayer();
    const reporter = await member(t, 'reporter');
    await report(ratingId, reporter.cookie);
    const act = (action: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/ratings/${ratingId}/${action}`,
        headers: { cookie: adminCookie },
        payload,
      });
    expect((await act('remove', { rule: 'duplicate' })).statusCode).toBe(200);
    expect((await act('restore', { note: 'It was not a duplicate.' })).statusCode).toBe(200);
    expect((await decisionsOf(ratingId)).map((row) => [row.source, row.outcome, row.rule, row.statement])).toEqual([
      ['moderator', 'remove', 'duplicate', 'It duplicates another rating of the same player by the same rater.'],
      ['moderator', 'keep', null, 'It was not a duplicate.'],
    ]);
    const notices = await noticesOf([rater.userId, reporter.userId]);
    expect(notices.map((row) => [row.userId === rater.userId ? 'rater' : 'reporter', row.kind])).toEqual([
      ['reporter', 'report-decision'],
      ['rater', 'rating-decision'],
    ]);
    // A failed take-down records nothing.
    expect((await act('restore', {})).statusCode).toBe(409);
    expect(await decisionsOf(ratingId)).toHaveLength(2);
  });

  it('the resolution of an automatic hold is a decision tied to its flag', async () => {
    const { ratingId } = await ratedPlayer();
    const [flag] = await t.database.db
      .insert(flaggedComments)
      .values({
        ratingId,
        field: 'serveReturnComments',
        flaggedText: 'Deep serves, returns a bit short.',
        flagReason: 'other',
      })
      .returning();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/flagged-comments/${flag.id}/resolve`,
      headers: { cookie: adminCookie },
      payload: { action: 'keep_hidden', notes: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await decisionsOf(ratingId)).toMatchObject([
      { source: 'automatic-hold', outcome: 'hide-comment', rule: 'offensive', flaggedCommentId: flag.id },
    ]);
  });

  it('the review of a Trust & Safety flag: a confirm per rating, a dismiss for the flag', async () => {
    const first = await ratedPlayer();
    const second = await ratedPlayer();
    const flag = async (signature: string) =>
      (
        await t.database.db
          .insert(trustFlags)
          .values({
            type: 'boost',
            status: 'pending',
            score: 1,
            signature,
            raterKeys: [],
            playerIds: [first.player.id, second.player.id],
            ratingIds: [first.ratingId, second.ratingId],
            evidence: { z: 3, ratingMean: 5, playerOthersMean: 2, playerOthersCount: 4 },
          })
          .returning()
      )[0];
    const review = (id: number, action: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/trust/flags/${id}/review`,
        headers: { cookie: adminCookie },
        payload: { action, notes: null },
      });
    const confirmed = await flag(`boost:test:${first.ratingId}`);
    const confirmReply = await review(confirmed.id, 'confirm');
    expect(confirmReply.statusCode, confirmReply.body).toBe(200);
    for (const scenario of [first, second]) {
      expect(await decisionsOf(scenario.ratingId)).toMatchObject([
        { source: 'collusion', outcome: 'confirm', rule: 'conflict-of-interest', flagId: confirmed.id },
      ]);
      expect((await noticesOf([scenario.rater.userId])).map((row) => row.kind)).toEqual(['rating-decision']);
    }
    const dismissed = await flag(`boost:test:dismiss:${first.ratingId}`);
    expect((await review(dismissed.id, 'dismiss')).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(moderationDecisions)
      .where(and(eq(moderationDecisions.flagId, dismissed.id)));
    expect(rows).toMatchObject([{ ratingId: null, source: 'collusion', outcome: 'dismiss', rule: null }]);
  });
});
