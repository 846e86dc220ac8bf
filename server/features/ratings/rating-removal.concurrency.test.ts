import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { recount } from '../integrity/integrity.service';
import {
  createPlayer,
  postRating,
  putRating,
  RATING_SCORES_AND_FEEDBACK,
  ratingBody,
  signInRater,
  userIdOf,
} from './ratings-fixtures';

/*
 * A take-down racing its rater's edit and the rated player's helpfulness vote, and a restore racing an edit
 * (docs/product.md#take-down): whichever commits first, every answer is a success or a clean refusal, and the figures
 * agree with the rows after every round.
 */

const ROUNDS = 50;
const RESTORE_ROUNDS = 10;
/** What a racing call may answer: done, or refused because the other call changed the rating first. */
const CLEAN = [200, 404, 409];

/** An edit that makes the feedback detailed (odd rounds) or takes the detail away (even rounds). */
const editBody = (round: number) => ({
  serveReturn: 1 + (round % 5),
  groundstrokesThirdShot: 5 - (round % 5),
  netPlayVolleysDinks: 3,
  movementCourtAwareness: 2,
  mentalPhysicalGame: 4,
  strengthsImprovements:
    round % 2 ? 'Reads the dink exchange well and resets hard drives from the transition zone.' : null,
});

// Real parallel transactions need PostgreSQL; PGlite runs one statement at a time.
describe.runIf(process.env.TEST_DATABASE_URL)('take-down and restore under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminCookie = await signInAs(t, { email: 'race.admin@example.com', isAdmin: true });
  });
  afterAll(() => t.close());

  const admin = (ratingId: number, action: 'remove' | 'restore') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/ratings/${ratingId}/${action}`,
      headers: { cookie: adminCookie },
      payload: action === 'remove' ? { rule: 'offensive' } : {},
    });
  const vote = (cookie: string, ratingId: number, helpfulnessScore: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ratings/${ratingId}/helpfulness`,
      headers: { cookie },
      payload: { helpfulnessScore },
    });

  /**
   * A named rating of a player linked to a member, by a rater who has rated another player before in odd rounds (so
   * the take-down leaves their First Rating badge) and for the first time in even ones (so it withdraws it).
   */
  async function scene(round: number) {
    const rated = await signInRater(t, 'rated');
    const player = await createPlayer(t, { userId: await userIdOf(t, rated.email) });
    const rater = await signInRater(t);
    if (round % 2)
      expect((await postRating(t, rater.cookie, ratingBody((await createPlayer(t)).id))).statusCode).toBe(201);
    const overallRating = 1 + (round % 5);
    const res = await postRating(
      t,
      rater.cookie,
      ratingBody(player.id, {
        overallRating,
        strengthsImprovements: round % 3 ? null : RATING_SCORES_AND_FEEDBACK.strengthsImprovements,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const ratingId = res.json<{ id: number }>().id;
    // Every third round the racing vote changes one already cast.
    if (round % 3 === 0) expect((await vote(rated.cookie, ratingId, 2)).statusCode).toBe(200);
    return { rated, rater, ratingId };
  }

  const expectClean = (replies: LightMyRequestResponse[], round: number) => {
    for (const res of replies) {
      expect(CLEAN, `round ${round}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      if (res.statusCode !== 200) expect(res.json<{ code: string }>().code, res.body).toMatch(/^[a-z_]+$/);
    }
  };

  const expectNoMismatches = async (round: number) => {
    const result = await recount(t.database.db);
    expect(result.mismatches, `round ${round}`).toEqual([]);
    expect(result.mismatchCount).toBe(0);
  };

  it(`${ROUNDS} rounds of a take-down racing the rater's edit and the rated player's vote`, async () => {
    const outcomes = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const { rated, rater, ratingId } = await scene(round);
      const replies = await Promise.all([
        admin(ratingId, 'remove'),
        putRating(t, rater.cookie, ratingId, editBody(round)),
        vote(rated.cookie, ratingId, 5 - (round % 3)),
      ]);
      expectClean(replies, round);
      // The take-down itself always succeeds: nothing else removes the rating.
      expect(replies[0].statusCode, replies[0].body).toBe(200);
      const key = replies.map((res) => res.statusCode).join('/');
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      await expectNoMismatches(round);
    }
    console.info(`remove/edit/vote outcomes over ${ROUNDS} rounds: ${JSON.stringify(Object.fromEntries(outcomes))}`);
  }, 300_000);

  it(`${RESTORE_ROUNDS} rounds of a restore racing the rater's edit (and in every other round the vote)`, async () => {
    const outcomes = new Map<string, number>();
    for (let round = 0; round < RESTORE_ROUNDS; round += 1) {
      const { rated, rater, ratingId } = await scene(round);
      expect((await admin(ratingId, 'remove')).statusCode).toBe(200);
      // A restore racing the edit alone in even rounds, and the vote too in odd ones.
      const replies = await Promise.all([
        admin(ratingId, 'restore'),
        putRating(t, rater.cookie, ratingId, editBody(round)),
        ...(round % 2 ? [vote(rated.cookie, ratingId, 4)] : []),
      ]);
      expectClean(replies, round);
      expect(replies[0].statusCode, replies[0].body).toBe(200);
      const key = replies.map((res) => res.statusCode).join('/');
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      await expectNoMismatches(round);
    }
    console.info(
      `restore/edit/vote outcomes over ${RESTORE_ROUNDS} rounds: ${JSON.stringify(Object.fromEntries(outcomes))}`,
    );
  }, 300_000);
});
