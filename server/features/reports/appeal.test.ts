import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationDecisions, notifications } from '../../db/schema/index';
import { adminTokenHeaders } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getJson } from '../ratings/ratings-fixtures';
import { decide, person, ratedScene, type Person } from './appeal-fixtures';

/* docs/product.md#appeals: the statement of reasons, the appeal, and its decision by a different admin. */

let t: TestApp;
let adminA: Person;
let adminB: Person;
let stranger: Person;
let unconfirmed: Person;
beforeAll(async () => {
  t = await createTestApp();
  adminA = await person(t, 'admin-a', { isAdmin: true });
  adminB = await person(t, 'admin-b', { isAdmin: true });
  stranger = await person(t, 'stranger');
  unconfirmed = await person(t, 'unconfirmed', { emailVerified: false });
});
afterAll(() => t.close());

const view = (decisionId: number | string, cookie?: string) =>
  getJson(t, `/api/decisions/${decisionId}`, cookie ? { cookie } : {});
const appeal = (decisionId: number | string, cookie: string | undefined, text = 'I played with them every week.') =>
  t.app.inject({
    method: 'POST',
    url: `/api/decisions/${decisionId}/appeal`,
    headers: cookie ? { cookie } : {},
    payload: { text },
  });
const decideAppeal = (appealId: number, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/appeals/${appealId}/decision`, headers, payload });
const queue = (status: string, headers: Record<string, string>) =>
  getJson(t, `/api/admin/appeals?status=${status}`, headers);
const noticesOf = (userId: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'appeal-outcome')));

describe('GET /api/decisions/:id: the statement of reasons', () => {
  it('shows the decision to its rater, reporter, rated player and admins, and 404s everyone else', async () => {
    const scene = await ratedScene(t);
    const decisionId = await decide(t, scene, adminA, 'remove');

    expect((await view(decisionId)).statusCode).toBe(401);
    for (const outsider of [stranger, unconfirmed]) {
      const res = await view(decisionId, outsider.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Decision not found', code: 'decision_not_found' });
    }
    expect((await view(999_999, adminA.cookie)).statusCode).toBe(404);

    const rater = await view(decisionId, scene.rater.cookie);
    expect(rater.statusCode, rater.body).toBe(200);
    expect(rater.json()).toMatchObject({
      id: decisionId,
      outcome: 'remove',
      rule: 'offensive',
      ruleSentence: 'It contains offensive or abusive language.',
      statement: 'Decided remove after reading the comment.',
      rating: { id: scene.rating.id, playerId: scene.player.id, playerName: 'Dana Dinker', removed: true },
      role: 'rater',
      canAppeal: true,
      appealRefusal: null,
      appeal: null,
    });
    const { decidedAt, appealUntil } = rater.json<{ decidedAt: string; appealUntil: string }>();
    expect(Date.parse(appealUntil) - Date.parse(decidedAt)).toBe(183 * 24 * 3600 * 1000);

    for (const [party, role] of [
      [scene.reporter, 'reporter'],
      [scene.rated, 'rated-player'],
      [adminB, 'admin'],
    ] as const) {
      const res = await view(decisionId, party.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ role, canAppeal: false, appealRefusal: expect.any(String) as unknown });
      // Nobody learns from the statement who rated or who reported.
      expect(res.body).not.toContain(scene.rater.email);
      expect(res.body).not.toContain(scene.reporter.email);
      expect(res.body).not.toContain(scene.reporter.userId);
    }
  });
});

describe('POST /api/decisions/:id/appeal', () => {
  it('lets the rater appeal a removal once, and refuses everyone else', async () => {
    const scene = await ratedScene(t);
    const decisionId = await decide(t, scene, adminA, 'remove');

    expect((await appeal(decisionId, undefined)).statusCode).toBe(401);
    expect((await appeal(decisionId, unconfirmed.cookie)).json()).toMatchObject({ code: 'email_unconfirmed' });
    expect((await appeal(decisionId, stranger.cookie)).statusCode).toBe(404);
    for (const party of [scene.reporter, scene.rated, adminB]) {
      const res = await appeal(decisionId, party.cookie);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'appeal_not_allowed' });
    }
    expect((await appeal(decisionId, scene.rater.cookie, '   ')).statusCode).toBe(400);
    expect((await appeal(decisionId, scene.rater.cookie, 'x'.repeat(2001))).statusCode).toBe(400);

    const filed = await appeal(decisionId, scene.rater.cookie, 'My comment was about the line calls.');
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json()).toMatchObject({
      decisionId,
      role: 'rater',
      text: 'My comment was about the line calls.',
      outcome: null,
    });

    const again = await appeal(decisionId, scene.rater.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'appeal_already_made' });
    expect((await view(decisionId, scene.rater.cookie)).json()).toMatchObject({
      canAppeal: false,
      appeal: { text: 'My comment was about the line calls.', outcome: null },
    });
  });

  it('lets a reporter and the rated player appeal a keep, not the rater', async () => {
    const scene = await ratedScene(t);
    const decisionId = await decide(t, scene, adminA, 'keep');
    expect((await appeal(decisionId, scene.rater.cookie)).statusCode).toBe(403);
    expect((await appeal(decisionId, scene.reporter.cookie)).json()).toMatchObject({ role: 'reporter' });
    expect((await appeal(decisionId, scene.rated.cookie)).json()).toMatchObject({ role: 'rated-player' });
  });

  it('closes 6 months after the decision', async () => {
    const scene = await ratedScene(t);
    const decisionId = await decide(t, scene, adminA, 'hide-comment');
    await t.database.db
      .update(moderationDecisions)
      .set({ decidedAt: sql`now() - interval '184 days'` })
      .where(eq(moderationDecisions.id, decisionId));
    const res = await appeal(decisionId, scene.rater.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string; code: string }>()).toMatchObject({
      code: 'appeal_window_closed',
      message: expect.stringContaining('within 6 months') as unknown,
    });
    expect((await view(decisionId, scene.rater.cookie)).json()).toMatchObject({ canAppeal: false });

    await t.database.db
      .update(moderationDecisions)
      .set({ decidedAt: sql`now() - interval '182 days'` })
      .where(eq(moderationDecisions.id, decisionId));
    expect((await appeal(decisionId, scene.rater.cookie)).statusCode).toBe(201);
  });
});

describe('the admins: GET /api/admin/appeals and POST /api/admin/appeals/:id/decision', () => {
  it('a different admin reverses a removal: the rating counts and shows again, and the rater hears it', async () => {
    const scene = await ratedScene(t);
    /** What the rated player's figures and public page show. */
    const player = async () => {
      const detail = (await getJson(t, `/api/players/${scene.player.id}`)).json<Record<string, unknown>>();
      const page = (await getJson(t, `/api/players/${scene.player.id}/page`, { cookie: stranger.cookie })).json<
        Record<string, unknown>
      >();
      const comments = (
        await getJson(t, `/api/players/${scene.player.id}/comments`, { cookie: stranger.cookie })
      ).json<unknown>();
      return {
        ratingCount: detail.ratingCount,
        averageRatings: detail.averageRatings,
        ratingBreakdown: detail.ratingBreakdown,
        overallDistribution: page.overallDistribution,
        comments,
      };
    };
    const before = await player();
    expect(before).toMatchObject({ ratingCount: 1, averageRatings: { overall: 1 } });
    const decisionId = await decide(t, scene, adminA, 'remove');
    const removed = await player();
    expect(removed).toMatchObject({ ratingCount: 0, averageRatings: { overall: null } });
    expect(removed.overallDistribution).not.toEqual(before.overallDistribution);
    const appealId = (await appeal(decisionId, scene.rater.cookie, 'Please look again.')).json<{ id: number }>().id;

    expect((await queue('open', {})).statusCode).toBe(401);
    expect((await queue('open', { cookie: stranger.cookie })).statusCode).toBe(403);
    const open = await queue('open', { cookie: adminB.cookie });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json<{ appeals: unknown[] }>().appeals).toContainEqual(
      expect.objectContaining({
        id: appealId,
        text: 'Please look again.',
        appellant: expect.objectContaining({ email: scene.rater.email }) as unknown,
        decision: expect.objectContaining({ id: decisionId, outcome: 'remove', decidedBy: adminA.email }) as unknown,
        rating: expect.objectContaining({
          id: scene.rating.id,
          raterEmail: scene.rater.email,
          removed: true,
        }) as unknown,
      }),
    );

    const body = { outcome: 'reversed', statement: 'The comment is about play, not the person.' };
    expect((await decideAppeal(appealId, {}, body)).statusCode).toBe(401);
    expect((await decideAppeal(appealId, { cookie: scene.rater.cookie }, body)).statusCode).toBe(403);
    const same = await decideAppeal(appealId, { cookie: adminA.cookie }, body);
    expect(same.statusCode).toBe(403);
    expect(same.json()).toEqual({ message: 'A different admin must decide this appeal', code: 'appeal_same_admin' });
    expect(await player()).toEqual(removed);

    const reversed = await decideAppeal(appealId, { cookie: adminB.cookie }, body);
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json()).toMatchObject({ id: appealId, outcome: 'reversed', decidedBy: adminB.email });
    expect(await player()).toEqual(before);
    const received = await getJson(t, `/api/players/${scene.player.id}/received-ratings`, {
      cookie: scene.rated.cookie,
    });
    expect(received.json<{ id: number }[]>().map((rating) => rating.id)).toEqual([scene.rating.id]);

    const [reversal] = await t.database.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.reversesDecisionId, decisionId));
    expect(reversal).toMatchObject({ outcome: 'keep', ratingId: scene.rating.id, decidedBy: adminB.userId });
    expect(await noticesOf(scene.rater.userId)).toEqual([
      expect.objectContaining({
        title: 'Your appeal succeeded: the decision was reversed',
        body: body.statement,
        link: `/decisions/${decisionId}`,
        dedupeKey: `appeal:${appealId}`,
      }),
    ]);
    expect((await view(decisionId, scene.rater.cookie)).json()).toMatchObject({
      rating: { removed: false },
      reversedBy: { decisionId: reversal.id },
      appeal: { outcome: 'reversed', statement: body.statement },
    });
    // The other parties read that it was reversed too, though the appeal was not theirs.
    expect((await view(decisionId, scene.reporter.cookie)).json()).toMatchObject({
      reversedBy: { decisionId: reversal.id },
      appeal: null,
    });
    expect((await view(reversal.id, scene.rater.cookie)).json()).toMatchObject({
      outcome: 'keep',
      reversesDecisionId: decisionId,
      canAppeal: false,
      appealRefusal: 'This decision was made on appeal, so it is final',
    });

    const twice = await decideAppeal(appealId, { cookie: adminB.cookie }, body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'appeal_already_decided' });
    expect(
      (await queue('decided', { cookie: adminB.cookie })).json<{ appeals: { id: number }[] }>().appeals,
    ).toContainEqual(expect.objectContaining({ id: appealId }));
    expect(
      (await queue('open', { cookie: adminB.cookie })).json<{ appeals: { id: number }[] }>().appeals,
    ).not.toContainEqual(expect.objectContaining({ id: appealId }));
  });

  it('a different admin reverses a hidden comment: the comment and the reply it hid show again', async () => {
    const scene = await ratedScene(t);
    const comment = 'Great soft game at the kitchen line';
    const replyText = 'What a dick move, rating me like that.';
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/ratings/${scene.rating.id}/reply`,
      headers: { cookie: scene.rated.cookie },
      payload: { text: replyText },
    });
    expect(put.statusCode, put.body).toBe(200);
    /** What the public player page and the rated player's Ratings About Me show of the rating. */
    const shown = async () => {
      const page = await getJson(t, `/api/players/${scene.player.id}/comments`, { cookie: stranger.cookie });
      const received = await getJson(t, `/api/players/${scene.player.id}/received-ratings`, {
        cookie: scene.rated.cookie,
      });
      expect(page.statusCode, page.body).toBe(200);
      expect(received.statusCode, received.body).toBe(200);
      const about = received.json<{ id: number; reply: { text: string } | null }[]>();
      return {
        page: page.body.includes(comment),
        pageReply: page.body.includes(replyText),
        aboutMe: received.body.includes(comment),
        aboutMeReply: about.find((rating) => rating.id === scene.rating.id)?.reply?.text ?? null,
      };
    };
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${scene.rating.id}/decision`,
      headers: { cookie: adminA.cookie },
      payload: { outcome: 'hide-comment', rule: 'offensive', statement: 'The comment and the reply insult.' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const decisionId = decided.json<{ decision: { id: number } }>().decision.id;
    expect(await shown()).toEqual({ page: false, pageReply: false, aboutMe: false, aboutMeReply: null });

    const appealId = (await appeal(decisionId, scene.rater.cookie, 'The comment is about play.')).json<{ id: number }>()
      .id;
    const body = { outcome: 'reversed', statement: 'The comment is about play, and so is the reply.' };
    const reversed = await decideAppeal(appealId, { cookie: adminB.cookie }, body);
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(await shown()).toEqual({ page: true, pageReply: true, aboutMe: true, aboutMeReply: replyText });
    expect((await getJson(t, `/api/players/${scene.player.id}`)).json()).toMatchObject({ ratingCount: 1 });

    const [reversal] = await t.database.db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.reversesDecisionId, decisionId));
    expect(reversal).toMatchObject({ outcome: 'keep', ratingId: scene.rating.id, decidedBy: adminB.userId });
    expect((await view(decisionId, scene.rater.cookie)).json()).toMatchObject({
      reversedBy: { decisionId: reversal.id },
      appeal: { outcome: 'reversed' },
    });
  });

  it('upholding leaves the decision as it was and tells the appellant', async () => {
    const scene = await ratedScene(t);
    const decisionId = await decide(t, scene, adminA, 'remove');
    const appealId = (await appeal(decisionId, scene.rater.cookie)).json<{ id: number }>().id;
    const upheld = await decideAppeal(appealId, await adminTokenHeaders(t), {
      outcome: 'upheld',
      statement: 'The comment insults the player.',
    });
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect((await view(decisionId, scene.rater.cookie)).json()).toMatchObject({
      rating: { removed: true },
      appeal: { outcome: 'upheld' },
    });
    expect(await noticesOf(scene.rater.userId)).toEqual([
      expect.objectContaining({
        title: 'Your appeal was decided: the decision stands',
        dedupeKey: `appeal:${appealId}`,
      }),
    ]);
  });

  it('reversing a keep removes the rating under the rule it names, and needs one', async () => {
    const scene = await ratedScene(t);
    const decisionId = await decide(t, scene, adminA, 'keep');
    const appealId = (await appeal(decisionId, scene.reporter.cookie)).json<{ id: number }>().id;
    const body = { outcome: 'reversed', statement: 'It is not based on play.' };
    const noRule = await decideAppeal(appealId, { cookie: adminB.cookie }, body);
    expect(noRule.statusCode).toBe(400);
    expect(noRule.json()).toMatchObject({ code: 'appeal_rule_required' });
    const reversed = await decideAppeal(appealId, { cookie: adminB.cookie }, { ...body, rule: 'not-based-on-play' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await getJson(t, `/api/players/${scene.player.id}`)).json()).toMatchObject({ ratingCount: 0 });
    expect((await noticesOf(scene.reporter.userId)).map((notice) => notice.dedupeKey)).toEqual([`appeal:${appealId}`]);
  });

  it('an admin token counts as the admin it names: the label decides when the decision has no user', async () => {
    const scene = await ratedScene(t);
    const decisionId = await decide(t, scene, adminA, 'keep');
    await t.database.db
      .update(moderationDecisions)
      .set({ decidedBy: null, decidedByLabel: 'admin:admin@example.com' })
      .where(eq(moderationDecisions.id, decisionId));
    const appealId = (await appeal(decisionId, scene.rated.cookie)).json<{ id: number }>().id;
    const res = await decideAppeal(appealId, await adminTokenHeaders(t), { outcome: 'upheld', statement: 'Stands.' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'A different admin must decide this appeal' });
    expect(
      (await decideAppeal(appealId, { cookie: adminB.cookie }, { outcome: 'upheld', statement: 'Stands.' })).statusCode,
    ).toBe(200);
  });

  it('answers 404 for an unknown appeal', async () => {
    const res = await decideAppeal(999_999, { cookie: adminB.cookie }, { outcome: 'upheld', statement: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'appeal_not_found' });
  });
});
