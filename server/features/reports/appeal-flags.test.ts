import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationDecisions, trustFlags, users } from '../../db/schema/index';
import type { PlayerDetail } from '../../../common/schemas/players';
import type { TrustFlag } from '../../../common/schemas/trust';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addPlayer, addRating, allScores, uniqueEmail } from '../players/players-fixtures';
import { postRating, ratingBody, type RatingJson } from '../ratings/ratings-fixtures';
import { releaseAgedBurstHolds } from '../trust/burst-holds.service';
import { refreshStaleEstimates } from '../trust/stale-estimates.service';
import { person, ratedScene, type Person } from './appeal-fixtures';

/*
 * docs/product.md#appeals: a Trust & Safety flag confirmed on a rating, reversed on the rater's appeal, counts that
 * one rating again (its raw figures and its estimate); the flag stays confirmed for its other ratings.
 */

const DAY_MS = 24 * 3600 * 1000;

let t: TestApp;
let adminA: Person;
let adminB: Person;
beforeAll(async () => {
  t = await createTestApp();
  adminA = await person(t, 'admin-a', { isAdmin: true });
  adminB = await person(t, 'admin-b', { isAdmin: true });
  // The site's members joined weeks ago: a few young accounts rating one player together are a burst here.
  const members = Array.from({ length: 40 }, () => uniqueEmail('member'));
  for (const email of members) await signInAs(t, { email });
  await makeOld(members, 60);
});
afterAll(() => t.close());

async function makeOld(emails: string[], ageDays: number) {
  await t.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - ageDays * DAY_MS) })
    .where(
      inArray(
        sql`lower(${users.email})`,
        emails.map((email) => email.toLowerCase()),
      ),
    );
}

const detail = async (playerId: number) =>
  (await t.app.inject({ url: `/api/players/${playerId}` })).json<PlayerDetail>();

/** The raw figures the player's page shows, and the estimate once the worker has passed over the marked players. */
async function counted(playerId: number) {
  // The worker's pass over the players marked since (every 2 s in production; it does not run in tests).
  await refreshStaleEstimates(t.database.db);
  const { ratingCount, averageRatings, skill } = await detail(playerId);
  return { ratingCount, count: averageRatings.count, overall: averageRatings.overall, estimated: skill.overall.n };
}

const review = (flagId: number, action: 'confirm' | 'dismiss') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/trust/flags/${flagId}/review`,
    headers: { cookie: adminA.cookie },
    payload: { action },
  });

/** The confirm decision of the flag on the rating, appealed by its rater and reversed by a different admin. */
async function appealAndReverse(flagId: number, ratingId: number, raterCookie: string) {
  const [decision] = await t.database.db
    .select()
    .from(moderationDecisions)
    .where(and(eq(moderationDecisions.flagId, flagId), eq(moderationDecisions.ratingId, ratingId)));
  expect(decision).toMatchObject({ outcome: 'confirm' });
  const filed = await t.app.inject({
    method: 'POST',
    url: `/api/decisions/${decision.id}/appeal`,
    headers: { cookie: raterCookie },
    payload: { text: 'I play with them every week; my rating is my own.' },
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const reversed = await t.app.inject({
    method: 'POST',
    url: `/api/admin/appeals/${filed.json<{ id: number }>().id}/decision`,
    headers: { cookie: adminB.cookie },
    payload: { outcome: 'reversed', statement: 'This rater plays with the player every week.' },
  });
  expect(reversed.statusCode, reversed.body).toBe(200);
  const [reversal] = await t.database.db
    .select()
    .from(moderationDecisions)
    .where(eq(moderationDecisions.reversesDecisionId, decision.id));
  expect(reversal).toMatchObject({ outcome: 'dismiss', ratingId, rule: null, decidedBy: adminB.userId });
  return decision.id;
}

const flagOf = async (flagId: number) => {
  const [row] = await t.database.db.select().from(trustFlags).where(eq(trustFlags.id, flagId));
  return row;
};

/**
 * A player with 3 established 4-star ratings and a burst of 5 new accounts' 1 stars (the first `anonymous` of them
 * anonymous), held as a flag an admin confirmed.
 */
async function confirmedBurst(anonymous = 0) {
  const player = await addPlayer(t.database.db);
  for (let index = 0; index < 3; index += 1) {
    await addRating(t.database.db, { playerId: player.id, raterEmail: uniqueEmail('regular'), ...allScores(4) });
  }
  const young = Array.from({ length: 5 }, () => uniqueEmail('young'));
  const raters: { cookie: string; ratingId: number }[] = [];
  for (const [index, email] of young.entries()) {
    const cookie = await signInAs(t, { email, firstName: 'Young', lastName: 'Rater' });
    const body = ratingBody(player.id, { ...allScores(1), overallRating: 1, isAnonymous: index < anonymous });
    const res = await postRating(t, cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    raters.push({ cookie, ratingId: res.json<RatingJson>().id });
  }
  const flags = (
    await t.app.inject({ url: '/api/admin/trust/flags?status=pending', headers: { cookie: adminA.cookie } })
  ).json<{ flags: TrustFlag[] }>().flags;
  const flag = flags.find((f) => f.type === 'burst' && f.players.some((p) => p.id === player.id))!;
  expect(flag.ratingIds).toHaveLength(5);
  expect((await review(flag.id, 'confirm')).statusCode).toBe(200);
  return { player, young, raters, flag };
}

describe('reversing a confirmed flag on appeal, for the appellant rating only', () => {
  it("a confirmed burst's rating counts again: the player's count, averages and estimate", async () => {
    const { player, young, raters, flag } = await confirmedBurst();
    const held = { ratingCount: 3, count: 3, overall: 4, estimated: 3 };
    expect(await counted(player.id)).toEqual(held);

    const [appellant] = raters;
    await appealAndReverse(flag.id, appellant.ratingId, appellant.cookie);
    const reversed = await counted(player.id);
    expect(reversed).toMatchObject({ ratingCount: 4, count: 4, estimated: 4 });
    expect(reversed.overall).toBeCloseTo((3 * 4 + 1) / 4, 1);
    // The flag stays confirmed for the other four; the release of aged accounts does not touch a confirmed flag.
    const left = await flagOf(flag.id);
    expect(left.status).toBe('confirmed');
    expect([...left.ratingIds].sort()).toEqual(
      raters
        .slice(1)
        .map((rater) => rater.ratingId)
        .sort(),
    );
    await makeOld(young, 8);
    await releaseAgedBurstHolds(t.database.db);
    expect((await counted(player.id)).count).toBe(4);
  });

  it('an anonymous burst rating reversed waits for the weekly release, as a dismissed one does', async () => {
    const { player, raters, flag } = await confirmedBurst(1);
    await appealAndReverse(flag.id, raters[0].ratingId, raters[0].cookie);
    expect((await counted(player.id)).count).toBe(3);
    // Two other anonymous ratings (of another player), so the release has its crowd of three raters.
    const elsewhere = await addPlayer(t.database.db);
    for (const name of ['crowd-a', 'crowd-b']) {
      const cookie = await signInAs(t, { email: uniqueEmail(name) });
      const res = await postRating(t, cookie, ratingBody(elsewhere.id, { ...allScores(3), isAnonymous: true }));
      expect(res.statusCode, res.body).toBe(201);
    }
    const release = await t.app.inject({
      method: 'POST',
      url: '/api/admin/anonymity/release',
      headers: { cookie: adminA.cookie },
    });
    expect(release.statusCode, release.body).toBe(200);
    expect(await counted(player.id)).toMatchObject({ count: 4, estimated: 4 });
  });

  it("a confirmed ring's rating counts in the estimate again", async () => {
    const scene = await ratedScene(t);
    const other = await addRating(t.database.db, {
      playerId: scene.player.id,
      raterEmail: uniqueEmail('ring'),
      ...allScores(5),
    });
    await addRating(t.database.db, { playerId: scene.player.id, raterEmail: uniqueEmail('regular'), ...allScores(3) });
    const [{ id: flagId }] = await t.database.db
      .insert(trustFlags)
      .values({
        type: 'ring',
        score: 2,
        signature: `ring:appeal-test:${scene.rating.id}`,
        raterKeys: [scene.rater.email.toLowerCase()],
        playerIds: [scene.player.id],
        ratingIds: [scene.rating.id, other.id],
        evidence: { density: 1, meanZ: 2, players: [] },
      })
      .returning({ id: trustFlags.id });
    expect((await review(flagId, 'confirm')).statusCode).toBe(200);
    // The raw figures count every stored rating; the estimate sets the ring's two aside.
    expect(await counted(scene.player.id)).toMatchObject({ count: 3, estimated: 1 });

    await appealAndReverse(flagId, scene.rating.id, scene.rater.cookie);
    expect(await counted(scene.player.id)).toMatchObject({ count: 3, estimated: 2 });
    expect(await flagOf(flagId)).toMatchObject({ status: 'confirmed', ratingIds: [other.id] });
  });
});
