import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NEXT_CURSOR_HEADER } from '../../../common/schemas/shared';
import { COUNT, expectedOrder, insertRatings, readAll, type Listed } from './rating-pages-fixtures';
import { createPlayer, getJson, postRating, ratingBody, uniqueEmail } from './ratings-fixtures';

/* My Ratings a page at a time: a rater with 55 ratings (rating-pages-fixtures.ts). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/my-ratings, a page at a time', () => {
  let email: string;
  let cookie: string;
  let rows: Awaited<ReturnType<typeof insertRatings>>;

  beforeAll(async () => {
    email = uniqueEmail('paged-rater');
    cookie = await signInAs(t, { email });
    const players = await Promise.all(Array.from({ length: COUNT }, () => createPlayer(t)));
    rows = await insertRatings(
      t,
      // The first three a microsecond apart in one millisecond.
      players.map((player, i) => ({ playerId: player.id, raterEmail: email, i, micros: i < 3 ? i + 1 : undefined })),
    );
  });

  it('answers the first 50, newest first, with the cursor; the cursor gives the rest and no header', async () => {
    const first = await getJson(t, '/api/my-ratings', { cookie });
    expect(first.statusCode).toBe(200);
    expect(first.json<Listed[]>().map((rating) => rating.id)).toEqual(expectedOrder(rows, 'newest').slice(0, 50));
    const second = await getJson(t, `/api/my-ratings?cursor=${String(first.headers[NEXT_CURSOR_HEADER])}`, {
      cookie,
    });
    expect(second.json<Listed[]>().map((rating) => rating.id)).toEqual(expectedOrder(rows, 'newest').slice(50));
    expect(second.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
  });

  it('reads every rating once one at a time, ratings a microsecond apart included', async () => {
    const { ids } = await readAll(t, '/api/my-ratings', cookie, 1);
    expect(ids).toHaveLength(COUNT);
    expect(new Set(ids).size).toBe(COUNT);
  });

  it.each(['highest', 'lowest'])('reads every rating once by %s stars, 20 at a time', async (sort) => {
    const { ids, pages } = await readAll(t, `/api/my-ratings?sort=${sort}`, cookie, 20);
    expect(pages).toEqual([20, 20, 15]);
    expect(ids).toEqual(expectedOrder(rows, sort));
  });

  it('refuses a cursor of the other kind of order and a bad limit with 400; 401 signed out', async () => {
    const byStars = await getJson(t, '/api/my-ratings?sort=highest&limit=1', { cookie });
    const starsCursor = String(byStars.headers[NEXT_CURSOR_HEADER]);
    const res = await getJson(t, `/api/my-ratings?sort=newest&cursor=${starsCursor}`, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid cursor', code: 'invalid_cursor' });
    expect((await getJson(t, '/api/my-ratings?limit=500', { cookie })).statusCode).toBe(400);
    expect((await getJson(t, '/api/my-ratings?limit=5')).statusCode).toBe(401);
  });

  it('lists a rating submitted through the API first, newest first', async () => {
    const player = await createPlayer(t);
    const submitted = (await postRating(t, cookie, ratingBody(player.id))).json<{ id: number }>();
    const res = await getJson(t, '/api/my-ratings?limit=1', { cookie });
    expect(res.json<Listed[]>().map((rating) => rating.id)).toEqual([submitted.id]);
  });
});
