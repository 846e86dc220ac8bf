import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_MAX } from '../../../common/community';
import { notifications, playerSkillMarks } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  createPlayer,
  getJson,
  postRating,
  ratingBody,
  releaseAnonymous,
  signInRater,
  uniqueEmail,
  userIdOf,
  type RatingJson,
} from '../ratings/ratings-fixtures';
import { heldReplies, repliesFor, setReplyStatus } from './replies.service';

/* docs/product.md#replies: the rated player's one public reply under a rating. */

const OFFENSIVE = 'Plays like a r e t a r d';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await signInAs(t, { email: uniqueEmail('admin'), isAdmin: true });
});
afterAll(() => t.close());

type Reply = { text: string; authorFirstName: string; held: boolean; createdAt: string; updatedAt: string };

const putReply = (ratingId: number | string, text: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/ratings/${ratingId}/reply`,
    headers: cookie ? { cookie } : {},
    payload: { text },
  });
const deleteReply = (ratingId: number | string, cookie?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/ratings/${ratingId}/reply`, headers: cookie ? { cookie } : {} });

/** A player linked to a confirmed member named Dana, rated by a fresh rater. */
async function ratedPlayer(body: Record<string, unknown> = {}) {
  const playerEmail = uniqueEmail('rated');
  const playerCookie = await signInAs(t, { email: playerEmail, firstName: 'Dana', lastName: 'Dinker' });
  const playerUserId = await userIdOf(t, playerEmail);
  const player = await createPlayer(t, { userId: playerUserId, firstName: 'Dana' });
  const rater = await signInRater(t);
  const res = await postRating(t, rater.cookie, ratingBody(player.id, body));
  expect(res.statusCode, res.body).toBe(201);
  return { player, playerEmail, playerCookie, playerUserId, rater, rating: res.json<RatingJson>() };
}

const replyNotices = async (userId: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'reply')));

/** What each answer that carries the rating says of its reply, to the given callers. */
async function replyEverywhere(scenario: Awaited<ReturnType<typeof ratedPlayer>>) {
  const { player, playerCookie, rater, rating } = scenario;
  const find = (list: { id: number; reply: Reply | null }[]) => list.find((item) => item.id === rating.id)?.reply;
  const page = (await getJson(t, `/api/players/${player.id}/comments`)).json<{ id: number; reply: Reply | null }[]>();
  const received = (await getJson(t, `/api/players/${player.id}/received-ratings`, { cookie: playerCookie })).json<
    { id: number; reply: Reply | null }[]
  >();
  const mine = (await getJson(t, '/api/my-ratings', { cookie: rater.cookie })).json<
    { id: number; reply: Reply | null }[]
  >();
  const one = (await getJson(t, `/api/ratings/${rating.id}`, { cookie: rater.cookie })).json<{ reply: Reply | null }>();
  const admin = (await getJson(t, `/api/admin/players/${player.id}/ratings`, { cookie: adminCookie })).json<{
    ratings: { id: number; reply: Reply | null }[];
  }>();
  return {
    publicPage: find(page),
    aboutMe: find(received),
    myRatings: find(mine),
    rating: one.reply,
    admin: find(admin.ratings),
  };
}

describe('PUT and DELETE /api/ratings/:id/reply', () => {
  it('lets the rated player reply, shows it on every answer, and tells the rater once', async () => {
    const scenario = await ratedPlayer();
    const before = await replyEverywhere(scenario);
    expect(before).toEqual({ publicPage: null, aboutMe: null, myRatings: null, rating: null, admin: null });

    const res = await putReply(scenario.rating.id, '  Thanks, working on my drops!  ', scenario.playerCookie);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ ratingId: number; reply: Reply }>();
    expect(saved).toEqual({
      ratingId: scenario.rating.id,
      reply: {
        text: 'Thanks, working on my drops!',
        authorFirstName: 'Dana',
        held: false,
        createdAt: expect.any(String) as unknown,
        updatedAt: expect.any(String) as unknown,
      },
    });
    const everywhere = await replyEverywhere(scenario);
    for (const reply of Object.values(everywhere)) expect(reply).toEqual(saved.reply);

    const raterId = await userIdOf(t, scenario.rater.email);
    const notices = await replyNotices(raterId);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ link: '/?tab=my-ratings', dedupeKey: `reply:${scenario.rating.id}` });

    // An edit replaces the text and keeps its creation time; the rater is not told again.
    const edited = await putReply(scenario.rating.id, 'Edited: thanks!', scenario.playerCookie);
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ reply: Reply }>().reply).toMatchObject({
      text: 'Edited: thanks!',
      createdAt: saved.reply.createdAt,
    });
    expect((await replyEverywhere(scenario)).publicPage?.text).toBe('Edited: thanks!');
    expect(await replyNotices(raterId)).toHaveLength(1);

    // The stored signed-out page is drawn again: the player is marked for the worker, as after a new rating.
    const marks = await t.database.db
      .select()
      .from(playerSkillMarks)
      .where(eq(playerSkillMarks.playerId, scenario.player.id));
    expect(marks).toHaveLength(1);

    const deleted = await deleteReply(scenario.rating.id, scenario.playerCookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ ratingId: scenario.rating.id, reply: null });
    expect(await replyEverywhere(scenario)).toEqual(before);
    expect((await deleteReply(scenario.rating.id, scenario.playerCookie)).statusCode).toBe(404);

    // Replying again after a delete does not notify the rater a second time.
    expect((await putReply(scenario.rating.id, 'Back again', scenario.playerCookie)).statusCode).toBe(200);
    expect(await replyNotices(raterId)).toHaveLength(1);
  });

  it('answers every other kind of caller with 401, 403 or 404', async () => {
    const scenario = await ratedPlayer();
    const id = scenario.rating.id;
    const unconfirmed = await signInAs(t, { email: uniqueEmail('unconfirmed'), emailVerified: false });
    const stranger = await signInAs(t, { email: uniqueEmail('stranger') });
    for (const send of [
      (cookie?: string) => putReply(id, 'Hello', cookie),
      (cookie?: string) => deleteReply(id, cookie),
    ]) {
      expect((await send()).statusCode).toBe(401);
      expect((await send(unconfirmed)).json()).toMatchObject({ code: 'email_unconfirmed' });
      const strangers = await send(stranger);
      expect(strangers.statusCode).toBe(403);
      expect(strangers.json()).toMatchObject({ code: 'reply_not_rated_player' });
      expect((await send(scenario.rater.cookie)).statusCode).toBe(403);
      expect((await send(adminCookie)).statusCode).toBe(403);
    }
    expect((await putReply(2_147_483_647, 'Hello', scenario.playerCookie)).statusCode).toBe(404);
    // The rated player's account, before it confirmed its e-mail, is refused too.
    const unconfirmedOwner = await signInAs(t, { email: scenario.playerEmail, emailVerified: false });
    expect((await putReply(id, 'Hello', unconfirmedOwner)).json()).toMatchObject({ code: 'email_unconfirmed' });
    expect(await replyEverywhere(scenario)).toMatchObject({ publicPage: null, myRatings: null });
  });

  it('takes no reply on a rating others do not see: unreleased anonymous, or taken down', async () => {
    const anonymous = await ratedPlayer({ isAnonymous: true });
    const res = await putReply(anonymous.rating.id, 'Hello', anonymous.playerCookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'rating_not_found' });

    const named = await ratedPlayer();
    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/ratings/${named.rating.id}/remove`,
      headers: { cookie: adminCookie },
      payload: { rule: 'other', note: null },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await putReply(named.rating.id, 'Hello', named.playerCookie)).statusCode).toBe(404);
  });

  it('never tells the player who wrote an anonymous rating, nor the rater more than the player shows', async () => {
    const scenario = await ratedPlayer({ isAnonymous: true });
    await releaseAnonymous(t, { crowd: 3 });
    const res = await putReply(scenario.rating.id, 'Thanks, whoever you are', scenario.playerCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(scenario.rater.email);
    expect(res.body).not.toContain('Rita');
    expect(Object.keys(res.json<{ reply: Reply }>().reply).sort()).toEqual(
      ['authorFirstName', 'createdAt', 'held', 'text', 'updatedAt'].sort(),
    );
    const received = await getJson(t, `/api/players/${scenario.player.id}/received-ratings`, {
      cookie: scenario.playerCookie,
    });
    expect(received.body).not.toContain(scenario.rater.email);
    expect(received.body).not.toContain('Rita');
    // The rater hears of the reply, by the player's first name only.
    const [notice] = await replyNotices(await userIdOf(t, scenario.rater.email));
    expect(notice.title).toBe('Dana replied to your rating');
  });

  it('counts the length in code points, trims, and refuses control characters', async () => {
    const scenario = await ratedPlayer();
    const id = scenario.rating.id;
    const emoji = '🏓'.repeat(REPLY_MAX);
    expect(emoji.length).toBe(2 * REPLY_MAX);
    expect((await putReply(id, emoji, scenario.playerCookie)).statusCode).toBe(200);
    const over = await putReply(id, `${emoji}🏓`, scenario.playerCookie);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'validation_failed' });
    expect((await putReply(id, 'a'.repeat(REPLY_MAX + 1), scenario.playerCookie)).statusCode).toBe(400);
    expect((await putReply(id, '   ', scenario.playerCookie)).statusCode).toBe(400);
    expect((await putReply(id, 42, scenario.playerCookie)).statusCode).toBe(400);
    expect((await putReply(id, 'bell\u0007', scenario.playerCookie)).statusCode).toBe(400);
    const lines = await putReply(id, 'Line one\nLine two', scenario.playerCookie);
    expect(lines.statusCode, lines.body).toBe(200);
    expect(lines.json<{ reply: Reply }>().reply.text).toBe('Line one\nLine two');
  });

  it('holds an offensive reply for review: only its author and admins see it until an admin shows it', async () => {
    const scenario = await ratedPlayer();
    const raterId = await userIdOf(t, scenario.rater.email);
    const res = await putReply(scenario.rating.id, OFFENSIVE, scenario.playerCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ reply: Reply }>().reply.held).toBe(true);
    expect(await replyEverywhere(scenario)).toMatchObject({
      publicPage: null,
      myRatings: null,
      rating: null,
      aboutMe: { text: OFFENSIVE, held: true },
      admin: { text: OFFENSIVE, held: true },
    });
    expect(await heldReplies(t.database.db)).toContain(scenario.rating.id);
    expect(await replyNotices(raterId)).toHaveLength(0);

    await t.database.db.transaction((tx) => setReplyStatus(tx, scenario.rating.id, 'shown'));
    expect((await replyEverywhere(scenario)).publicPage).toMatchObject({ text: OFFENSIVE, held: false });
    expect(await heldReplies(t.database.db)).not.toContain(scenario.rating.id);
    expect(await replyNotices(raterId)).toHaveLength(1);

    // Hidden by a decision: nobody sees it, and it can be deleted but not changed.
    await t.database.db.transaction((tx) => setReplyStatus(tx, scenario.rating.id, 'hidden'));
    expect(Object.values(await replyEverywhere(scenario))).toEqual([null, null, null, null, null]);
    const edit = await putReply(scenario.rating.id, 'Sorry', scenario.playerCookie);
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'reply_hidden' });
    expect((await deleteReply(scenario.rating.id, scenario.playerCookie)).statusCode).toBe(200);
  });

  it('re-screens an edit: clean text over a held reply is shown, offensive text over a shown one is held', async () => {
    const scenario = await ratedPlayer();
    expect(
      (await putReply(scenario.rating.id, 'Fine', scenario.playerCookie)).json<{ reply: Reply }>().reply.held,
    ).toBe(false);
    expect(
      (await putReply(scenario.rating.id, OFFENSIVE, scenario.playerCookie)).json<{ reply: Reply }>().reply.held,
    ).toBe(true);
    expect((await replyEverywhere(scenario)).publicPage).toBeNull();
    expect(
      (await putReply(scenario.rating.id, 'Clean', scenario.playerCookie)).json<{ reply: Reply }>().reply.held,
    ).toBe(false);
  });

  it('reads the replies of many ratings in one call (repliesFor), held ones only for their author', async () => {
    const first = await ratedPlayer();
    const second = await ratedPlayer();
    await putReply(first.rating.id, 'One', first.playerCookie);
    await putReply(second.rating.id, OFFENSIVE, second.playerCookie);
    const ids = [first.rating.id, second.rating.id];
    const anyone = await repliesFor(t.database.db, ids, { userId: null, isAdmin: false });
    expect([...anyone.keys()]).toEqual([first.rating.id]);
    const author = await repliesFor(t.database.db, ids, { userId: second.playerUserId, isAdmin: false });
    expect(author.get(second.rating.id)?.held).toBe(true);
    const admin = await repliesFor(t.database.db, ids, { userId: null, isAdmin: true });
    expect(admin.size).toBe(2);
  });
});
