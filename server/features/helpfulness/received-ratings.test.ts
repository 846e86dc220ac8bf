import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, users } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { maskEmail } from '../../../common/mask-email';
import {
  createPlayer,
  getJson,
  postRating,
  RATING_SCORES_AND_FEEDBACK,
  releaseAnonymous,
  ratingBody,
  signInRater,
  uniqueEmail,
  userIdOf,
  type RatingJson,
} from '../ratings/ratings-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rater = (name?: string) => signInRater(t, name);

describe('GET /api/players/:id/received-ratings', () => {
  type Received = RatingJson & { raterName: string | null; raterEmail?: string };

  async function scenario() {
    const ownerEmail = uniqueEmail('owner');
    const ownerCookie = await signInAs(t, { email: ownerEmail });
    const player = await createPlayer(t, { userId: await userIdOf(t, ownerEmail) });
    const named = await rater('named');
    const hidden = await rater('hidden');
    const open = (await postRating(t, named.cookie, ratingBody(player.id))).json<RatingJson>();
    const anonymous = (
      await postRating(t, hidden.cookie, ratingBody(player.id, { isAnonymous: true, overallRating: 2 }))
    ).json<RatingJson>();
    await releaseAnonymous(t, { crowd: 2 });
    return { ownerEmail, ownerCookie, player, named, hidden, open, anonymous };
  }

  const received = (playerId: number, headers: Record<string, string>) =>
    getJson(t, `/api/players/${playerId}/received-ratings`, headers);

  it('shows the linked user every rating, naming the rater (never by e-mail) only when not anonymous', async () => {
    const { ownerCookie, player, named, open, anonymous } = await scenario();
    const res = await received(player.id, { cookie: ownerCookie });
    expect(res.statusCode).toBe(200);
    const list = res.json<Received[]>();
    // The anonymous rating is listed at its release's week start, before the named one written now.
    expect(list.map((rating) => rating.id)).toEqual([open.id, anonymous.id]);
    expect(list[0]).toEqual({
      id: open.id,
      playerId: player.id,
      isAnonymous: false,
      raterName: 'Rita R.',
      isOwnRating: false,
      ...RATING_SCORES_AND_FEEDBACK,
      serveReturnComments: null,
      groundstrokesThirdShotComments: null,
      netPlayVolleysDinksComments: null,
      movementCourtAwarenessComments: null,
      mentalPhysicalGameComments: null,
      hasHeldText: false,
      helpfulnessAvg: null,
      helpfulnessCount: 0,
      userHelpfulnessScore: null,
      // No estimate has counted it yet (the trust worker is off in tests).
      weight: null,
      createdAt: open.createdAt,
      reply: null,
    });
    expect(list[1]).toMatchObject({ isAnonymous: true, raterName: null, overallRating: 2 });
    expect(list[1]).not.toHaveProperty('raterEmail');
    expect(JSON.stringify(list[1])).not.toContain('hidden.');
    // No rater's e-mail anywhere in what the rated player receives.
    expect(res.body).not.toContain(named.email);
  });

  it('names a rater without a name by the masked e-mail', async () => {
    const { ownerCookie, player } = await scenario();
    const email = uniqueEmail('nameless');
    const cookie = await signInAs(t, { email });
    await t.database.db.update(users).set({ firstName: null, lastName: null }).where(eq(users.email, email));
    const rating = (await postRating(t, cookie, ratingBody(player.id, { isAnonymous: false }))).json<RatingJson>();
    const list = (await received(player.id, { cookie: ownerCookie })).json<Received[]>();
    const shown = list.find((entry) => entry.id === rating.id);
    expect(shown?.raterName).toBe(maskEmail(email));
    expect(JSON.stringify(shown)).not.toContain(email);
  });

  it('includes the caller’s helpfulness vote and the average', async () => {
    const { ownerCookie, player, open } = await scenario();
    const vote = await t.app.inject({
      method: 'POST',
      url: `/api/ratings/${open.id}/helpfulness`,
      headers: { cookie: ownerCookie },
      payload: { helpfulnessScore: 4 },
    });
    expect(vote.statusCode).toBe(200);
    const list = (await received(player.id, { cookie: ownerCookie })).json<Received[]>();
    expect(list.find((rating) => rating.id === open.id)).toMatchObject({
      helpfulnessAvg: 4,
      helpfulnessCount: 1,
      userHelpfulnessScore: 4,
    });
  });

  it('marks a rating the caller wrote before the player was linked to them', async () => {
    const email = uniqueEmail('later-owner');
    const cookie = await signInAs(t, { email });
    const player = await createPlayer(t);
    const own = (await postRating(t, cookie, ratingBody(player.id))).json<RatingJson>();
    await t.database.db
      .update(players)
      .set({ userId: await userIdOf(t, email) })
      .where(eq(players.id, player.id));
    const list = (await received(player.id, { cookie })).json<Received[]>();
    expect(list).toEqual([expect.objectContaining({ id: own.id, isOwnRating: true })]);
  });

  it('shows an admin the rater e-mail of anonymous ratings too', async () => {
    const { player, hidden, anonymous } = await scenario();
    const admin = await signInAs(t, { email: uniqueEmail('admin'), isAdmin: true });
    const res = await received(player.id, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json<Received[]>().find((rating) => rating.id === anonymous.id)).toMatchObject({
      raterName: null,
      raterEmail: hidden.email,
    });
  });

  it('refuses anyone but the linked user and admins (403), the raters included', async () => {
    const { player, named } = await scenario();
    const stranger = await signInAs(t, { email: uniqueEmail('stranger') });
    for (const cookie of [stranger, named.cookie]) {
      const res = await received(player.id, { cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: 'Only the player or an admin can see the ratings received',
        code: 'ratings_received_private',
      });
    }
  });

  it('answers 401 signed out, 404 for an unknown player and 400 for a malformed id', async () => {
    const { player, ownerCookie } = await scenario();
    expect((await received(player.id, {})).statusCode).toBe(401);
    const unknown = await received(99_999_999, { cookie: ownerCookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Player not found', code: 'player_not_found' });
    expect((await received('x' as unknown as number, { cookie: ownerCookie })).statusCode).toBe(400);
  });
});
