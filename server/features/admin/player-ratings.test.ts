import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratings } from '../../db/schema/index';
import { adminRouteCallers } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AdminPlayerRatingsReply } from '../../../common/schemas/admin-player-ratings';
import type { RatingRemovalReply } from '../../../common/schemas/rating-removal';
import { NEXT_CURSOR_HEADER } from '../../../common/schemas/shared';
import { createPlayer, postRating, ratingBody, signInRater, type RatingJson } from '../ratings/ratings-fixtures';

/* docs/product.md#take-down: GET /api/admin/players/:id/ratings, the player's ratings as admins review them. */

let t: TestApp;
let callers: Awaited<ReturnType<typeof adminRouteCallers>>;
let playerId: number;
/** Oldest first: named, anonymous (not released), named and then taken down. */
const written: { id: number; email: string }[] = [];
let removedAt: string;

const get = (url: string, headers: Record<string, string> = { cookie: callers.adminCookie }) =>
  t.app.inject({ method: 'GET', url, headers });

/** Takes a rating down through the moderators' call (docs/product.md#take-down). */
async function takeDown(ratingId: number, note: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/ratings/${ratingId}/remove`,
    headers: callers.tokenHeaders,
    payload: { rule: 'offensive', note },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RatingRemovalReply>().removal!.removedAt;
}

beforeAll(async () => {
  t = await createTestApp();
  callers = await adminRouteCallers(t, 'player-ratings');
  playerId = (await createPlayer(t, { firstName: 'Reviewed' })).id;
  for (const [i, isAnonymous] of [false, true, false].entries()) {
    const rater = await signInRater(t, `rater${i}`);
    const res = await postRating(t, rater.cookie, ratingBody(playerId, { isAnonymous }));
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<RatingJson>();
    // A second apart, so newest first is a known order.
    await t.database.db
      .update(ratings)
      .set({ createdAt: new Date(Date.parse('2026-11-01T00:00:00.000Z') + i * 1000) })
      .where(eq(ratings.id, id));
    written.push({ id, email: rater.email });
  }
  removedAt = await takeDown(written[2].id, 'Slur in the comment');
});
afterAll(() => t.close());

describe('GET /api/admin/players/:id/ratings', () => {
  it('answers every rating newest first, removed and unreleased ones marked, with raters even when anonymous', async () => {
    const res = await get(`/api/admin/players/${playerId}/ratings`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AdminPlayerRatingsReply>();
    expect(body.total).toBe(3);
    expect(body.removed).toBe(1);
    expect(body.ratings.map((rating) => rating.id)).toEqual(written.map((rating) => rating.id).reverse());
    expect(body.ratings.map((rating) => rating.raterEmail)).toEqual(written.map((rating) => rating.email).reverse());

    const [removed, anonymous, named] = body.ratings;
    expect(removed.removal).toEqual({
      rule: 'offensive',
      removedAt,
      note: 'Slur in the comment',
      removedBy: 'admin:admin@example.com',
    });
    expect(removed.awaitingRelease).toBe(false);
    expect(anonymous).toMatchObject({ isAnonymous: true, awaitingRelease: true, removal: null });
    expect(named).toMatchObject({
      isAnonymous: false,
      awaitingRelease: false,
      removal: null,
      raterName: 'Rita Rater',
      overallRating: 4,
      strengthsImprovements: ratingBody(playerId).strengthsImprovements,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
  });

  it('pages through the cursor, each rating once', async () => {
    const first = await get(`/api/admin/players/${playerId}/ratings?limit=2`);
    const cursor = first.headers[NEXT_CURSOR_HEADER];
    expect(cursor).toEqual(expect.any(String));
    const second = await get(`/api/admin/players/${playerId}/ratings?limit=2&cursor=${String(cursor)}`);
    expect(second.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    const ids = [first, second].flatMap((res) => res.json<AdminPlayerRatingsReply>().ratings.map((r) => r.id));
    expect(ids).toEqual(written.map((rating) => rating.id).reverse());
  });

  it('answers admin tokens too, and refuses members and the signed out', async () => {
    expect((await get(`/api/admin/players/${playerId}/ratings`, callers.tokenHeaders)).statusCode).toBe(200);
    expect((await get(`/api/admin/players/${playerId}/ratings`, { cookie: callers.userCookie })).statusCode).toBe(403);
    expect((await get(`/api/admin/players/${playerId}/ratings`, {})).statusCode).toBe(401);
  });

  it('answers 404 for an unknown player and 400 for a forged cursor', async () => {
    const unknown = await get('/api/admin/players/2147483000/ratings');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'player_not_found' });
    expect((await get(`/api/admin/players/${playerId}/ratings?cursor=bm9wZQ`)).statusCode).toBe(400);
  });
});
