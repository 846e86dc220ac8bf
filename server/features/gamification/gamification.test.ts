import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievements, raterDailyStats, raterStats, ratings } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { BADGES, ruleHolds, type BadgeFacts } from '../../../common/gamification';
import type { MyStatsReply } from '../../../common/schemas/gamification';
import type { LeaderboardReply } from '../../../common/schemas/leaderboard';
import {
  insertRating,
  insertTestPlayer,
  insertUser,
  recordRatings,
  recordVotes,
  uniqueEmail,
  userIdOf,
} from './gamification-fixtures';
import { badgeRows } from '../ratings/gamification-rules-sql';
import { rateHelpfulness } from '../helpfulness/helpfulness.service';
import { inEveryCategory } from '../../../common/rating-categories.fixtures';

const LONG_COMMENT = 'Great third-shot drops; work on resetting hard drives at the kitchen line.'.length;

describe('gamification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LEADERBOARD_CACHE_SECONDS: '0' });
  });
  afterAll(() => t.close());

  async function signedInRater(name: string) {
    const email = uniqueEmail(name);
    const cookie = await signInAs(t, { email });
    return { email, cookie, userId: await userIdOf(t.database.db, email) };
  }

  async function myStats(cookie: string): Promise<MyStatsReply> {
    const res = await t.app.inject({ method: 'GET', url: '/api/gamification/my-stats', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  async function statsRow(userId: string) {
    const [row] = await t.database.db.select().from(raterStats).where(eq(raterStats.userId, userId));
    return row;
  }

  describe('GET /api/gamification/my-stats', () => {
    it('answers 401 when signed out', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/gamification/my-stats' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Authentication required', code: 'unauthenticated' });
    });

    it('answers zeros and Rookie before the first rating', async () => {
      const { cookie } = await signedInRater('fresh');
      expect(await myStats(cookie)).toEqual({
        ratingsSubmitted: 0,
        totalPoints: 0,
        currentRank: 'Rookie',
        detailedCommentsCount: 0,
        nextRank: 'Bronze',
        pointsToNextRank: 50,
        reviewsCount: 0,
        averageHelpfulness: 0,
        lastActivityDate: null,
        achievements: [],
      });
    });

    it('counts a rating: 10 points, the First Rating badge, last activity', async () => {
      const { cookie, userId } = await signedInRater('first');
      // Badges are earned when the rating is made.
      const createdAt = new Date();
      await recordRatings(t.database.db, userId, 1, { createdAt });
      const stats = await myStats(cookie);
      expect(stats).toMatchObject({
        ratingsSubmitted: 1,
        totalPoints: 10,
        currentRank: 'Rookie',
        detailedCommentsCount: 0,
        nextRank: 'Bronze',
        pointsToNextRank: 40,
        lastActivityDate: createdAt.toISOString(),
      });
      expect(stats.achievements.map(({ earnedAt: _earnedAt, ...badge }) => badge)).toEqual([
        {
          achievementType: 'first_rating',
          achievementName: 'First Rating',
          achievementDescription: 'Submit your first rating.',
          badgeIcon: 'star',
        },
      ]);
      expect(Date.parse(stats.achievements[0].earnedAt)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('adds the detailed-feedback bonus and the Full Breakdown badge', async () => {
      const { cookie, userId } = await signedInRater('detailed');
      await recordRatings(t.database.db, userId, 1, { commentLength: LONG_COMMENT, commentFieldCount: 6 });
      await recordRatings(t.database.db, userId, 1, { commentLength: 10, commentFieldCount: 1 });
      const stats = await myStats(cookie);
      expect(stats).toMatchObject({ ratingsSubmitted: 2, totalPoints: 25, detailedCommentsCount: 1 });
      expect(stats.achievements.map((a) => a.achievementType).sort()).toEqual(['first_rating', 'full_breakdown']);
    });

    it('promotes the rank by points and stores it in rater_stats', async () => {
      const { cookie, userId } = await signedInRater('bronze');
      await recordRatings(t.database.db, userId, 4);
      expect((await statsRow(userId)).currentRank).toBe('Rookie');
      await recordRatings(t.database.db, userId, 1);
      expect(await myStats(cookie)).toMatchObject({
        totalPoints: 50,
        currentRank: 'Bronze',
        nextRank: 'Silver',
        pointsToNextRank: 150,
      });
      expect((await statsRow(userId)).currentRank).toBe('Bronze');
    });

    it('reports helpfulness received: reviews count, one-decimal average and points', async () => {
      const { cookie, userId } = await signedInRater('helpful');
      await recordRatings(t.database.db, userId, 1);
      await recordVotes(t.database.db, userId, [5, 4, 4]);
      expect(await myStats(cookie)).toMatchObject({
        totalPoints: 10 + 2 * 13,
        reviewsCount: 3,
        averageHelpfulness: 4.3,
      });
    });
  });

  describe('a submitted rating (the submit statement)', () => {
    it('counts the rating on the UTC day of its creation', async () => {
      const userId = (await insertUser(t.database.db, uniqueEmail('utc'))).id;
      // 23:30 in New York on 10 March is already 11 March in UTC.
      await recordRatings(t.database.db, userId, 2, { createdAt: new Date('2024-03-10T23:30:00-05:00') });
      const rows = await t.database.db.select().from(raterDailyStats).where(eq(raterDailyStats.userId, userId));
      expect(rows).toEqual([{ day: '2024-03-11', userId, ratingsCount: 2, helpfulnessSum: 0, helpfulnessCount: 0 }]);
    });

    it('awards each badge once, with the count badges at their thresholds', async () => {
      const userId = (await insertUser(t.database.db, uniqueEmail('many'))).id;
      await recordRatings(t.database.db, userId, 9, { commentLength: LONG_COMMENT });
      let types = await badgeTypes(userId);
      expect(types).toEqual(['detailed_reviewer', 'first_rating']);
      await recordRatings(t.database.db, userId, 1);
      types = await badgeTypes(userId);
      expect(types).toEqual(['detailed_reviewer', 'first_rating', 'ten_ratings']);
      const row = await statsRow(userId);
      expect(row).toMatchObject({ ratingsSubmitted: 10, detailedCommentsCount: 9, totalPoints: 9 * 15 + 10 });
    });

    it('keeps totals exact under concurrent submissions by one rater', async () => {
      const rater = await insertUser(t.database.db, uniqueEmail('burst'));
      const userId = rater.id;
      const createdAt = new Date();
      const players = [];
      for (let i = 0; i < 20; i++) players.push(await insertTestPlayer(t.database.db));
      await Promise.all(
        players.map((player) =>
          insertRating(t.database.db, { playerId: player.id, raterUserId: userId, raterEmail: rater.email, createdAt }),
        ),
      );
      expect(await statsRow(userId)).toMatchObject({ ratingsSubmitted: 20, totalPoints: 200, currentRank: 'Silver' });
      expect(await badgeTypes(userId)).toEqual(['first_rating', 'ten_ratings']);
      const [daily] = await t.database.db.select().from(raterDailyStats).where(eq(raterDailyStats.userId, userId));
      expect(daily.ratingsCount).toBe(20);
    });

    it('writes nothing when the surrounding transaction rolls back', async () => {
      const rater = await insertUser(t.database.db, uniqueEmail('rollback'));
      const userId = rater.id;
      const player = await insertTestPlayer(t.database.db);
      await expect(
        t.database.db.transaction(async (tx) => {
          await insertRating(tx, { playerId: player.id, raterUserId: userId, raterEmail: rater.email });
          throw new Error('rating insert failed');
        }),
      ).rejects.toThrow('rating insert failed');
      expect(await statsRow(userId)).toBeUndefined();
      expect(await badgeTypes(userId)).toEqual([]);
    });
  });

  describe('an edit (improvement)', () => {
    /** Edits the rater's one rating (PUT /api/ratings/:id) to feedback of `length` characters in strengths and improvements. */
    async function edit(rater: { cookie: string; userId: string }, length: number) {
      const [rating] = await t.database.db
        .select({ id: ratings.id })
        .from(ratings)
        .where(eq(ratings.raterUserId, rater.userId));
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/ratings/${rating.id}`,
        headers: { cookie: rater.cookie },
        payload: { ...inEveryCategory(4), strengthsImprovements: length > 0 ? 'x'.repeat(length) : null },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    it('gives the detailed bonus and Second Look when an edit adds detail, and takes the bonus back on removal', async () => {
      const rater = await signedInRater('improver');
      await recordRatings(t.database.db, rater.userId, 1, { commentLength: 5 });
      await edit(rater, LONG_COMMENT);
      expect(await statsRow(rater.userId)).toMatchObject({ totalPoints: 15, detailedCommentsCount: 1 });
      expect(await badgeTypes(rater.userId)).toEqual(['first_rating', 'second_look']);

      await edit(rater, 0);
      expect(await statsRow(rater.userId)).toMatchObject({ totalPoints: 10, detailedCommentsCount: 0 });
      // Editing back and forth earns nothing extra.
      await edit(rater, LONG_COMMENT);
      expect(await statsRow(rater.userId)).toMatchObject({ totalPoints: 15, detailedCommentsCount: 1 });
      expect(await badgeTypes(rater.userId)).toEqual(['first_rating', 'second_look']);
    });

    it('changes no points for an edit that keeps the rating detailed (or not)', async () => {
      const rater = await signedInRater('tweak');
      await recordRatings(t.database.db, rater.userId, 1, { commentLength: LONG_COMMENT });
      await edit(rater, LONG_COMMENT + 20);
      await edit(rater, LONG_COMMENT);
      expect(await statsRow(rater.userId)).toMatchObject({
        totalPoints: 15,
        detailedCommentsCount: 1,
        ratingsSubmitted: 1,
      });
      expect(await badgeTypes(rater.userId)).toEqual(['first_rating']);
    });
  });

  describe('helpfulness received', () => {
    it('earns Five-Star Excellence at five perfect reviews and Community Favorite at ten averaging 4+', async () => {
      const userId = (await insertUser(t.database.db, uniqueEmail('favorite'))).id;
      await recordRatings(t.database.db, userId, 1);
      await recordVotes(t.database.db, userId, [5, 5, 5, 5]);
      expect(await badgeTypes(userId)).toEqual(['first_rating']);
      await recordVotes(t.database.db, userId, [5]);
      expect(await badgeTypes(userId)).toEqual(['first_rating', 'five_star_excellence']);
      await recordVotes(t.database.db, userId, [3, 3, 4, 4]);
      expect(await badgeTypes(userId)).toEqual(['first_rating', 'five_star_excellence']);
      await recordVotes(t.database.db, userId, [3]);
      // 10 reviews, 42 stars: average 4.2.
      expect(await badgeTypes(userId)).toEqual(['community_favorite', 'first_rating', 'five_star_excellence']);
      expect(await statsRow(userId)).toMatchObject({ helpfulnessSum: 42, helpfulnessCount: 10, totalPoints: 10 + 84 });
    });

    it('adjusts by the difference on a changed review and counts it on the rating’s day', async () => {
      const userId = (await insertUser(t.database.db, uniqueEmail('revote'))).id;
      const ratingCreatedAt = new Date('2025-01-31T22:00:00Z');
      await recordRatings(t.database.db, userId, 1, { createdAt: ratingCreatedAt });
      const { ratingId, voters } = await recordVotes(t.database.db, userId, [2], ratingCreatedAt);
      await rateHelpfulness(t.database.db, voters[0], ratingId, { helpfulnessScore: 5, comment: null });
      expect(await statsRow(userId)).toMatchObject({ helpfulnessSum: 5, helpfulnessCount: 1, totalPoints: 20 });
      const rows = await t.database.db
        .select()
        .from(raterDailyStats)
        .where(and(eq(raterDailyStats.userId, userId), eq(raterDailyStats.day, '2025-01-31')));
      expect(rows).toEqual([{ day: '2025-01-31', userId, ratingsCount: 1, helpfulnessSum: 5, helpfulnessCount: 1 }]);
    });
  });

  describe('through the API: rate, improve, receive helpfulness', () => {
    it('keeps my-stats and the leaderboard in step with each action', async () => {
      const rater = await signedInRater('journey');
      const rated = await signedInRater('rated');
      const player = await insertTestPlayer(t.database.db, rated.userId);
      const scores = {
        serveReturn: 4,
        groundstrokesThirdShot: 3,
        netPlayVolleysDinks: 5,
        movementCourtAwareness: 4,
        mentalPhysicalGame: 4,
      };

      const created = await t.app.inject({
        method: 'POST',
        url: '/api/ratings',
        headers: { cookie: rater.cookie },
        payload: {
          playerId: player.id,
          playerName: 'Pat Player',
          ...scores,
          overallRating: 4,
          strengthsImprovements: 'Solid',
        },
      });
      expect(created.statusCode).toBe(201);
      const ratingId = created.json<{ id: number }>().id;
      expect(await myStats(rater.cookie)).toMatchObject({
        ratingsSubmitted: 1,
        totalPoints: 10,
        detailedCommentsCount: 0,
      });

      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/ratings/${ratingId}`,
        headers: { cookie: rater.cookie },
        payload: {
          ...scores,
          strengthsImprovements: 'Solid. Great third-shot drops; reset hard drives at the kitchen.',
        },
      });
      expect(edited.statusCode).toBe(200);
      const improved = await myStats(rater.cookie);
      expect(improved).toMatchObject({ ratingsSubmitted: 1, totalPoints: 15, detailedCommentsCount: 1 });
      expect(improved.achievements.map((a) => a.achievementType).sort()).toEqual(['first_rating', 'second_look']);

      const voted = await t.app.inject({
        method: 'POST',
        url: `/api/ratings/${ratingId}/helpfulness`,
        headers: { cookie: rated.cookie },
        payload: { helpfulnessScore: 5 },
      });
      expect(voted.statusCode).toBe(200);
      expect(await myStats(rater.cookie)).toMatchObject({ totalPoints: 25, reviewsCount: 1, averageHelpfulness: 5 });

      const board = await t.app.inject({
        method: 'GET',
        url: '/api/leaderboard?period=week',
        headers: { cookie: rater.cookie },
      });
      const own = board.json<LeaderboardReply>().leaderboard.find((entry) => entry.isCurrentUser);
      expect(own).toMatchObject({
        userEmail: rater.email,
        ratingsCount: 1,
        averageHelpfulness: 5,
        reviewsCount: 1,
        totalPoints: 25,
        currentRank: 'Rookie',
      });
    });
  });

  describe('badge rules in SQL (the submit statement)', () => {
    // Around every threshold of the rules: each case is checked by ruleHolds and by badgeRows.
    const cases: BadgeFacts[] = [
      { ratingsSubmitted: 0, detailedCommentsCount: 0, helpfulnessSum: 0, helpfulnessCount: 0 },
      { ratingsSubmitted: 1, detailedCommentsCount: 4, helpfulnessSum: 20, helpfulnessCount: 5 },
      { ratingsSubmitted: 9, detailedCommentsCount: 5, helpfulnessSum: 24, helpfulnessCount: 5 },
      { ratingsSubmitted: 10, detailedCommentsCount: 5, helpfulnessSum: 25, helpfulnessCount: 5 },
      { ratingsSubmitted: 49, detailedCommentsCount: 0, helpfulnessSum: 39, helpfulnessCount: 10 },
      { ratingsSubmitted: 50, detailedCommentsCount: 7, helpfulnessSum: 40, helpfulnessCount: 10 },
      { ratingsSubmitted: 3, detailedCommentsCount: 0, helpfulnessSum: 45, helpfulnessCount: 9 },
    ].flatMap((totals) => [
      { ...totals, fullBreakdown: false, improvedRating: false },
      { ...totals, fullBreakdown: true, improvedRating: true },
    ]);

    it('awards exactly the badges whose rule holds in JavaScript', async () => {
      for (const facts of cases) {
        const userId = (await insertUser(t.database.db, uniqueEmail('rules'))).id;
        const totals = sql`(select ${userId}::uuid as "userId", ${facts.ratingsSubmitted}::int as "ratingsSubmitted",
          ${facts.detailedCommentsCount}::int as "detailedCommentsCount", ${facts.helpfulnessSum}::int as "helpfulnessSum",
          ${facts.helpfulnessCount}::int as "helpfulnessCount")`;
        await t.database.db.execute(
          sql`insert into ${achievements} (user_id, achievement_type, achievement_name, achievement_description, badge_icon)
            select totals."userId", badge.type, badge.name, badge.description, badge.icon
            from ${totals} totals
            cross join lateral ${badgeRows(sql`totals`, {
              fullBreakdown: sql`${facts.fullBreakdown}::boolean`,
              improvedRating: sql`${facts.improvedRating}::boolean`,
            })}
            where badge.earned`,
        );
        const expected = BADGES.filter((badge) => ruleHolds(badge.rule, facts)).map((badge) => badge.type);
        expect({ facts, badges: await badgeTypes(userId) }).toEqual({ facts, badges: expected.sort() });
        // Made-up totals no rating gives: their badges go again, so no rater holds a badge their ratings do not earn.
        await t.database.db.delete(achievements).where(eq(achievements.userId, userId));
      }
    });
  });

  async function badgeTypes(userId: string) {
    const rows = await t.database.db
      .select({ type: achievements.achievementType })
      .from(achievements)
      .where(eq(achievements.userId, userId));
    return rows.map((row) => row.type).sort();
  }
});
