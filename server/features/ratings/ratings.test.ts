import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievements, players, ratings, sessions, users } from '../../db/schema/index';
import { hmac, newToken } from '../../lib/tokens';
import { IDLE_TIMEOUT_MS, SESSION_COOKIE } from '../../plugins/session';
import { adminTokenHeaders, signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PLACE_UNKNOWN_MESSAGE } from '../../../common/schemas/locations';
import {
  createPlayer,
  getJson,
  myStatsOf,
  playerRow,
  postRating,
  RATING_SCORES_AND_FEEDBACK,
  ratingBody,
  signInRater,
  uniqueEmail,
  userIdOf,
  type RatingJson,
} from './ratings-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rater = (name?: string) => signInRater(t, name);

const myStats = (cookie: string) => myStatsOf(t, cookie);

async function ratingCountOf(playerId: number) {
  return (await playerRow(t, playerId)).ratingCount;
}

describe('POST /api/ratings', () => {
  it('stores the rating for the signed-in rater and updates the player’s aggregates and the rater’s stats', async () => {
    const { email, cookie } = await rater();
    const player = await createPlayer(t);
    const res = await postRating(t, cookie, ratingBody(player.id));
    expect(res.statusCode).toBe(201);
    const body = res.json<RatingJson>();
    expect(body).toMatchObject({
      playerId: player.id,
      playerName: 'Dana Dinker',
      raterEmail: email,
      isAnonymous: false,
      ...RATING_SCORES_AND_FEEDBACK,
      serveReturnComments: null,
      isHeld: false,
    });
    expect(typeof body.id).toBe('number');
    expect(Date.parse(body.createdAt as string)).not.toBeNaN();
    // Never edited: the lists show "edited" only when the two differ.
    expect(body.updatedAt).toBe(body.createdAt);

    expect(await playerRow(t, player.id)).toMatchObject({
      ratingCount: 1,
      overallSum: 4,
      serveReturnSum: 4,
      groundstrokesThirdShotSum: 3,
      netPlayVolleysDinksSum: 5,
      movementCourtAwarenessSum: 4,
      mentalPhysicalGameSum: 2,
      stars1: 0,
      stars2: 0,
      stars3: 0,
      stars4: 1,
      stars5: 0,
    });
    // 10 for the rating + 5 for detailed feedback (62 characters).
    expect(await myStats(cookie)).toMatchObject({ ratingsSubmitted: 1, totalPoints: 15 });
  });

  // Found by the route fuzz (server/test/route-fuzz.test.ts): String.length counted an emoji as two characters,
  // so the stats disagreed with their recomputation from the rows (PostgreSQL's length() counts one).
  it('counts detailed feedback in characters as people count them: 25 emoji are 25, 50 emoji are 50', async () => {
    const short = await rater('emoji');
    const shortRes = await postRating(
      t,
      short.cookie,
      ratingBody((await createPlayer(t)).id, { strengthsImprovements: '😀'.repeat(25) }),
    );
    expect(shortRes.statusCode).toBe(201);
    expect(await myStats(short.cookie)).toMatchObject({ ratingsSubmitted: 1, totalPoints: 10 });

    const long = await rater('emoji');
    const longRes = await postRating(
      t,
      long.cookie,
      ratingBody((await createPlayer(t)).id, { strengthsImprovements: '😀'.repeat(50) }),
    );
    expect(longRes.statusCode).toBe(201);
    expect(await myStats(long.cookie)).toMatchObject({ ratingsSubmitted: 1, totalPoints: 15 });
  });

  it('awards the badges the rating earns with it: First Rating, and Full Breakdown for all six comments', async () => {
    const { cookie } = await rater('badges');
    const comment = 'Reads the ball early and resets well.';
    const everyComment = {
      serveReturnComments: comment,
      groundstrokesThirdShotComments: comment,
      netPlayVolleysDinksComments: comment,
      movementCourtAwarenessComments: comment,
      mentalPhysicalGameComments: comment,
    };
    expect((await postRating(t, cookie, ratingBody((await createPlayer(t)).id))).statusCode).toBe(201);
    expect((await myStats(cookie)).achievements.map((badge) => badge.achievementType)).toEqual(['first_rating']);

    const full = await postRating(t, cookie, ratingBody((await createPlayer(t)).id, everyComment));
    expect(full.statusCode).toBe(201);
    expect((await myStats(cookie)).achievements.map((badge) => badge.achievementType).sort()).toEqual([
      'first_rating',
      'full_breakdown',
    ]);
  });

  it('awards a badge whose rule already held but was not recorded (a badge added later) on the next rating', async () => {
    const { email, cookie } = await rater('later');
    expect((await postRating(t, cookie, ratingBody((await createPlayer(t)).id))).statusCode).toBe(201);
    await t.database.db.delete(achievements).where(eq(achievements.userId, await userIdOf(t, email)));

    expect((await postRating(t, cookie, ratingBody((await createPlayer(t)).id))).statusCode).toBe(201);
    expect((await myStats(cookie)).achievements.map((badge) => badge.achievementType)).toEqual(['first_rating']);
  });

  it('takes the rater from the session and ignores a raterEmail in the body', async () => {
    const { email, cookie } = await rater();
    const player = await createPlayer(t);
    const res = await postRating(t, cookie, ratingBody(player.id, { raterEmail: 'victim@example.com' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ raterEmail: email });
    const [row] = await t.database.db.select().from(ratings).where(eq(ratings.playerId, player.id));
    expect(row.raterEmail).toBe(email);
    expect(row.raterUserId).toBe(await userIdOf(t, email));
  });

  it('stores isAnonymous when asked, and defaults it to false', async () => {
    const { cookie } = await rater();
    const anonymous = await postRating(t, cookie, ratingBody((await createPlayer(t)).id, { isAnonymous: true }));
    expect(anonymous.json()).toMatchObject({ isAnonymous: true });
    const body = ratingBody((await createPlayer(t)).id);
    delete body.isAnonymous;
    const byDefault = await postRating(t, cookie, body);
    expect(byDefault.statusCode).toBe(201);
    expect(byDefault.json()).toMatchObject({ isAnonymous: false });
  });

  it('stores the per-category comments, trimmed, and leaves empty ones null', async () => {
    const { cookie } = await rater();
    const res = await postRating(
      t,
      cookie,
      ratingBody((await createPlayer(t)).id, {
        serveReturnComments: '  Deep returns  ',
        netPlayVolleysDinksComments: '   ',
        strengthsImprovements: '',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      serveReturnComments: 'Deep returns',
      netPlayVolleysDinksComments: null,
      strengthsImprovements: null,
    });
  });

  it('lets a developer session rate, as its acting user', async () => {
    const { db } = t.database;
    const email = uniqueEmail('dev');
    const [user] = await db.insert(users).values({ email, authProvider: 'developer' }).returning();
    const token = newToken();
    await db.insert(sessions).values({
      sid: hmac(t.env.SESSION_SECRET, token),
      sess: { developer: { userId: 'devuser', actingUserId: user.id }, createdAt: Date.now() },
      expire: new Date(Date.now() + IDLE_TIMEOUT_MS),
      userId: user.id,
    });
    const res = await postRating(t, `${SESSION_COOKIE}=${token}`, ratingBody((await createPlayer(t)).id));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ raterEmail: email });
  });

  it('answers 401 when signed out, and stores nothing', async () => {
    const player = await createPlayer(t);
    const res = await postRating(t, undefined, ratingBody(player.id));
    expect(res.statusCode).toBe(401);
    expect(await ratingCountOf(player.id)).toBe(0);
  });

  it('answers 401 to an admin token without a signed-in user', async () => {
    const player = await createPlayer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ratings',
      headers: await adminTokenHeaders(t),
      payload: ratingBody(player.id),
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for an unknown player', async () => {
    const { cookie } = await rater();
    const res = await postRating(t, cookie, ratingBody(99_999_999));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Player not found', code: 'player_not_found' });
  });

  it('refuses a rating of the caller’s own linked player (403)', async () => {
    const { email, cookie } = await rater('self');
    const player = await createPlayer(t, { userId: await userIdOf(t, email) });
    const res = await postRating(t, cookie, ratingBody(player.id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You cannot rate your own profile', code: 'cannot_rate_self' });
    expect(await ratingCountOf(player.id)).toBe(0);
  });

  it('refuses a second rating of the same player by the same rater (409 with existingRatingId)', async () => {
    const { cookie } = await rater();
    const player = await createPlayer(t);
    const first = await postRating(t, cookie, ratingBody(player.id));
    const second = await postRating(t, cookie, ratingBody(player.id, { overallRating: 1, isAnonymous: true }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      message: 'You have already rated this player',
      code: 'already_rated',
      existingRatingId: first.json<RatingJson>().id,
    });
    expect(await playerRow(t, player.id)).toMatchObject({ ratingCount: 1, stars1: 0, stars4: 1 });
    expect(await myStats(cookie)).toMatchObject({ ratingsSubmitted: 1 });
  });

  it('lets another rater rate the same player', async () => {
    const player = await createPlayer(t);
    expect((await postRating(t, (await rater()).cookie, ratingBody(player.id))).statusCode).toBe(201);
    const res = await postRating(t, (await rater()).cookie, ratingBody(player.id, { overallRating: 1 }));
    expect(res.statusCode).toBe(201);
    expect(await playerRow(t, player.id)).toMatchObject({ ratingCount: 2, overallSum: 5, stars1: 1, stars4: 1 });
  });

  describe('with a new player', () => {
    const newPlayer = (overrides: Record<string, unknown> = {}) => {
      const body = ratingBody(0, {
        isNewPlayer: true,
        playerName: 'Nora Newcomer',
        newPlayerFirstName: 'Nora',
        newPlayerLastName: 'Newcomer',
        newPlayerCity: 'Boise',
        newPlayerState: 'Idaho',
      });
      delete body.playerId;
      return { ...body, ...overrides };
    };

    it('creates the unverified, unclaimed player and its first rating together', async () => {
      const { email, cookie } = await rater();
      const res = await postRating(t, cookie, newPlayer());
      expect(res.statusCode).toBe(201);
      const rating = res.json<RatingJson>();
      expect(rating).toMatchObject({ playerName: 'Nora Newcomer', raterEmail: email });

      const player = await playerRow(t, rating.playerId);
      expect(player).toMatchObject({
        firstName: 'Nora',
        lastName: 'Newcomer',
        location: 'Boise, ID',
        city: 'Boise',
        state: 'ID',
        zip: null,
        skillLevel: '3.0',
        isVerified: false,
        userId: null,
        ratingCount: 1,
        overallSum: 4,
        stars4: 1,
        searchName: 'nora newcomer',
      });
      expect(player.email).toMatch(/^unclaimed\+[0-9a-f]+@players\.pickleball-ratings\.local$/);
      expect(player.email).not.toContain(email);
    });

    it('counts the new player’s ratings in the public player detail', async () => {
      const { cookie } = await rater();
      const created = (await postRating(t, cookie, newPlayer())).json<RatingJson>();
      const second = await postRating(t, (await rater()).cookie, ratingBody(created.playerId, { overallRating: 2 }));
      expect(second.statusCode).toBe(201);
      const res = await getJson(t, `/api/players/${created.playerId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: created.playerId,
        firstName: 'Nora',
        lastName: 'Newcomer',
        isVerified: false,
        averageRatings: { count: 2, overall: 3 },
        ratingBreakdown: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 },
      });
      expect(res.body).not.toContain('unclaimed+');
    });

    it('refuses a place the ZIP data does not know, and uses "Unknown Location" without city and state', async () => {
      const { cookie } = await rater();
      const before = await t.database.db.$count(players);
      for (const place of [
        { newPlayerState: undefined },
        { newPlayerCity: 'Mars Base One', newPlayerState: 'TX' },
        { newPlayerCity: undefined, newPlayerState: 'Oregon' },
      ]) {
        const refused = await postRating(t, cookie, newPlayer(place));
        expect(refused.statusCode, JSON.stringify(place)).toBe(400);
        expect(refused.json()).toEqual({
          message: PLACE_UNKNOWN_MESSAGE,
          code: 'place_unknown',
          errors: [{ path: 'newPlayerCity', message: PLACE_UNKNOWN_MESSAGE }],
        });
      }
      expect(await t.database.db.$count(players)).toBe(before);
      const byZip = await postRating(t, cookie, newPlayer({ newPlayerCity: '78701', newPlayerState: null }));
      expect(await playerRow(t, byZip.json<RatingJson>().playerId)).toMatchObject({
        location: 'Austin, TX',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      });
      const none = await postRating(t, cookie, newPlayer({ newPlayerCity: '  ', newPlayerState: null }));
      expect(none.statusCode).toBe(201);
      expect((await playerRow(t, none.json<RatingJson>().playerId)).location).toBe('Unknown Location');
    });

    it.each([
      ['no first name', { newPlayerFirstName: undefined }],
      ['no last name', { newPlayerLastName: undefined }],
      ['a blank first name', { newPlayerFirstName: '   ' }],
    ])('answers 400 "Missing player details" for %s, and creates no player', async (_label, overrides) => {
      const { cookie } = await rater();
      const before = await t.database.db.$count(players);
      const res = await postRating(t, cookie, newPlayer(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Missing player details' });
      expect(await t.database.db.$count(players)).toBe(before);
    });

    it('answers 400 when both a playerId and a new player are sent', async () => {
      const { cookie } = await rater();
      const existing = await createPlayer(t);
      const res = await postRating(t, cookie, newPlayer({ playerId: existing.id }));
      expect(res.statusCode).toBe(400);
      expect(await ratingCountOf(existing.id)).toBe(0);
    });
  });

  it('answers 400 "Please select a player" without a playerId or a new player', async () => {
    const { cookie } = await rater();
    const body = ratingBody(1);
    delete body.playerId;
    const res = await postRating(t, cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please select a player' });
  });

  it('answers 400 "Player name is required" without a playerName', async () => {
    const { cookie } = await rater();
    const player = await createPlayer(t);
    for (const playerName of [undefined, '', '   ']) {
      const res = await postRating(t, cookie, ratingBody(player.id, { playerName }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Player name is required' });
    }
    expect(await ratingCountOf(player.id)).toBe(0);
  });

  it.each([
    ['a score of 0', { serveReturn: 0 }],
    ['a score of 6', { mentalPhysicalGame: 6 }],
    ['a fractional score', { netPlayVolleysDinks: 2.5 }],
    ['a score as text', { groundstrokesThirdShot: '4' }],
    ['a null score', { movementCourtAwareness: null }],
    ['no overall rating', { overallRating: undefined }],
    ['an overall rating of 0', { overallRating: 0 }],
    ['a fractional overall rating', { overallRating: 3.6 }],
    ['an unknown field', { raterUserId: 'someone-else' }],
    ['isAnonymous as text', { isAnonymous: 'yes' }],
    ['a playerId as text', { playerId: '12' }],
    ['a negative playerId', { playerId: -1 }],
    ['strengthsImprovements over 2000 characters', { strengthsImprovements: 'x'.repeat(2001) }],
    ['a category comment over 2000 characters', { serveReturnComments: 'x'.repeat(2001) }],
  ])('answers 400 for %s, and stores nothing', async (_label, overrides) => {
    const { cookie } = await rater();
    const player = await createPlayer(t);
    const res = await postRating(t, cookie, ratingBody(player.id, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message.length).toBeGreaterThan(0);
    expect(await ratingCountOf(player.id)).toBe(0);
  });

  it('accepts texts of exactly 2000 characters', async () => {
    const { cookie } = await rater();
    const res = await postRating(
      t,
      cookie,
      ratingBody((await createPlayer(t)).id, { strengthsImprovements: 'y'.repeat(2000) }),
    );
    expect(res.statusCode).toBe(201);
  });
});

describe('GET /api/ratings/:id', () => {
  async function scenario() {
    const who = await rater();
    const player = await createPlayer(t);
    const rating = (await postRating(t, who.cookie, ratingBody(player.id))).json<RatingJson>();
    return { ...who, player, rating };
  }

  it('shows the rating to its rater', async () => {
    const { cookie, rating } = await scenario();
    const res = await getJson(t, `/api/ratings/${rating.id}`, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(rating);
  });

  it('shows the rating to an admin user, and to a signed-in user carrying admin token headers', async () => {
    const { rating } = await scenario();
    const admin = await signInAs(t, { email: uniqueEmail('admin'), isAdmin: true });
    expect((await getJson(t, `/api/ratings/${rating.id}`, { cookie: admin })).statusCode).toBe(200);
    const plain = await signInAs(t, { email: uniqueEmail('plain') });
    const res = await getJson(t, `/api/ratings/${rating.id}`, { cookie: plain, ...(await adminTokenHeaders(t)) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses other users (403), the rated player included', async () => {
    const { rating, player } = await scenario();
    const stranger = await signInAs(t, { email: uniqueEmail('stranger') });
    const res = await getJson(t, `/api/ratings/${rating.id}`, { cookie: stranger });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Only the rater or an admin can access this rating',
      code: 'rating_not_yours',
    });

    const ownerEmail = uniqueEmail('owner');
    const owner = await signInAs(t, { email: ownerEmail });
    await t.database.db
      .update(players)
      .set({ userId: await userIdOf(t, ownerEmail) })
      .where(eq(players.id, player.id));
    expect((await getJson(t, `/api/ratings/${rating.id}`, { cookie: owner })).statusCode).toBe(403);
  });

  it('answers 401 signed out, 404 for an unknown rating and 400 for a malformed id', async () => {
    const { cookie, rating } = await scenario();
    expect((await getJson(t, `/api/ratings/${rating.id}`)).statusCode).toBe(401);
    const unknown = await getJson(t, '/api/ratings/99999999', { cookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Rating not found', code: 'rating_not_found' });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await getJson(t, `/api/ratings/${id}`, { cookie })).statusCode).toBe(400);
    }
  });
});

describe('GET /api/my-ratings', () => {
  it('lists the ratings the caller gave, newest first, with the player’s name', async () => {
    const { cookie, email } = await rater();
    const first = await createPlayer(t, { firstName: 'Ada' });
    const second = await createPlayer(t, { firstName: 'Bea' });
    await postRating(t, cookie, ratingBody(first.id));
    await postRating(t, cookie, ratingBody(second.id, { isAnonymous: true }));
    // Someone else's rating of the same player is not listed.
    await postRating(t, (await rater()).cookie, ratingBody(first.id));

    const res = await getJson(t, '/api/my-ratings', { cookie });
    expect(res.statusCode).toBe(200);
    const list = res.json<RatingJson[]>();
    expect(list.map((rating) => [rating.playerId, rating.playerName, rating.raterEmail])).toEqual([
      [second.id, 'Bea Dinker', email],
      [first.id, 'Ada Dinker', email],
    ]);
  });

  it('answers an empty list to a rater with no ratings, and 401 when signed out', async () => {
    const { cookie } = await rater();
    const res = await getJson(t, '/api/my-ratings', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await getJson(t, '/api/my-ratings')).statusCode).toBe(401);
  });
});
