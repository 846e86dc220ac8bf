import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratings } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NEXT_CURSOR_HEADER } from '../../../common/schemas/shared';
import { createPlayer, getJson, postRating, ratingBody, uniqueEmail, userIdOf } from './ratings-fixtures';

/*
 * The rating lists a page at a time: a player with 55 ratings (Ratings About Me) and a rater with 55 (My Ratings),
 * written straight to the table so their times and stars are known, including ties.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Listed = { id: number; overallRating: number; createdAt: string; isAnonymous: boolean };

const COUNT = 55;
const BASE = Date.parse('2026-03-02T12:00:00.000Z');

/** The i-th rating's stars (1-5, many ties) and time (a minute apart; two pairs share one exact time). */
const starsOf = (i: number) => 1 + ((i * 7) % 5);
const minuteOf = (i: number) => (i === 11 || i === 30 ? i - 1 : i);

async function insertRatings(rows: { playerId: number; raterEmail: string; i: number; micros?: number }[]) {
  const inserted = await t.database.db
    .insert(ratings)
    .values(
      rows.map(({ playerId, raterEmail, i, micros }) => ({
        playerId,
        raterEmail,
        isAnonymous: i % 4 === 0,
        serveReturn: 3,
        groundstrokesThirdShot: 3,
        netPlayVolleysDinks: 3,
        movementCourtAwareness: 3,
        mentalPhysicalGame: 3,
        overallRating: starsOf(i),
        // Microseconds apart within one millisecond when asked: a cursor must not lose them.
        createdAt:
          micros === undefined
            ? new Date(BASE + minuteOf(i) * 60_000)
            : sql`${new Date(BASE).toISOString()}::timestamptz + make_interval(secs => ${micros} / 1000000.0)`,
      })),
    )
    .returning({ id: ratings.id, overallRating: ratings.overallRating, createdAt: ratings.createdAt });
  return inserted;
}

/** What each order must give, computed here from the rows: ties by id descending (newest first). */
function expectedOrder(rows: { id: number; overallRating: number; createdAt: Date }[], sort: string): number[] {
  const sorted = [...rows].sort((a, b) => {
    const byKey =
      sort === 'newest'
        ? b.createdAt.getTime() - a.createdAt.getTime()
        : sort === 'highest'
          ? b.overallRating - a.overallRating
          : a.overallRating - b.overallRating;
    return byKey || b.id - a.id;
  });
  return sorted.map((row) => row.id);
}

/** Follows x-next-cursor to the end, checking each page's size; answers the ids in the order read. */
async function readAll(path: string, cookie: string, limit: number): Promise<{ ids: number[]; pages: number[] }> {
  const ids: number[] = [];
  const pages: number[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard += 1) {
    const separator = path.includes('?') ? '&' : '?';
    const url = `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await getJson(t, url, { cookie });
    expect(res.statusCode).toBe(200);
    const page = res.json<Listed[]>();
    ids.push(...page.map((rating) => rating.id));
    pages.push(page.length);
    const next = res.headers[NEXT_CURSOR_HEADER];
    if (next === undefined) return { ids, pages };
    cursor = String(next);
  }
  throw new Error('more than 100 pages');
}

describe('GET /api/players/:id/received-ratings, a page at a time', () => {
  let ownerCookie: string;
  let playerId: number;
  let rows: { id: number; overallRating: number; createdAt: Date }[];

  beforeAll(async () => {
    const ownerEmail = uniqueEmail('paged-owner');
    ownerCookie = await signInAs(t, { email: ownerEmail });
    playerId = (await createPlayer(t, { userId: await userIdOf(t, ownerEmail) })).id;
    rows = await insertRatings(
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
    const { ids, pages } = await readAll(`${path()}?sort=${sort}`, ownerCookie, 20);
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
    const { ids } = await readAll(path(), ownerCookie, 1);
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

describe('GET /api/my-ratings, a page at a time', () => {
  let email: string;
  let cookie: string;
  let rows: { id: number; overallRating: number; createdAt: Date }[];

  beforeAll(async () => {
    email = uniqueEmail('paged-rater');
    cookie = await signInAs(t, { email });
    const players = await Promise.all(Array.from({ length: COUNT }, () => createPlayer(t)));
    rows = await insertRatings(
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
    const { ids } = await readAll('/api/my-ratings', cookie, 1);
    expect(ids).toHaveLength(COUNT);
    expect(new Set(ids).size).toBe(COUNT);
  });

  it.each(['highest', 'lowest'])('reads every rating once by %s stars, 20 at a time', async (sort) => {
    const { ids, pages } = await readAll(`/api/my-ratings?sort=${sort}`, cookie, 20);
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
