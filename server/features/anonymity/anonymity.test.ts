import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfWeek, nextReleaseAt } from '../../../common/anonymity';
import { verifyAggregates } from '../../db/seed/verify';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  createPlayer,
  getJson,
  postRating,
  putRating,
  ratingBody,
  uniqueEmail,
  userIdOf,
  type RatingJson,
} from '../ratings/ratings-fixtures';
import { trustTick } from '../trust/trust-jobs';
import { releaseIfDue } from './anonymity.service';

/*
 * docs/product.md#anonymity, as an outside observer would try it: every answer anyone but the rater and admins can
 * read, watched before and after an anonymous rating, a vote on one and an edit of one. Nothing may move until a
 * release with at least 3 raters in it, and then everything moves together.
 */

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  // Boards computed on each request, uncached: a count that moves shows at once.
  t = await createTestApp({ LEADERBOARD_CACHE_SECONDS: '0' });
  adminCookie = await signInAs(t, { email: uniqueEmail('admin'), isAdmin: true });
});
afterAll(() => t.close());

type Person = { email: string; cookie: string; name: string };

async function person(firstName: string): Promise<Person> {
  const email = uniqueEmail(firstName.toLowerCase());
  return { email, cookie: await signInAs(t, { email, firstName, lastName: 'Watcher' }), name: `${firstName} W.` };
}

/** A player linked to its own account, so its owner can read what it received and vote on it. */
async function ownedPlayer(firstName: string) {
  const owner = await person(`${firstName}owner`);
  const player = await createPlayer(t, { userId: await userIdOf(t, owner.email), firstName });
  return { player, owner };
}

const release = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/anonymity/release',
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ released: number; held: number }>();
};

type Board = Map<string, { ratingsCount: number; reviewsCount: number }>;

/** The week's board as any member reads it, by display name (each test person's is unique). */
async function weekBoard(viewer: Person): Promise<Board> {
  const res = await getJson(t, '/api/leaderboard?period=week', { cookie: viewer.cookie });
  expect(res.statusCode).toBe(200);
  const entries = res.json<{ leaderboard: { displayName: string; ratingsCount: number; reviewsCount: number }[] }>();
  return new Map(entries.leaderboard.map((entry) => [entry.displayName, entry]));
}

/** Who moved between two boards, and by how much. */
function moved(before: Board, after: Board, field: 'ratingsCount' | 'reviewsCount'): Map<string, number> {
  const changes = new Map<string, number>();
  for (const [name, entry] of after) {
    const change = entry[field] - (before.get(name)?.[field] ?? 0);
    if (change !== 0) changes.set(name, change);
  }
  return changes;
}

/**
 * GET /api/players/:id as a visitor reads it. A player without a stored estimate is shown the prior, computed for
 * the request (computedAt: now): that time is dropped here; stored estimates are watched through the trust worker.
 */
const publicDetail = async (playerId: number) => {
  const res = await getJson(t, `/api/players/${playerId}`);
  expect(res.statusCode).toBe(200);
  const detail = res.json<{
    ratingCount: number;
    recentComments: { createdAt: string }[];
    averageRatings: { overall: number };
    skill?: { computedAt?: string };
  }>();
  if (detail.skill && Date.parse(detail.skill.computedAt ?? '') > Date.now() - 60_000) delete detail.skill.computedAt;
  return detail;
};

const received = async (playerId: number, owner: Person) => {
  const res = await getJson(t, `/api/players/${playerId}/received-ratings`, { cookie: owner.cookie });
  expect(res.statusCode).toBe(200);
  return res.json<(RatingJson & { createdAt: string; overallRating: number })[]>();
};

/** What a crawler and a link preview read of the player: its page's preview address (its ?v=), its sitemap entry. */
async function crawled(playerId: number) {
  // The page's head is drawn from this call (player-page-meta.ts): its imagePath is the og:image's address.
  const page = await getJson(t, `/api/players/${playerId}/page`);
  expect(page.statusCode).toBe(200);
  const image = page.json<{ imagePath: string }>().imagePath;
  const sitemap = await t.app.inject({ url: '/sitemap-players-1.xml' });
  expect(sitemap.statusCode).toBe(200);
  const entry = sitemap.body.split('\n').find((line) => line.includes(`/players/${playerId}/`));
  return { image, sitemap: entry };
}

const myRatings = async (rater: Person) =>
  (await getJson(t, '/api/my-ratings', { cookie: rater.cookie })).json<
    (RatingJson & { pendingRelease: boolean; countsFrom: string | null; overallRating: number })[]
  >();

const vote = (ratingId: number, voter: Person, helpfulnessScore: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/ratings/${ratingId}/helpfulness`,
    headers: { cookie: voter.cookie },
    payload: { helpfulnessScore },
  });

const anonymousBody = (playerId: number, overallRating = 2) =>
  ratingBody(playerId, {
    isAnonymous: true,
    overallRating,
    strengthsImprovements: 'Steady dinks, but the third shot floats and the feet stop at the line.',
  });

describe('an anonymous rating', () => {
  // One small world, watched through the tests in order.
  let ann: Person, ben: Person, cal: Person, watcher: Person;
  let p1: Awaited<ReturnType<typeof ownedPlayer>>;
  let p2: Awaited<ReturnType<typeof ownedPlayer>>;
  let p3: Awaited<ReturnType<typeof ownedPlayer>>;
  const anonymous = new Map<string, RatingJson>();

  beforeAll(async () => {
    [ann, ben, cal, watcher] = [await person('Ann'), await person('Ben'), await person('Cal'), await person('Wes')];
    [p1, p2, p3] = [await ownedPlayer('Pia'), await ownedPlayer('Quin'), await ownedPlayer('Rosa')];
    // Ann's named ratings of others, before and after her anonymous one: they show at once, with their time.
    expect((await postRating(t, ann.cookie, ratingBody(p2.player.id, { isAnonymous: false }))).statusCode).toBe(201);
    // Settles whatever release the schedule would make of the start, so the tests' releases are the only ones.
    await release();
  });

  it('counts nowhere but in its rater’s My Ratings until a release', async () => {
    const boardBefore = await weekBoard(watcher);
    const detailBefore = await publicDetail(p1.player.id);
    const receivedBefore = await received(p1.player.id, p1.owner);
    const crawledBefore = await crawled(p1.player.id);

    const res = await postRating(t, ann.cookie, anonymousBody(p1.player.id));
    expect(res.statusCode).toBe(201);
    const rating = res.json<RatingJson & { pendingRelease: boolean; countsFrom: string }>();
    anonymous.set('ann', rating);
    expect(rating.pendingRelease).toBe(true);
    expect(rating.countsFrom).toBe(nextReleaseAt(new Date(), 'weekly').toISOString());
    expect((await postRating(t, ann.cookie, ratingBody(p3.player.id, { isAnonymous: false }))).statusCode).toBe(201);

    // The rated player, the public and every board: as before (Ann's named rating of Rosa moved her count alone).
    expect(await publicDetail(p1.player.id)).toEqual(detailBefore);
    expect(await received(p1.player.id, p1.owner)).toEqual(receivedBefore);
    await trustTick(t.database.db, { fullRunMs: 3_600_000 });
    expect(await crawled(p1.player.id)).toEqual(crawledBefore);
    expect(moved(boardBefore, await weekBoard(watcher), 'ratingsCount')).toEqual(new Map([[ann.name, 1]]));
    // Pia's owner cannot reach it, even by its id.
    expect((await vote(rating.id, p1.owner, 5)).statusCode).toBe(404);
    // Its rater sees it at once, marked; an admin sees it exactly.
    expect((await myRatings(ann)).find((mine) => mine.id === rating.id)).toMatchObject({
      pendingRelease: true,
      overallRating: 2,
    });
    const asAdmin = await getJson(t, `/api/ratings/${rating.id}`, { cookie: adminCookie });
    expect(asAdmin.json()).toMatchObject({ id: rating.id, createdAt: rating.createdAt, isAnonymous: true });
  });

  it('waits while fewer than 3 raters have anonymous changes in the release', async () => {
    const boardBefore = await weekBoard(watcher);
    expect(await release()).toEqual({ released: 0, held: 1 });
    const res = await postRating(t, ben.cookie, anonymousBody(p1.player.id, 3));
    anonymous.set('ben', res.json<RatingJson>());
    expect(await release()).toEqual({ released: 0, held: 2 });
    expect((await publicDetail(p1.player.id)).ratingCount).toBe(0);
    expect(await received(p1.player.id, p1.owner)).toEqual([]);
    expect(moved(boardBefore, await weekBoard(watcher), 'ratingsCount')).toEqual(new Map());
  });

  it('reaches everything together at a release with 3 raters, dated to its week', async () => {
    const boardBefore = await weekBoard(watcher);
    const marked = await trustTick(t.database.db, { fullRunMs: 3_600_000 });
    expect(marked).not.toBe('refreshed');
    const res = await postRating(t, cal.cookie, anonymousBody(p3.player.id, 4));
    anonymous.set('cal', res.json<RatingJson>());
    // Nothing stale for the trust worker yet: no estimate, computedAt, sitemap lastmod or preview ?v= can move.
    expect(await trustTick(t.database.db, { fullRunMs: 3_600_000 })).not.toBe('refreshed');

    expect(await release()).toEqual({ released: 3, held: 0 });
    const week = startOfWeek(new Date()).toISOString();

    const list = await received(p1.player.id, p1.owner);
    expect(list.map((rating) => rating.id).sort()).toEqual([anonymous.get('ann')!.id, anonymous.get('ben')!.id].sort());
    expect(list.map((rating) => rating.createdAt)).toEqual([week, week]);
    const detail = await publicDetail(p1.player.id);
    expect(detail.ratingCount).toBe(2);
    expect(detail.recentComments.map((comment) => comment.createdAt)).toEqual([week, week]);
    // Each of the three raters' counts moved by one, together: each rating hides among 3 raters.
    expect(moved(boardBefore, await weekBoard(watcher), 'ratingsCount')).toEqual(
      new Map([
        [ann.name, 1],
        [ben.name, 1],
        [cal.name, 1],
      ]),
    );
    // The players' estimates are refreshed together, after the release: the preview's version moves then.
    const crawledBefore = await crawled(p1.player.id);
    expect(await trustTick(t.database.db, { fullRunMs: 3_600_000 })).toBe('refreshed');
    expect((await crawled(p1.player.id)).image).not.toBe(crawledBefore.image);
    expect((await myRatings(ann)).find((mine) => mine.id === anonymous.get('ann')!.id)).toMatchObject({
      pendingRelease: false,
      countsFrom: null,
    });
  });

  it('lets a vote on it move its rater’s reviews only at a release with 3 raters', async () => {
    const boardBefore = await weekBoard(watcher);
    expect((await vote(anonymous.get('ann')!.id, p1.owner, 5)).statusCode).toBe(200);
    expect(moved(boardBefore, await weekBoard(watcher), 'reviewsCount')).toEqual(new Map());
    expect(await release()).toEqual({ released: 0, held: 1 });
    expect(moved(boardBefore, await weekBoard(watcher), 'reviewsCount')).toEqual(new Map());

    expect((await vote(anonymous.get('ben')!.id, p1.owner, 4)).statusCode).toBe(200);
    expect((await vote(anonymous.get('cal')!.id, p3.owner, 3)).statusCode).toBe(200);
    expect(moved(boardBefore, await weekBoard(watcher), 'reviewsCount')).toEqual(new Map());
    expect(await release()).toEqual({ released: 3, held: 0 });
    expect(moved(boardBefore, await weekBoard(watcher), 'reviewsCount')).toEqual(
      new Map([
        [ann.name, 1],
        [ben.name, 1],
        [cal.name, 1],
      ]),
    );
  });

  it('keeps an edit from others until the next release, while its rater sees it at once', async () => {
    const ratingId = anonymous.get('ann')!.id;
    const edited = await putRating(t, ann.cookie, ratingId, {
      serveReturn: 5,
      groundstrokesThirdShot: 5,
      netPlayVolleysDinks: 5,
      movementCourtAwareness: 5,
      mentalPhysicalGame: 5,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ overallRating: 5, pendingRelease: true });
    const before = (await received(p1.player.id, p1.owner)).find((rating) => rating.id === ratingId);
    expect(before?.overallRating).toBe(2);
    expect((await publicDetail(p1.player.id)).averageRatings.overall).toBe(2.5);

    // Ben and Cal edit theirs too: a crowd of three.
    for (const [rater, name] of [
      [ben, 'ben'],
      [cal, 'cal'],
    ] as const) {
      const res = await putRating(t, rater.cookie, anonymous.get(name)!.id, {
        serveReturn: 3,
        groundstrokesThirdShot: 3,
        netPlayVolleysDinks: 3,
        movementCourtAwareness: 3,
        mentalPhysicalGame: 3,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await release()).toEqual({ released: 3, held: 0 });
    const after = (await received(p1.player.id, p1.owner)).find((rating) => rating.id === ratingId);
    expect(after?.overallRating).toBe(5);
    expect((await publicDetail(p1.player.id)).averageRatings.overall).toBe(4);
    expect((await myRatings(ann)).find((mine) => mine.id === ratingId)).toMatchObject({ pendingRelease: false });
  });

  it('holds each kind of change to its own crowd: three raters’ new ratings go, a lone vote waits', async () => {
    const boardBefore = await weekBoard(watcher);
    // Pia's owner changes a vote on Ben's rating: this kind points at Ben alone.
    expect((await vote(anonymous.get('ben')!.id, p1.owner, 2)).statusCode).toBe(200);
    const newcomers = [await person('Dee'), await person('Eve'), await person('Fay')];
    for (const rater of newcomers) {
      expect((await postRating(t, rater.cookie, anonymousBody(p2.player.id))).statusCode).toBe(201);
    }
    expect(await release()).toEqual({ released: 3, held: 1 });
    const after = await weekBoard(watcher);
    expect(moved(boardBefore, after, 'ratingsCount')).toEqual(new Map(newcomers.map((rater) => [rater.name, 1])));
    expect(moved(boardBefore, after, 'reviewsCount')).toEqual(new Map());
  });

  it('leaves every stored figure equal to its recount from the rows', async () => {
    const results = await verifyAggregates(t.database);
    expect(results.filter((result) => result.mismatches > 0)).toEqual([]);
  });
});

describe('rating ids', () => {
  it('are random, so an id does not place a rating between its rater’s others', async () => {
    const rater = await person('Ida');
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const player = await createPlayer(t, { firstName: `Seq${i}` });
      const res = await postRating(t, rater.cookie, ratingBody(player.id, { isAnonymous: i % 3 === 1 }));
      ids.push(res.json<RatingJson>().id);
    }
    // Written one after another: a sequence would be sorted (the chance of 12 random ids sorted is 1 in 479 million).
    expect([...ids].sort((a, b) => a - b)).not.toEqual(ids);
    expect(new Set(ids).size).toBe(12);
    for (const id of ids) expect(id).toBeLessThanOrEqual(2_147_483_647);
  });
});

describe('POST /api/admin/anonymity/release', () => {
  it('is for admins only', async () => {
    const member = await person('Mo');
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/anonymity/release' })).statusCode).toBe(401);
    const asMember = await t.app.inject({
      method: 'POST',
      url: '/api/admin/anonymity/release',
      headers: { cookie: member.cookie },
    });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toHaveProperty('message');
  });

  it('reports the schedule and the last release to admins', async () => {
    const res = await getJson(t, '/api/admin/anonymity', { cookie: adminCookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      cadence: 'weekly',
      crowd: 3,
      nextReleaseAt: nextReleaseAt(new Date(), 'weekly').toISOString(),
    });
  });
});

describe('the schedule', () => {
  it('releases once a period has begun, dating the ratings to that Monday, and not twice in one period', async () => {
    const { player, owner } = await ownedPlayer('Sam');
    for (const name of ['Tia', 'Uma', 'Vic']) {
      const rater = await person(name);
      expect((await postRating(t, rater.cookie, anonymousBody(player.id))).statusCode).toBe(201);
    }
    // This week has had its release (the tests' own): nothing is due until Monday.
    expect(await releaseIfDue(t.database.db, new Date(), 'weekly')).toBe(false);
    expect(await received(player.id, owner)).toEqual([]);

    // A test clock: the first check after next Monday 00:00 UTC.
    const monday = nextReleaseAt(new Date(), 'weekly');
    const justAfter = new Date(monday.getTime() + 30_000);
    expect(await releaseIfDue(t.database.db, justAfter, 'weekly')).toBe(true);
    expect(await releaseIfDue(t.database.db, new Date(monday.getTime() + 90_000), 'weekly')).toBe(false);
    const list = await received(player.id, owner);
    expect(list.map((rating) => rating.createdAt)).toEqual(Array(3).fill(monday.toISOString()));
  });
});
