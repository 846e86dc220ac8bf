import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerPath } from '../../../common/player-path';
import type { MyStatsReply } from '../../../common/schemas/gamification';
import type { LeaderboardReply } from '../../../common/schemas/leaderboard';
import type { PlayerPage } from '../../../common/schemas/player-page';
import type { MergePlayerReply, MergePreview } from '../../../common/schemas/player-merge';
import type { PlayerSearchResult } from '../../../common/schemas/players';
import {
  achievements,
  flaggedComments,
  playerMatchRequests,
  playerMerges,
  playerSkillMarks,
  ratingRemovals,
  ratings,
  type PlayerRow,
} from '../../db/schema/index';
import { verifyAggregates } from '../../db/seed/verify';
import { createPageServingApp } from '../../test/page-serving-app';
import { adminTokenHeaders, signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { recomputeTrust } from '../../test/trust-recompute';
import {
  createPlayer,
  getJson,
  myStatsOf,
  playerRow,
  postRating,
  ratingBody,
  signInRater,
  uniqueEmail,
  userIdOf,
  type RatingJson,
} from '../ratings/ratings-fixtures';
import { addPlayer, linkPlayerTo, uniqueWord } from './players-fixtures';

/*
 * POST /api/admin/players/:id/merge (docs/product.md#merging-players): everything of the merged player moves to the
 * kept one, figures through the ratings' effects module, and the merged player's addresses lead to the kept one's.
 */

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminTokenHeaders(t);
});
afterAll(() => t.close());

const merge = (mergedId: number, intoPlayerId: number, headers: Record<string, string> = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/players/${mergedId}/merge`, headers, payload: { intoPlayerId } });
const preview = (mergedId: number, intoPlayerId: number) =>
  t.app.inject({ url: `/api/admin/players/${mergedId}/merge-preview?intoPlayerId=${intoPlayerId}`, headers: admin });

async function merged(mergedId: number, intoPlayerId: number): Promise<MergePlayerReply> {
  const res = await merge(mergedId, intoPlayerId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MergePlayerReply>();
}

/** A rating posted by the rater (named, so it counts at once); its id. */
async function rate(cookie: string, playerId: number, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await postRating(t, cookie, ratingBody(playerId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<RatingJson>().id;
}

const AGGREGATES = [
  'ratingCount',
  'overallSum',
  'serveReturnSum',
  'groundstrokesThirdShotSum',
  'netPlayVolleysDinksSum',
  'movementCourtAwarenessSum',
  'mentalPhysicalGameSum',
  'stars1',
  'stars2',
  'stars3',
  'stars4',
  'stars5',
] as const;
type Aggregates = Record<(typeof AGGREGATES)[number], number>;

const aggregatesOf = (row: PlayerRow): Aggregates =>
  Object.fromEntries(AGGREGATES.map((key) => [key, row[key]])) as Aggregates;
const sumOf = (...rows: Aggregates[]): Aggregates =>
  Object.fromEntries(AGGREGATES.map((key) => [key, rows.reduce((sum, row) => sum + row[key], 0)])) as Aggregates;

/** One rating's part of a player's aggregates. */
function oneRating(scores: { overall: number; category: number }): Aggregates {
  const stars = { stars1: 0, stars2: 0, stars3: 0, stars4: 0, stars5: 0 };
  stars[`stars${scores.overall}` as keyof typeof stars] = 1;
  return {
    ratingCount: 1,
    overallSum: scores.overall,
    serveReturnSum: scores.category,
    groundstrokesThirdShotSum: scores.category,
    netPlayVolleysDinksSum: scores.category,
    movementCourtAwarenessSum: scores.category,
    mentalPhysicalGameSum: scores.category,
    ...stars,
  };
}
const scored = (overall: number, category: number) => ({
  overallRating: overall,
  serveReturn: category,
  groundstrokesThirdShot: category,
  netPlayVolleysDinks: category,
  movementCourtAwareness: category,
  mentalPhysicalGame: category,
});

async function ratingRow(id: number) {
  const [row] = await t.database.db.select().from(ratings).where(eq(ratings.id, id));
  return row;
}

async function leaderboardPlace(cookie: string) {
  const res = await getJson(t, '/api/leaderboard?period=all', { cookie });
  expect(res.statusCode).toBe(200);
  return res.json<LeaderboardReply>().currentUser;
}

async function badgesOf(email: string) {
  const userId = await userIdOf(t, email);
  return t.database.db
    .select({ type: achievements.achievementType, earnedAt: achievements.earnedAt })
    .from(achievements)
    .where(eq(achievements.userId, userId))
    .orderBy(achievements.achievementType);
}

describe('POST /api/admin/players/:id/merge', () => {
  it('moves every rating: the kept player’s count, sums and distribution are the two players’ together', async () => {
    const mergedPlayer = await createPlayer(t, { firstName: 'Merged' });
    const kept = await createPlayer(t, { firstName: 'Kept' });
    const ids = [
      await rate((await signInRater(t)).cookie, mergedPlayer.id, scored(5, 5)),
      await rate((await signInRater(t)).cookie, mergedPlayer.id, scored(2, 3)),
    ];
    await rate((await signInRater(t)).cookie, kept.id, scored(4, 4));
    const before = sumOf(aggregatesOf(await playerRow(t, mergedPlayer.id)), aggregatesOf(await playerRow(t, kept.id)));

    const reply = await merged(mergedPlayer.id, kept.id);

    expect(reply).toEqual({
      mergedId: mergedPlayer.id,
      intoId: kept.id,
      keptPath: playerPath(kept),
      counts: { ratings: 2, duplicates: 0, conflicts: 0, claims: 0, flags: 0, linkMoves: false },
    });
    expect(await playerRow(t, mergedPlayer.id)).toBeUndefined();
    expect(aggregatesOf(await playerRow(t, kept.id))).toEqual(before);
    expect(before).toEqual(
      sumOf(
        oneRating({ overall: 5, category: 5 }),
        oneRating({ overall: 2, category: 3 }),
        oneRating({ overall: 4, category: 4 }),
      ),
    );
    for (const id of ids) expect(await ratingRow(id)).toMatchObject({ playerId: kept.id, removedAt: null });
    const detail = await getJson(t, `/api/players/${kept.id}`);
    expect(detail.json()).toMatchObject({ ratingCount: 3, ratingBreakdown: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 1 } });

    // The kept player's estimate is marked for the trust worker, and a run counts all three.
    const marks = await t.database.db.select().from(playerSkillMarks).where(eq(playerSkillMarks.playerId, kept.id));
    expect(marks).toHaveLength(1);
    await recomputeTrust(t.app, admin);
    const page = (await getJson(t, `/api/players/${kept.id}/page`)).json<PlayerPage>();
    expect(page.skill.reliability).toMatchObject({ ratings: 3, distinctRaters: 3 });
  });

  it('keeps the newer of a rater’s two ratings and removes the older as a duplicate, still stored; other raters’ figures stay as they were', async () => {
    const word = uniqueWord();
    const mergedPlayer = await createPlayer(t, { firstName: 'Merged' });
    const kept = await createPlayer(t, { firstName: word });
    const first = await signInRater(t, 'first-merged'); // rated the merged player first, then the kept one
    const second = await signInRater(t, 'first-kept'); // the other way round
    const only = await signInRater(t, 'only-merged');
    const firstOld = await rate(first.cookie, mergedPlayer.id, scored(1, 1));
    const secondOld = await rate(second.cookie, kept.id, scored(2, 2));
    const firstNew = await rate(first.cookie, kept.id, scored(5, 5));
    const secondNew = await rate(second.cookie, mergedPlayer.id, scored(4, 4));
    const onlyRating = await rate(only.cookie, mergedPlayer.id, scored(3, 3));
    const stats = async () => Promise.all([first, second, only].map(({ cookie }) => myStatsOf(t, cookie)));
    const statsBefore = await stats();
    const badgesBefore = await badgesOf(only.email);
    const placesBefore = await Promise.all([first, second, only].map(({ cookie }) => leaderboardPlace(cookie)));

    const previewed = await preview(mergedPlayer.id, kept.id);
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json<MergePreview>()).toMatchObject({
      merged: { id: mergedPlayer.id, firstName: 'Merged', ratingCount: 3, isLinked: false },
      kept: { id: kept.id, firstName: word, ratingCount: 2, isLinked: false },
      counts: { ratings: 3, duplicates: 2, conflicts: 0, claims: 0, flags: 0, linkMoves: false },
    });
    expect((await playerRow(t, mergedPlayer.id)).ratingCount).toBe(3); // a preview changes nothing

    const reply = await merged(mergedPlayer.id, kept.id);
    expect(reply.counts).toEqual(previewed.json<MergePreview>().counts);

    // The older of each pair: stored on the kept player, removed as a duplicate, with who removed it and when.
    for (const id of [firstOld, secondOld]) {
      expect(await ratingRow(id)).toMatchObject({ playerId: kept.id, removalRule: 'duplicate', listedAt: null });
      expect((await ratingRow(id)).removedAt).toBeInstanceOf(Date);
      const [record] = await t.database.db.select().from(ratingRemovals).where(eq(ratingRemovals.ratingId, id));
      expect(record).toMatchObject({ action: 'remove', rule: 'duplicate', actedByLabel: 'admin:admin@example.com' });
      expect(record.note).toContain(`Merged player #${mergedPlayer.id}`);
    }
    for (const id of [firstNew, secondNew, onlyRating]) {
      expect(await ratingRow(id)).toMatchObject({ playerId: kept.id, removedAt: null, removalRule: null });
    }
    expect(aggregatesOf(await playerRow(t, kept.id))).toEqual(
      sumOf(
        oneRating({ overall: 5, category: 5 }),
        oneRating({ overall: 4, category: 4 }),
        oneRating({ overall: 3, category: 3 }),
      ),
    );

    // Each duplicate taken back once from its rater (10 points and 5 for the detailed feedback); nothing else moves.
    const [firstAfter, secondAfter, onlyAfter] = await stats();
    const lessOne = (before: MyStatsReply) => ({
      ratingsSubmitted: before.ratingsSubmitted - 1,
      totalPoints: before.totalPoints - 15,
    });
    expect(firstAfter).toMatchObject(lessOne(statsBefore[0]));
    expect(secondAfter).toMatchObject(lessOne(statsBefore[1]));
    expect(onlyAfter).toEqual(statsBefore[2]);
    expect(await badgesOf(only.email)).toEqual(badgesBefore);
    const placesAfter = await Promise.all([first, second, only].map(({ cookie }) => leaderboardPlace(cookie)));
    expect(placesAfter[0]?.ratingsCount).toBe(placesBefore[0]!.ratingsCount - 1);
    expect(placesAfter[1]?.ratingsCount).toBe(placesBefore[1]!.ratingsCount - 1);
    expect(placesAfter[2]?.ratingsCount).toBe(placesBefore[2]!.ratingsCount);

    // The rater's rating of the kept player is the one kept: search, the page and a second rating all name it.
    const search = await getJson(t, `/api/players/search?q=${word}`, { cookie: first.cookie });
    expect(search.json<PlayerSearchResult[]>()).toEqual([
      expect.objectContaining({ id: kept.id, alreadyRated: true, existingRatingId: firstNew }),
    ]);
    const page = await getJson(t, `/api/players/${kept.id}/page`, { cookie: second.cookie });
    expect(page.json<PlayerPage>().viewer.existingRatingId).toBe(secondNew);
    const again = await postRating(t, first.cookie, ratingBody(kept.id));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_rated', existingRatingId: firstNew });
  });

  it('moves claims (match requests) and the moderation flags of the merged player’s ratings', async () => {
    const mergedPlayer = await createPlayer(t, { firstName: 'Merged' });
    const kept = await createPlayer(t, { firstName: 'Kept' });
    const claimant = uniqueEmail('claimant');
    const claimCookie = await signInAs(t, { email: claimant });
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/players/${mergedPlayer.id}/match-request`,
      headers: { cookie: claimCookie },
      payload: { firstName: 'Clara', lastName: 'Claimant', email: claimant, city: 'Austin', state: 'TX', zip: '78701' },
    });
    expect(claim.statusCode, claim.body).toBe(201);
    const flagged = await rate((await signInRater(t)).cookie, mergedPlayer.id, {
      strengthsImprovements: 'Plays like a r e t a r d',
    });
    expect((await preview(mergedPlayer.id, kept.id)).json<MergePreview>().counts).toMatchObject({
      claims: 1,
      flags: 1,
    });

    expect((await merged(mergedPlayer.id, kept.id)).counts).toMatchObject({ ratings: 1, claims: 1, flags: 1 });

    const claims = await t.database.db
      .select({ playerId: playerMatchRequests.playerId, status: playerMatchRequests.status })
      .from(playerMatchRequests)
      .where(eq(playerMatchRequests.userId, await userIdOf(t, claimant)));
    expect(claims).toEqual([{ playerId: kept.id, status: 'pending' }]);
    const pending = await getJson(t, '/api/admin/match-requests?status=pending', admin);
    expect(pending.json<{ requests: { playerId: number; playerFirstName: string }[] }>().requests).toContainEqual(
      expect.objectContaining({ playerId: kept.id, playerFirstName: 'Kept' }),
    );
    const flags = await t.database.db.select().from(flaggedComments).where(eq(flaggedComments.ratingId, flagged));
    expect(flags).toHaveLength(1);
    expect(await ratingRow(flagged)).toMatchObject({ playerId: kept.id, isHeld: true });
  });

  it('moves the merged player’s account link, with its page visibility; that account’s rating of the kept player is removed as a conflict of interest', async () => {
    const owner = uniqueEmail('owner');
    const ownerCookie = await signInAs(t, { email: owner });
    const mergedPlayer = await createPlayer(t, { firstName: 'Merged' });
    const kept = await createPlayer(t, { firstName: 'Kept' });
    const ownRating = await rate(ownerCookie, kept.id, scored(5, 5));
    await linkPlayerTo(t.database.db, mergedPlayer.id, owner, { visibility: 'members' });
    await rate((await signInRater(t)).cookie, mergedPlayer.id, scored(3, 3));
    const ownerBefore = await myStatsOf(t, ownerCookie);

    expect((await merged(mergedPlayer.id, kept.id)).counts).toEqual({
      ratings: 1,
      duplicates: 0,
      conflicts: 1,
      claims: 0,
      flags: 0,
      linkMoves: true,
    });

    expect(await playerRow(t, kept.id)).toMatchObject({ userId: await userIdOf(t, owner), visibility: 'members' });
    const linked = await getJson(t, '/api/auth/user/player', { cookie: ownerCookie });
    expect(linked.json()).toMatchObject({ player: { id: kept.id } });
    expect(await ratingRow(ownRating)).toMatchObject({ playerId: kept.id, removalRule: 'conflict-of-interest' });
    expect(aggregatesOf(await playerRow(t, kept.id))).toEqual(oneRating({ overall: 3, category: 3 }));
    expect(await myStatsOf(t, ownerCookie)).toMatchObject({ ratingsSubmitted: ownerBefore.ratingsSubmitted - 1 });
  });

  it('removes as a conflict of interest the merged player’s rating by the kept player’s own account', async () => {
    const owner = uniqueEmail('owner');
    const ownerCookie = await signInAs(t, { email: owner });
    const mergedPlayer = await createPlayer(t, { firstName: 'Merged' });
    const kept = await createPlayer(t, { firstName: 'Kept' });
    const ownRating = await rate(ownerCookie, mergedPlayer.id, scored(5, 5));
    await linkPlayerTo(t.database.db, kept.id, owner);

    expect((await merged(mergedPlayer.id, kept.id)).counts).toMatchObject({
      ratings: 1,
      conflicts: 1,
      linkMoves: false,
    });

    expect(await ratingRow(ownRating)).toMatchObject({ playerId: kept.id, removalRule: 'conflict-of-interest' });
    expect((await playerRow(t, kept.id)).ratingCount).toBe(0);
  });

  it('refuses players linked to different accounts (409), unknown players (404) and a player into itself (400)', async () => {
    const a = await createPlayer(t);
    const b = await createPlayer(t);
    for (const [player, label] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      const email = uniqueEmail(label);
      await signInAs(t, { email });
      await linkPlayerTo(t.database.db, player.id, email);
    }
    await rate((await signInRater(t)).cookie, a.id);
    for (const res of [await merge(a.id, b.id), await preview(a.id, b.id)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'merge_linked_conflict' });
    }
    expect((await playerRow(t, a.id)).ratingCount).toBe(1);

    const lone = await createPlayer(t);
    expect((await merge(2_000_000_000, lone.id)).json()).toMatchObject({ code: 'player_not_found' });
    expect((await merge(lone.id, 2_000_000_000)).statusCode).toBe(404);
    expect((await preview(lone.id, 2_000_000_000)).statusCode).toBe(404);
    const self = await merge(lone.id, lone.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'merge_into_self' });
    const member = await signInAs(t, { email: uniqueEmail('member') });
    expect((await merge(lone.id, a.id, { cookie: member })).statusCode).toBe(403);
  });

  it('refuses while a rater’s rating of one of the two is taken down and they rated the other (restore it first)', async () => {
    const mergedPlayer = await createPlayer(t);
    const kept = await createPlayer(t);
    const { cookie } = await signInRater(t);
    const removed = await rate(cookie, mergedPlayer.id);
    await rate(cookie, kept.id);
    const takeDown = await t.app.inject({
      method: 'POST',
      url: `/api/admin/ratings/${removed}/remove`,
      headers: admin,
      payload: { rule: 'offensive' },
    });
    expect(takeDown.statusCode, takeDown.body).toBe(200);

    const res = await merge(mergedPlayer.id, kept.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'merge_rating_conflict' });
    expect(await ratingRow(removed)).toMatchObject({ playerId: mergedPlayer.id, removalRule: 'offensive' });
  });
});

describe('a merged player’s addresses', () => {
  it('answer 301 to the kept player’s, follow a later merge of the kept player, and leave the sitemap', async () => {
    const mergedPlayer = await createPlayer(t, { firstName: 'Merged' });
    const kept = await createPlayer(t, { firstName: 'Kept' });
    const sitemap = async () => (await getJson(t, '/sitemap-players-1.xml')).payload;
    expect(await sitemap()).toContain(playerPath(mergedPlayer));

    await merged(mergedPlayer.id, kept.id);

    const detail = await getJson(t, `/api/players/${mergedPlayer.id}`);
    expect(detail.statusCode).toBe(301);
    expect(detail.headers.location).toBe(`/api/players/${kept.id}`);
    const page = await getJson(t, `/api/players/${mergedPlayer.id}/page`);
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/api/players/${kept.id}/page`);
    expect(await sitemap()).not.toContain(`/players/${mergedPlayer.id}/`);
    expect(await sitemap()).toContain(playerPath(kept));
    expect((await getJson(t, '/api/players/2000000000')).statusCode).toBe(404);

    const final = await createPlayer(t, { firstName: 'Final' });
    await merged(kept.id, final.id);
    expect((await getJson(t, `/api/players/${mergedPlayer.id}`)).headers.location).toBe(`/api/players/${final.id}`);
    const records = await t.database.db
      .select({ mergedId: playerMerges.mergedId, intoId: playerMerges.intoId, mergedBy: playerMerges.mergedBy })
      .from(playerMerges)
      .where(inArray(playerMerges.mergedId, [mergedPlayer.id, kept.id]))
      .orderBy(playerMerges.mergedId);
    expect(records).toEqual([
      { mergedId: mergedPlayer.id, intoId: final.id, mergedBy: 'admin:admin@example.com' },
      { mergedId: kept.id, intoId: final.id, mergedBy: 'admin:admin@example.com' },
    ]);
  });
});

describe('a merged player’s page as the server sends it', () => {
  let pages: TestApp;
  beforeAll(async () => {
    pages = await createPageServingApp({ PUBLIC_URL: 'https://ratings.example', SITEMAP_KEEP_SECONDS: '0' });
  });
  afterAll(() => pages.close());

  it('answers 301 to the kept player’s canonical page, whatever slug the old address had', async () => {
    const { db } = pages.database;
    const mergedPlayer = await addPlayer(db, { firstName: 'Dup', lastName: 'Licate' });
    const kept = await addPlayer(db, { firstName: 'Real', lastName: 'Player' });
    const cookie = await signInAs(pages, { email: uniqueEmail('admin'), isAdmin: true });
    const res = await pages.app.inject({
      method: 'POST',
      url: `/api/admin/players/${mergedPlayer.id}/merge`,
      headers: { cookie },
      payload: { intoPlayerId: kept.id },
    });
    expect(res.statusCode, res.body).toBe(200);

    for (const url of [
      playerPath(mergedPlayer),
      `/players/${mergedPlayer.id}`,
      `${playerPath(mergedPlayer)}?ref=share`,
    ]) {
      const answer = await pages.app.inject({ url });
      expect(answer.statusCode, url).toBe(301);
      expect(answer.headers.location).toBe(`${playerPath(kept)}${url.includes('?') ? '?ref=share' : ''}`);
    }
    expect((await pages.app.inject({ url: playerPath(kept) })).statusCode).toBe(200);
    const unknown = await pages.app.inject({ url: '/players/2000000000/nobody' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the recount after every merge above', () => {
  it('finds every derived figure equal to its rows', async () => {
    const checks = await verifyAggregates(t.database);
    expect(checks.filter((check) => check.mismatches > 0)).toEqual([]);
  });
});
