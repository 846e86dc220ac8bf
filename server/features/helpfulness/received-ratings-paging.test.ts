import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NEXT_CURSOR_HEADER } from '../../../common/schemas/shared';
import { COUNT, expectedOrder, insertRatings, readAll, type Listed } from '../ratings/rating-pages-fixtures';
import { createPlayer, getJson, uniqueEmail, userIdOf } from '../ratings/ratings-fixtures';

/* Ratings About Me a page at a time: a player with 55 ratings (ratings/rating-pages-fixtures.ts). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/players/:id/received-ratings, a page at a time', () => {
  let ownerCookie: string;
  let playerId: number;
  let rows: Awaited<ReturnType<typeof insertRatings>>;

  beforeAll(async () => {
    const ownerEmail = uniqueEmail('paged-owner');
    ownerCookie = await signInAs(t, { email: ownerEmail });
    playerId = (await createPlayer(t, { userId: await userIdOf(t, ownerEmail) })).id;
    rows = await insertRatings(
      t,
      Array.from({ length: COUNT }, (_, i) => ({ playerId, raterEmail: uniqueEmail(`r${i}`), i })),
    );
  });

  const path = () => `/api/players/${playerId}/received-ratings`;

  it('answers the first 50, newest first, with the next page’s cursor; the cursor gives the last 5 and no header', async () => {
    const first = await getJson(t, path(), { cookie: ownerCookie });
    expect(first.statusCode).toBe(200);
    const page = first.json<Listed[]>();
    expect(page).toHaveLength(50);
    expect(page.map((rating) => rating.id)).toEqual(expectedOrder(rows, 'newest').slice(0, 50));
    const cursor = first.headers[NEXT_CURSOR_HEADER];
    expect(typeof cursor).toBe('string');

    const second = await getJson(t, `${path()}?cursor=${String(cursor)}`, { cookie: ownerCookie });
    expect(second.statusCode).toBe(200);
    expect(second.json<Listed[]>().map((rating) => rating.id)).toEqual(expectedOrder(rows, 'newest').slice(50));
    expect(second.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
  });

  it.each(['newest', 'highest', 'lowest'])('reads every rating once in %s order, 20 at a time', async (sort) => {
    const { ids, pages } = await readAll(t, `${path()}?sort=${sort}`, ownerCookie, 20);
    expect(pages).toEqual([20, 20, 15]);
    expect(ids).toEqual(expectedOrder(rows, sort));
  });

  it('puts the highest and the lowest stars first', async () => {
    const highest = (await getJson(t, `${path()}?sort=highest&limit=5`, { cookie: ownerCookie })).json<Listed[]>();
    const lowest = (await getJson(t, `${path()}?sort=lowest&limit=5`, { cookie: ownerCookie })).json<Listed[]>();
    expect(highest.map((rating) => rating.overallRating)).toEqual([5, 5, 5, 5, 5]);
    expect(lowest.map((rating) => rating.overallRating)).toEqual([1, 1, 1, 1, 1]);
  });

  it('keeps an anonymous rating’s time to the week, in the rows and in the cursor', async () => {
    const { ids } = await readAll(t, path(), ownerCookie, 1);
    expect(ids).toEqual(expectedOrder(rows, 'newest'));
    const res = await getJson(t, `${path()}?limit=1`, { cookie: ownerCookie });
    const decoded = Buffer.from(String(res.headers[NEXT_CURSOR_HEADER]), 'base64url').toString('utf8');
    expect(decoded).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const anonymous = res.json<Listed[]>().find((rating) => rating.isAnonymous);
    if (anonymous) expect(anonymous.createdAt).toMatch(/T00:00:00\.000Z$/);
  });

  it('answers 400 with a message for a bad cursor, limit or sort', async () => {
    const forged = Buffer.from('["2026-01-01",1]').toString('base64url');
    for (const query of ['cursor=nonsense', `cursor=${forged}`, 'limit=0', 'limit=101', 'limit=x', 'sort=oldest']) {
      const res = await getJson(t, `${path()}?${query}`, { cookie: ownerCookie });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toEqual(expect.any(String));
    }
    expect((await getJson(t, `${path()}?cursor=nonsense`, { cookie: ownerCookie })).json()).toEqual({
      message: 'Invalid cursor',
      code: 'invalid_cursor',
    });
  });

  it('keeps its access rules with paging parameters: 401 signed out, 403 to another user, 200 to an admin', async () => {
    const query = `${path()}?limit=5&sort=lowest`;
    expect((await getJson(t, query)).statusCode).toBe(401);
    const stranger = await signInAs(t, { email: uniqueEmail('stranger') });
    expect((await getJson(t, query, { cookie: stranger })).statusCode).toBe(403);
    const admin = await signInAs(t, { email: uniqueEmail('admin'), isAdmin: true });
    const res = await getJson(t, query, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json<Listed[]>()).toHaveLength(5);
  });

  it('answers an empty page and no header for a player without ratings', async () => {
    const email = uniqueEmail('unrated');
    const cookie = await signInAs(t, { email });
    const unrated = await createPlayer(t, { userId: await userIdOf(t, email) });
    const res = await getJson(t, `/api/players/${unrated.id}/received-ratings?sort=highest`, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
  });
});
