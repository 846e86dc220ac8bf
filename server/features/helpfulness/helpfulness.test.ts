import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, ratingHelpfulness, ratings, raterStats } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  insertRating,
  insertTestPlayer,
  insertUser,
  uniqueEmail,
  userIdOf,
} from '../gamification/gamification-fixtures';
import { rateHelpfulness } from './helpfulness.service';

describe('POST /api/ratings/:id/helpfulness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A rater's rating of a player whose linked user is signed in. */
  async function scenario() {
    const db = t.database.db;
    const playerEmail = uniqueEmail('rated');
    const playerCookie = await signInAs(t, { email: playerEmail });
    const playerUserId = await userIdOf(db, playerEmail);
    const player = await insertTestPlayer(db, playerUserId);
    const rater = await insertUser(db, uniqueEmail('rater'));
    const rating = await insertRating(db, { playerId: player.id, raterUserId: rater.id, raterEmail: rater.email });
    return { playerCookie, playerUserId, player, rater, rating };
  }

  const vote = (ratingId: number | string, cookie: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ratings/${ratingId}/helpfulness`,
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });

  async function ratingTotals(ratingId: number) {
    const [row] = await t.database.db
      .select({ sum: ratings.helpfulnessSum, count: ratings.helpfulnessCount })
      .from(ratings)
      .where(eq(ratings.id, ratingId));
    return row;
  }

  async function votesOn(ratingId: number) {
    return t.database.db.select().from(ratingHelpfulness).where(eq(ratingHelpfulness.ratingId, ratingId));
  }

  async function raterStatsOf(userId: string) {
    const [row] = await t.database.db.select().from(raterStats).where(eq(raterStats.userId, userId));
    return row;
  }

  it('records the rated player’s vote, the rating’s totals and the rater’s stats', async () => {
    const { playerCookie, playerUserId, rating, rater } = await scenario();
    const res = await vote(rating.id, playerCookie, { helpfulnessScore: 4, comment: '  Spot on about my dinks  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ratingId: rating.id, helpfulnessScore: 4, helpfulnessAvg: 4, helpfulnessCount: 1 });

    const votes = await votesOn(rating.id);
    expect(votes).toHaveLength(1);
    expect(votes[0]).toMatchObject({ userId: playerUserId, helpfulnessScore: 4, comment: 'Spot on about my dinks' });
    expect(await ratingTotals(rating.id)).toEqual({ sum: 4, count: 1 });
    // 10 for the rating, 2 per helpfulness star.
    expect(await raterStatsOf(rater.id)).toMatchObject({ helpfulnessSum: 4, helpfulnessCount: 1, totalPoints: 18 });
  });

  it('updates the vote on a second call instead of adding one', async () => {
    const { playerCookie, rating, rater } = await scenario();
    await vote(rating.id, playerCookie, { helpfulnessScore: 5, comment: 'Great' });
    const res = await vote(rating.id, playerCookie, { helpfulnessScore: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ratingId: rating.id, helpfulnessScore: 2, helpfulnessAvg: 2, helpfulnessCount: 1 });

    const votes = await votesOn(rating.id);
    expect(votes).toHaveLength(1);
    expect(votes[0]).toMatchObject({ helpfulnessScore: 2, comment: null });
    expect(await ratingTotals(rating.id)).toEqual({ sum: 2, count: 1 });
    expect(await raterStatsOf(rater.id)).toMatchObject({ helpfulnessSum: 2, helpfulnessCount: 1, totalPoints: 14 });
  });

  it('averages every vote on the rating to one decimal', async () => {
    const { playerCookie, playerUserId, player, rating } = await scenario();
    // A vote left by the player's previous linked user, before the link changed hands, stays on the rating.
    const db = t.database.db;
    const previousOwner = await insertUser(db, uniqueEmail('previous'));
    await db.update(players).set({ userId: previousOwner.id }).where(eq(players.id, player.id));
    await rateHelpfulness(db, { userId: previousOwner.id, email: previousOwner.email }, rating.id, {
      helpfulnessScore: 4,
      comment: null,
    });
    await db.update(players).set({ userId: playerUserId }).where(eq(players.id, player.id));

    const res = await vote(rating.id, playerCookie, { helpfulnessScore: 5 });
    expect(res.json()).toMatchObject({ helpfulnessAvg: 4.5, helpfulnessCount: 2 });
    const again = await vote(rating.id, playerCookie, { helpfulnessScore: 1 });
    expect(again.json()).toMatchObject({ helpfulnessAvg: 2.5, helpfulnessCount: 2 });
    expect(await ratingTotals(rating.id)).toEqual({ sum: 5, count: 2 });
  });

  it('answers 401 when signed out, and records nothing', async () => {
    const { rating } = await scenario();
    const res = await vote(rating.id, undefined, { helpfulnessScore: 4 });
    expect(res.statusCode).toBe(401);
    expect(await votesOn(rating.id)).toEqual([]);
  });

  it('answers 404 for an unknown rating', async () => {
    const { playerCookie } = await scenario();
    const res = await vote(99_999_999, playerCookie, { helpfulnessScore: 4 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Rating not found', code: 'rating_not_found' });
  });

  it('refuses anyone but the rated player’s linked user (403)', async () => {
    const { rating } = await scenario();
    const strangerCookie = await signInAs(t, { email: uniqueEmail('stranger') });
    const adminCookie = await signInAs(t, { email: uniqueEmail('admin'), isAdmin: true });
    for (const cookie of [strangerCookie, adminCookie]) {
      const res = await vote(rating.id, cookie, { helpfulnessScore: 5 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: 'Only the rated player can rate the helpfulness of this rating',
        code: 'helpfulness_not_rated_player',
      });
    }
    expect(await votesOn(rating.id)).toEqual([]);
    expect(await ratingTotals(rating.id)).toEqual({ sum: 0, count: 0 });
  });

  it('refuses the rater, who is not the rated player (403)', async () => {
    const { rating, rater } = await scenario();
    const raterCookie = await signInAs(t, { email: rater.email });
    const res = await vote(rating.id, raterCookie, { helpfulnessScore: 5 });
    expect(res.statusCode).toBe(403);
    expect(await votesOn(rating.id)).toEqual([]);
  });

  it('refuses a vote on a rating written under the caller’s own e-mail, case-insensitively (403)', async () => {
    const db = t.database.db;
    const email = uniqueEmail('selfrated');
    const cookie = await signInAs(t, { email });
    const player = await insertTestPlayer(db, await userIdOf(db, email));
    const byEmail = await insertRating(db, { playerId: player.id, raterUserId: null, raterEmail: email.toUpperCase() });
    const res = await vote(byEmail.id, cookie, { helpfulnessScore: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'You cannot rate the helpfulness of your own rating',
      code: 'helpfulness_own_rating',
    });
    expect(await votesOn(byEmail.id)).toEqual([]);
  });

  it('refuses a vote on a rating whose rater account is the caller (403)', async () => {
    const db = t.database.db;
    const email = uniqueEmail('selfuser');
    const cookie = await signInAs(t, { email });
    const userId = await userIdOf(db, email);
    // Rated before the account became the player's (a claim links it later): nobody can rate their own player.
    const player = await insertTestPlayer(db);
    const own = await insertRating(db, {
      playerId: player.id,
      raterUserId: userId,
      raterEmail: 'old-address@example.com',
    });
    await db.update(players).set({ userId }).where(eq(players.id, player.id));
    const res = await vote(own.id, cookie, { helpfulnessScore: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'You cannot rate the helpfulness of your own rating',
      code: 'helpfulness_own_rating',
    });
  });

  it('records the vote even when the rater’s account is gone', async () => {
    const { playerCookie, player } = await scenario();
    const orphan = await insertRating(t.database.db, {
      playerId: player.id,
      raterUserId: null,
      raterEmail: uniqueEmail('gone'),
    });
    const res = await vote(orphan.id, playerCookie, { helpfulnessScore: 3 });
    expect(res.statusCode).toBe(200);
    expect(await ratingTotals(orphan.id)).toEqual({ sum: 3, count: 1 });
  });

  it.each([
    ['a score below 1', { helpfulnessScore: 0 }],
    ['a score above 5', { helpfulnessScore: 6 }],
    ['a fractional score', { helpfulnessScore: 3.5 }],
    ['a score as text', { helpfulnessScore: '4' }],
    ['no score', { comment: 'nice' }],
    ['an unknown field', { helpfulnessScore: 4, userId: 'someone-else' }],
    ['a comment over 1000 characters', { helpfulnessScore: 4, comment: 'x'.repeat(1001) }],
  ])('answers 400 for %s', async (_label, payload) => {
    const { playerCookie, rating } = await scenario();
    const res = await vote(rating.id, playerCookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message.length).toBeGreaterThan(0);
    expect(await votesOn(rating.id)).toEqual([]);
  });

  it('answers 400 for a malformed rating id', async () => {
    const { playerCookie } = await scenario();
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await vote(id, playerCookie, { helpfulnessScore: 4 });
      expect(res.statusCode).toBe(400);
    }
  });

  it('keeps one vote and consistent totals under simultaneous votes by the same user', async () => {
    const { playerCookie, rating, rater } = await scenario();
    const scores = [1, 2, 3, 4, 5, 5, 4, 3, 2, 1];
    const replies = await Promise.all(
      scores.map((score) => vote(rating.id, playerCookie, { helpfulnessScore: score })),
    );
    expect(replies.map((res) => res.statusCode)).toEqual(scores.map(() => 200));

    const votes = await votesOn(rating.id);
    expect(votes).toHaveLength(1);
    const final = votes[0].helpfulnessScore;
    expect(await ratingTotals(rating.id)).toEqual({ sum: final, count: 1 });
    expect(await raterStatsOf(rater.id)).toMatchObject({
      helpfulnessSum: final,
      helpfulnessCount: 1,
      totalPoints: 10 + 2 * final,
    });
  });
});
