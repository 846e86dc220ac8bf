import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  createPlayer,
  getJson,
  myStatsOf,
  playerRow,
  postRating,
  putRating,
  ratingBody,
  signInRater,
  uniqueEmail,
  type RatingJson,
} from './ratings-fixtures';

/* Editing a rating: its rater or an admin, the player's aggregates moved by the difference. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PUT /api/ratings/:id', () => {
  const edit = (overrides: Record<string, unknown> = {}) => ({
    serveReturn: 2,
    groundstrokesThirdShot: 2,
    netPlayVolleysDinks: 3,
    movementCourtAwareness: 2,
    mentalPhysicalGame: 2,
    overallRating: 2.2,
    strengthsImprovements: 'Needs steadier resets from the transition zone.',
    ...overrides,
  });

  async function scenario(body: Record<string, unknown> = {}) {
    const who = await signInRater(t);
    const player = await createPlayer(t);
    const res = await postRating(t, who.cookie, ratingBody(player.id, body));
    expect(res.statusCode).toBe(201);
    return { ...who, player, rating: res.json<RatingJson>() };
  }

  it('stores the new scores with the overall as the one-decimal mean of the five categories', async () => {
    const { cookie, rating } = await scenario({ serveReturnComments: 'Deep returns' });
    const res = await putRating(t, cookie, rating.id, edit({ overallRating: 5 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: rating.id,
      serveReturn: 2,
      netPlayVolleysDinks: 3,
      overallRating: 2.2,
      strengthsImprovements: 'Needs steadier resets from the transition zone.',
      // Absent comments keep their text.
      serveReturnComments: 'Deep returns',
    });
    const again = await getJson(t, `/api/ratings/${rating.id}`, { cookie });
    expect(again.json()).toMatchObject({ overallRating: 2.2, serveReturn: 2 });
  });

  it('rounds the mean to one decimal', async () => {
    const { cookie, rating } = await scenario();
    const res = await putRating(
      t,
      cookie,
      rating.id,
      edit({
        serveReturn: 5,
        groundstrokesThirdShot: 4,
        netPlayVolleysDinks: 4,
        movementCourtAwareness: 4,
        mentalPhysicalGame: 4,
      }),
    );
    expect(res.json()).toMatchObject({ overallRating: 4.2 });
  });

  it('moves the player’s aggregates by the difference, star bucket included', async () => {
    const { cookie, rating, player } = await scenario();
    await putRating(t, cookie, rating.id, edit());
    expect(await playerRow(t, player.id)).toMatchObject({
      ratingCount: 1,
      serveReturnSum: 2,
      groundstrokesThirdShotSum: 2,
      netPlayVolleysDinksSum: 3,
      movementCourtAwarenessSum: 2,
      mentalPhysicalGameSum: 2,
      stars2: 1,
      stars4: 0,
    });
    expect((await playerRow(t, player.id)).overallSum).toBeCloseTo(2.2, 10);

    await putRating(t, cookie, rating.id, edit({ serveReturn: 5, netPlayVolleysDinks: 5 }));
    const after = await playerRow(t, player.id);
    expect(after).toMatchObject({ serveReturnSum: 5, netPlayVolleysDinksSum: 5, stars2: 0, stars3: 1 });
    expect(after.overallSum).toBeCloseTo(3.2, 10);
  });

  it('clears strengthsImprovements and comments sent as null or empty', async () => {
    const { cookie, rating } = await scenario({ serveReturnComments: 'Deep returns' });
    const res = await putRating(t, cookie, rating.id, edit({ strengthsImprovements: null, serveReturnComments: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ strengthsImprovements: null, serveReturnComments: null });
  });

  it('records an edit that adds detailed feedback as improvement in the rater’s stats', async () => {
    const { cookie, rating } = await scenario({ strengthsImprovements: undefined });
    expect(await myStatsOf(t, cookie)).toMatchObject({ ratingsSubmitted: 1, totalPoints: 10 });
    await putRating(t, cookie, rating.id, edit());
    expect(await myStatsOf(t, cookie)).toMatchObject({ ratingsSubmitted: 1, totalPoints: 10 });
    await putRating(
      t,
      cookie,
      rating.id,
      edit({ strengthsImprovements: 'Reset better from the transition zone and keep the paddle up.' }),
    );
    expect(await myStatsOf(t, cookie)).toMatchObject({ ratingsSubmitted: 1, totalPoints: 15 });
  });

  it('lets an admin edit, while the rater keeps the stats', async () => {
    const { rating, cookie } = await scenario();
    const admin = await signInAs(t, { email: uniqueEmail('admin'), isAdmin: true });
    const res = await putRating(t, admin, rating.id, edit());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ overallRating: 2.2, raterEmail: rating.raterEmail });
    expect(await myStatsOf(t, cookie)).toMatchObject({ ratingsSubmitted: 1 });
  });

  it('refuses other users (403) and leaves the rating as it was', async () => {
    const { rating, cookie, player } = await scenario();
    const stranger = await signInAs(t, { email: uniqueEmail('stranger') });
    const res = await putRating(t, stranger, rating.id, edit());
    expect(res.statusCode).toBe(403);
    expect((await getJson(t, `/api/ratings/${rating.id}`, { cookie })).json()).toMatchObject({ overallRating: 4 });
    expect(await playerRow(t, player.id)).toMatchObject({ stars4: 1, serveReturnSum: 4 });
  });

  it('answers 401 signed out and 404 for an unknown rating', async () => {
    const { rating, cookie } = await scenario();
    expect((await putRating(t, undefined, rating.id, edit())).statusCode).toBe(401);
    const unknown = await putRating(t, cookie, 99_999_999, edit());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Rating not found', code: 'rating_not_found' });
  });

  it.each([
    ['a score of 0', { serveReturn: 0 }],
    ['a score of 6', { mentalPhysicalGame: 6 }],
    ['a fractional category score', { netPlayVolleysDinks: 2.5 }],
    ['a score as text', { groundstrokesThirdShot: '4' }],
    ['a missing category', { movementCourtAwareness: undefined }],
    ['an overall rating above 5', { overallRating: 7 }],
    ['an unknown field', { playerId: 3 }],
    ['a text over 2000 characters', { strengthsImprovements: 'x'.repeat(2001) }],
  ])('answers 400 for %s, and changes nothing', async (_label, overrides) => {
    const { rating, cookie } = await scenario();
    const res = await putRating(t, cookie, rating.id, edit(overrides));
    expect(res.statusCode).toBe(400);
    expect((await getJson(t, `/api/ratings/${rating.id}`, { cookie })).json()).toEqual(rating);
  });
});
