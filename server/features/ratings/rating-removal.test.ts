import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, ratingRemovals } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { recount } from '../integrity/integrity.service';
import {
  createPlayer,
  getJson,
  myStatsOf,
  postRating,
  ratingBody,
  releaseAnonymous,
  signInRater,
  userIdOf,
  type RatingJson,
} from './ratings-fixtures';

/* docs/product.md#take-down: a removed rating stays stored but counts nowhere; a restore puts it back everywhere. */

const anyString: unknown = expect.any(String);

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: 'metrics-token-1234567890' });
  adminCookie = await signInAs(t, { email: 'moderator@example.com', isAdmin: true });
});
afterAll(() => t.close());

const act = (ratingId: number | string, action: 'remove' | 'restore', payload: object = {}, cookie = adminCookie) =>
  t.app.inject({ method: 'POST', url: `/api/admin/ratings/${ratingId}/${action}`, headers: { cookie }, payload });

/** A named rating by a fresh rater of a fresh player linked to a fresh member, and everyone's cookies. */
async function ratedPlayer(body: Record<string, unknown> = {}) {
  const rated = await signInRater(t, 'rated');
  const player = await createPlayer(t, { userId: await userIdOf(t, rated.email) });
  const rater = await signInRater(t);
  const res = await postRating(t, rater.cookie, ratingBody(player.id, { overallRating: 2, ...body }));
  expect(res.statusCode, res.body).toBe(201);
  return { rated, rater, player, rating: res.json<RatingJson>() };
}

/** What the rated player's page, list and figures show, and the rater's figures. */
async function observe(scenario: Awaited<ReturnType<typeof ratedPlayer>>) {
  const detail = (await getJson(t, `/api/players/${scenario.player.id}`)).json<Record<string, unknown>>();
  const received = await getJson(t, `/api/players/${scenario.player.id}/received-ratings`, {
    cookie: scenario.rated.cookie,
  });
  const stats = await myStatsOf(t, scenario.rater.cookie);
  const mine = (await getJson(t, '/api/my-ratings', { cookie: scenario.rater.cookie })).json<RatingJson[]>();
  return {
    ratingCount: detail.ratingCount,
    breakdown: detail.ratingBreakdown,
    comments: (detail.recentComments as unknown[]).length,
    received: received.json<unknown[]>().length,
    points: stats.totalPoints,
    ratingsSubmitted: stats.ratingsSubmitted,
    badges: stats.achievements.map((badge) => badge.achievementType),
    mine: mine.map((rating) => ({ id: rating.id, removal: rating.removal, pendingRelease: rating.pendingRelease })),
  };
}

describe('POST /api/admin/ratings/:id/remove and /restore', () => {
  it('takes a rating out of every figure and list, keeps it stored, and restores it as it was', async () => {
    const scenario = await ratedPlayer();
    const before = await observe(scenario);
    expect(before).toMatchObject({
      ratingCount: 1,
      comments: 1,
      received: 1,
      ratingsSubmitted: 1,
      badges: ['first_rating'],
    });

    const removed = await act(scenario.rating.id, 'remove', { rule: 'offensive', note: 'Slur in the comment' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ ratingId: scenario.rating.id, removal: { rule: 'offensive' } });

    const after = await observe(scenario);
    expect(after).toMatchObject({
      ratingCount: 0,
      breakdown: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      comments: 0,
      received: 0,
      points: 0,
      ratingsSubmitted: 0,
      badges: [],
    });
    // Its rater still sees it, marked removed, and nothing waits for a release.
    expect(after.mine).toEqual([
      { id: scenario.rating.id, removal: { rule: 'offensive', removedAt: anyString }, pendingRelease: false },
    ]);
    const [record] = await t.database.db
      .select()
      .from(ratingRemovals)
      .where(eq(ratingRemovals.ratingId, scenario.rating.id));
    expect(record).toMatchObject({
      action: 'remove',
      rule: 'offensive',
      note: 'Slur in the comment',
      actedByLabel: anyString,
    });

    const list = (await getJson(t, '/api/admin/ratings/removed', { cookie: adminCookie })).json<
      { ratingId: number }[]
    >();
    expect(list.map((row) => row.ratingId)).toContain(scenario.rating.id);

    const restored = await act(scenario.rating.id, 'restore', { note: 'Appeal upheld' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ ratingId: scenario.rating.id, removal: null });
    expect(await observe(scenario)).toEqual({ ...before, badges: ['first_rating'] });
  });

  it('answers 409 for a second removal or a restore of a standing rating, 404 for an unknown one', async () => {
    const { rating } = await ratedPlayer();
    expect((await act(rating.id, 'restore')).statusCode).toBe(409);
    expect((await act(rating.id, 'remove', { rule: 'spam-or-fake-account' })).statusCode).toBe(200);
    const again = await act(rating.id, 'remove', { rule: 'spam-or-fake-account' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This rating is already removed', code: 'rating_already_removed' });
    expect((await act(2_000_000_000, 'remove', { rule: 'other' })).statusCode).toBe(404);
    expect((await act(2_000_000_000, 'restore')).statusCode).toBe(404);
  });

  it('refuses an unknown rule and every caller who is not an admin', async () => {
    const { rating, rater, rated } = await ratedPlayer();
    const bad = await act(rating.id, 'remove', { rule: 'rude' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('rule must be one of');
    expect((await act(rating.id, 'remove', { rule: 'other' }, rater.cookie)).statusCode).toBe(403);
    expect((await act(rating.id, 'remove', { rule: 'other' }, rated.cookie)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/ratings/${rating.id}/remove`,
          payload: { rule: 'other' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('keeps the rater from editing a removed rating', async () => {
    const { rating, rater } = await ratedPlayer();
    await act(rating.id, 'remove', { rule: 'not-based-on-play' });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/ratings/${rating.id}`,
      headers: { cookie: rater.cookie },
      payload: {
        serveReturn: 5,
        groundstrokesThirdShot: 5,
        netPlayVolleysDinks: 5,
        movementCourtAwareness: 5,
        mentalPhysicalGame: 5,
      },
    });
    expect(edit.statusCode).toBe(409);
  });

  it('keeps a removed anonymous rating out of the release, and a restore lets the next release take it', async () => {
    const { rating, player } = await ratedPlayer({ isAnonymous: true });
    await act(rating.id, 'remove', { rule: 'conflict-of-interest' });
    await releaseAnonymous(t, { crowd: 3 });
    expect((await getJson(t, `/api/players/${player.id}`)).json()).toMatchObject({ ratingCount: 0 });
    await act(rating.id, 'restore');
    expect((await getJson(t, `/api/players/${player.id}`)).json()).toMatchObject({ ratingCount: 0 });
  });
});

describe('the recount as an oracle (GET /api/admin/integrity)', () => {
  it('catches a stored count that drifted from its rows, in the integrity call and the metric', async () => {
    const { player } = await ratedPlayer();
    const clean = await t.app.inject({
      method: 'POST',
      url: '/api/admin/integrity/check',
      headers: { cookie: adminCookie },
    });
    expect(clean.statusCode).toBe(200);
    expect(clean.json()).toMatchObject({ mismatchCount: 0, mismatches: [] });

    await t.database.db
      .update(players)
      .set({ ratingCount: sql`${players.ratingCount} + 1` })
      .where(eq(players.id, player.id));
    await t.app.inject({ method: 'POST', url: '/api/admin/integrity/check', headers: { cookie: adminCookie } });
    const latest = await getJson(t, '/api/admin/integrity', { cookie: adminCookie });
    expect(latest.json()).toMatchObject({
      checkedAt: anyString,
      mismatchCount: 1,
      mismatches: [
        {
          table: 'players',
          key: `player ${player.id}`,
          stored: { ratingCount: 2 },
          recounted: { ratingCount: 1 },
        },
      ],
    });
    const metrics = await getJson(t, '/metrics', { authorization: 'Bearer metrics-token-1234567890' });
    expect(metrics.body).toMatch(/^integrity_mismatches 1$/m);

    // Put it right, so the file's closing recount sees the rows agree again.
    await t.database.db
      .update(players)
      .set({ ratingCount: sql`${players.ratingCount} - 1` })
      .where(eq(players.id, player.id));
    expect((await recount(t.database.db)).mismatchCount).toBe(0);
  });

  it('is for admins only', async () => {
    const { rater } = await ratedPlayer();
    expect((await getJson(t, '/api/admin/integrity', { cookie: rater.cookie })).statusCode).toBe(403);
    expect((await getJson(t, '/api/admin/integrity')).statusCode).toBe(401);
  });
});
