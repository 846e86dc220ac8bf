import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievements, raterDailyStats, raterStats, ratings } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPlayer, playerRow, postRating, ratingBody, uniqueEmail, userIdOf } from './ratings-fixtures';

// Real parallel transactions need PostgreSQL; PGlite runs one statement at a time.
describe.runIf(process.env.TEST_DATABASE_URL)('POST /api/ratings under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('leaves exactly one rating and consistent stats after 50 simultaneous submissions by one rater', async () => {
    const email = uniqueEmail('racer');
    const cookie = await signInAs(t, { email });
    const userId = await userIdOf(t, email);
    const player = await createPlayer(t);

    const replies = await Promise.all(Array.from({ length: 50 }, () => postRating(t, cookie, ratingBody(player.id))));
    const statuses = replies.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    // The rest are refused: 409, or 503 when a bounded wait (2 s for the row lock or a connection) runs out
    // behind 49 others on the same player row; nothing of theirs is stored either way (checked below).
    expect(statuses.every((status) => status === 201 || status === 409 || status === 503)).toBe(true);
    expect(statuses.filter((status) => status === 409).length).toBeGreaterThanOrEqual(40);

    const stored = await t.database.db.select().from(ratings).where(eq(ratings.playerId, player.id));
    expect(stored).toHaveLength(1);
    for (const res of replies.filter((reply) => reply.statusCode === 409)) {
      expect(res.json()).toEqual({
        message: 'You have already rated this player',
        code: 'already_rated',
        existingRatingId: stored[0].id,
      });
    }

    expect(await playerRow(t, player.id)).toMatchObject({
      ratingCount: 1,
      overallSum: 4,
      stars4: 1,
      serveReturnSum: 4,
    });
    const [stats] = await t.database.db.select().from(raterStats).where(eq(raterStats.userId, userId));
    expect(stats).toMatchObject({ ratingsSubmitted: 1, totalPoints: 15, detailedCommentsCount: 1 });
    const daily = await t.database.db.select().from(raterDailyStats).where(eq(raterDailyStats.userId, userId));
    expect(daily.map((row) => row.ratingsCount)).toEqual([1]);
  });

  it('counts 30 simultaneous ratings of one player by different raters exactly', async () => {
    const player = await createPlayer(t);
    const cookies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signInAs(t, { email: uniqueEmail(`crowd${i}`) })),
    );
    const replies = await Promise.all(
      cookies.map((cookie, i) => postRating(t, cookie, ratingBody(player.id, { overallRating: (i % 5) + 1 }))),
    );
    expect(replies.map((res) => res.statusCode)).toEqual(cookies.map(() => 201));
    expect(await playerRow(t, player.id)).toMatchObject({
      ratingCount: 30,
      overallSum: 90,
      stars1: 6,
      stars2: 6,
      stars3: 6,
      stars4: 6,
      stars5: 6,
    });
  });

  it('counts 12 simultaneous ratings by one rater of different players exactly, each badge once', async () => {
    const email = uniqueEmail('sprinter');
    const cookie = await signInAs(t, { email });
    const userId = await userIdOf(t, email);
    const targets = await Promise.all(Array.from({ length: 12 }, () => createPlayer(t)));

    const replies = await Promise.all(targets.map((player) => postRating(t, cookie, ratingBody(player.id))));
    expect(replies.map((res) => res.statusCode)).toEqual(targets.map(() => 201));

    const [stats] = await t.database.db.select().from(raterStats).where(eq(raterStats.userId, userId));
    expect(stats).toMatchObject({ ratingsSubmitted: 12, detailedCommentsCount: 12, totalPoints: 180 });
    const daily = await t.database.db.select().from(raterDailyStats).where(eq(raterDailyStats.userId, userId));
    expect(daily.reduce((sum, row) => sum + row.ratingsCount, 0)).toBe(12);
    const badges = await t.database.db.select().from(achievements).where(eq(achievements.userId, userId));
    expect(badges.map((badge) => badge.achievementType).sort()).toEqual([
      'detailed_reviewer',
      'first_rating',
      'ten_ratings',
    ]);
  });
});
