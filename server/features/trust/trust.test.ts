import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerSkillMarks } from '../../db/schema/index';
import type { PlayerDetail } from '../../../common/schemas/players';
import type { ReceivedRating } from '../../../common/schemas/ratings';
import type { TrustFlag, TrustStatus } from '../../../common/schemas/trust';
import { adminTokenHeaders, signInAs } from '../../test/sign-in';
import { recomputeTrust } from '../../test/trust-recompute';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addPlayer, addRating, keysDeep, uniqueEmail, userIdOf } from '../players/players-fixtures';
import { postRating, ratingBody } from '../ratings/ratings-fixtures';

type Admin = Awaited<ReturnType<typeof adminTokenHeaders>>;

const detail = async (t: TestApp, id: number) =>
  (await t.app.inject({ url: `/api/players/${id}` })).json<PlayerDetail>();
const recompute = (t: TestApp, admin: Admin) => recomputeTrust(t.app, admin);
const flags = async (t: TestApp, admin: Admin, status = 'pending') =>
  (await t.app.inject({ url: `/api/admin/trust/flags?status=${status}`, headers: admin })).json<{
    flags: TrustFlag[];
  }>().flags;
const stars = (value: number) => ({
  serveReturn: value,
  groundstrokesThirdShot: value,
  netPlayVolleysDinks: value,
  movementCourtAwareness: value,
  mentalPhysicalGame: value,
  overallRating: value,
});

/** Background: players rated 2-4 stars by many raters, so the community has a spread to compare with. */
async function addCommunity(t: TestApp, count: number) {
  const raters = Array.from({ length: 12 }, () => uniqueEmail('community'));
  for (let index = 0; index < count; index += 1) {
    const player = await addPlayer(t.database.db);
    for (let r = 0; r < 4; r += 1) {
      await addRating(t.database.db, {
        playerId: player.id,
        raterEmail: raters[(index + r) % raters.length],
        ...stars(2 + ((index + r) % 3)),
      });
    }
  }
}

/** Three accounts, each linked to a player, rating each other's players 5 stars; outsiders rate those players 2. */
async function addRing(t: TestApp) {
  const members = await Promise.all(
    [0, 1, 2].map(async (index) => {
      const email = uniqueEmail(`ring${index}`);
      await signInAs(t, { email, firstName: `Ring${index}`, lastName: 'Member' });
      const player = await addPlayer(t.database.db, { userId: await userIdOf(t.database.db, email), email });
      return { email, player };
    }),
  );
  for (const rater of members) {
    for (const rated of members) {
      if (rater !== rated)
        await addRating(t.database.db, { playerId: rated.player.id, raterEmail: rater.email, ...stars(5) });
    }
  }
  for (const rated of members) {
    for (let index = 0; index < 5; index += 1) {
      await addRating(t.database.db, { playerId: rated.player.id, raterEmail: uniqueEmail('outsider'), ...stars(2) });
    }
  }
  return members;
}

describe('skill estimates and trust review', () => {
  let t: TestApp;
  let admin: Admin;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminTokenHeaders(t);
    await addCommunity(t, 12);
  });
  afterAll(() => t.close());

  it('gives a player nobody rated the community estimate with a wide interval and no reliability', async () => {
    const player = await addPlayer(t.database.db);
    const { skill, averageRatings } = await detail(t, player.id);
    expect(averageRatings.count).toBe(0);
    expect(skill.reliability).toMatchObject({
      label: 'none',
      score: 0,
      ratings: 0,
      distinctRaters: 0,
      ratingsLast12Months: 0,
    });
    for (const estimate of [...Object.values(skill.categories), skill.overall]) {
      expect(estimate.n).toBe(0);
      expect(estimate.high - estimate.low).toBeGreaterThan(1.5);
      expect(estimate.low).toBeGreaterThanOrEqual(1);
      expect(estimate.high).toBeLessThanOrEqual(5);
    }
  });

  it('after a full run, shows a rated player an estimate with bounds, counts and weights, raw means unchanged', async () => {
    const owner = uniqueEmail('owner');
    const cookie = await signInAs(t, { email: owner });
    const player = await addPlayer(t.database.db, { userId: await userIdOf(t.database.db, owner), email: owner });
    for (let index = 0; index < 6; index += 1) {
      await addRating(t.database.db, { playerId: player.id, ...stars(index < 5 ? 5 : 4), isAnonymous: index === 0 });
    }
    const run = await recompute(t, admin);
    expect(run).toMatchObject({ state: 'done', requestedByAdmin: true, error: null });
    const { lastRun } = (await t.app.inject({ url: '/api/admin/trust/status', headers: admin })).json<TrustStatus>();
    expect(lastRun?.players).toBeGreaterThan(0);
    expect(lastRun?.durationMs).toBeGreaterThanOrEqual(0);

    const { skill, averageRatings } = await detail(t, player.id);
    expect(averageRatings.serveReturn).toBe(4.8);
    expect(skill.reliability).toMatchObject({ ratings: 6, distinctRaters: 6, ratingsLast12Months: 6 });
    expect(skill.reliability.label).not.toBe('none');
    const { serveReturn } = skill.categories;
    expect(serveReturn.n).toBe(6);
    // Shrunk toward the community: below the raw 4.8, above the community mean.
    expect(serveReturn.mean).toBeLessThan(4.8);
    expect(serveReturn.mean).toBeGreaterThan(skill.communityMean);
    expect(serveReturn.low).toBeLessThanOrEqual(serveReturn.mean);
    expect(serveReturn.high).toBeGreaterThanOrEqual(serveReturn.mean);
    expect(keysDeep(skill)).not.toContain('email');

    const received = (
      await t.app.inject({ url: `/api/players/${player.id}/received-ratings`, headers: { cookie } })
    ).json<ReceivedRating[]>();
    expect(received).toHaveLength(6);
    for (const rating of received) expect(rating.weight).toBeGreaterThan(0);
    expect(received.reduce((sum, rating) => sum + (rating.weight ?? 0), 0)).toBeLessThanOrEqual(1.01);
    // The player sees an anonymous rating's date as the Monday of its week; an admin sees the time.
    const anonymous = received.find((rating) => rating.isAnonymous)!;
    const day = new Date(anonymous.createdAt);
    expect(day.getUTCDay()).toBe(1);
    expect(anonymous.createdAt).toMatch(/T00:00:00\.000Z$/);
    const adminCookie = await signInAs(t, { email: uniqueEmail('admin'), isAdmin: true });
    const asAdmin = (
      await t.app.inject({ url: `/api/players/${player.id}/received-ratings`, headers: { cookie: adminCookie } })
    ).json<ReceivedRating[]>();
    expect(asAdmin.find((rating) => rating.id === anonymous.id)!.createdAt).not.toBe(anonymous.createdAt);
  });

  it('shows the overall estimate with its reliability in search results', async () => {
    const player = await addPlayer(t.database.db, { firstName: 'Quentinzq', lastName: 'Searchable' });
    await addRating(t.database.db, { playerId: player.id, ...stars(4) });
    await recompute(t, admin);
    const results = (await t.app.inject({ url: '/api/players/search?q=quentinzq' })).json<
      { id: number; overallEstimate: { mean: number; low: number; high: number; n: number; reliability: string } }[]
    >();
    expect(results[0].overallEstimate.n).toBe(1);
    expect(results[0].overallEstimate.reliability).not.toBe('none');
  });

  it('flags a ring for review; confirming it stops its ratings counting, dismissing it keeps it from coming back', async () => {
    const ring = await addRing(t);
    await recompute(t, admin);
    const pending = await flags(t, admin);
    const ringFlag = pending.find(
      (flag) => flag.type === 'ring' && flag.players.some((p) => p.id === ring[0].player.id),
    );
    expect(ringFlag, JSON.stringify(pending)).toBeDefined();
    expect(ringFlag!.accounts.map((account) => account.email).sort()).toEqual(
      ring.map((member) => member.email.toLowerCase()).sort(),
    );
    expect(ringFlag!.ratingIds).toHaveLength(6);
    expect(ringFlag!.evidence).toMatchObject({ density: 1 });

    const before = await detail(t, ring[0].player.id);
    expect(before.skill.overall.n).toBe(7);
    // While it awaits review, the ring's ratings are set aside (its players were marked for the worker).
    const markedAtOnce = await t.database.db
      .select()
      .from(playerSkillMarks)
      .where(eq(playerSkillMarks.playerId, ring[0].player.id));
    expect(markedAtOnce).toHaveLength(1);
    await recompute(t, admin);
    expect((await detail(t, ring[0].player.id)).skill.overall.n).toBe(5);
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trust/flags/${ringFlag!.id}/review`,
      headers: admin,
      payload: { action: 'confirm', notes: 'Three friends boosting each other' },
    });
    expect(review.statusCode).toBe(200);
    expect(review.json<{ flag: TrustFlag }>().flag).toMatchObject({
      status: 'confirmed',
      reviewNotes: 'Three friends boosting each other',
    });
    // The players are marked for the worker at once.
    const marked = await t.database.db
      .select()
      .from(playerSkillMarks)
      .where(eq(playerSkillMarks.playerId, ring[0].player.id));
    expect(marked).toHaveLength(1);

    await recompute(t, admin);
    const after = await detail(t, ring[0].player.id);
    expect(after.skill.overall.n).toBe(5);
    expect(after.skill.overall.mean).toBeLessThan(before.skill.overall.mean);
    // The ratings stay stored: the raw averages still count them.
    expect(after.averageRatings.count).toBe(7);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trust/flags/${ringFlag!.id}/review`,
      headers: admin,
      payload: { action: 'dismiss' },
    });
    expect(again.statusCode).toBe(409);
    expect((await flags(t, admin, 'confirmed')).map((flag) => flag.id)).toContain(ringFlag!.id);
  });

  it('does not flag a dismissed ring again', async () => {
    const ring = await addRing(t);
    await recompute(t, admin);
    const flag = (await flags(t, admin)).find((candidate) =>
      candidate.players.some((p) => p.id === ring[1].player.id),
    )!;
    expect(flag).toBeDefined();
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trust/flags/${flag.id}/review`,
      headers: admin,
      payload: { action: 'dismiss' },
    });
    expect(review.json<{ flag: TrustFlag }>().flag).toMatchObject({ status: 'dismissed', reviewNotes: null });
    await recompute(t, admin);
    const pendingAgain = await flags(t, admin);
    expect(pendingAgain.some((candidate) => candidate.players.some((p) => p.id === ring[1].player.id))).toBe(false);
    // Set aside while pending, a dismissed ring's ratings count again.
    expect((await detail(t, ring[1].player.id)).skill.overall.n).toBe(7);
  });

  it('answers 404 for an unknown flag or rater, and a rater their leniency with its interval', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/trust/flags/999999/review',
      headers: admin,
      payload: { action: 'confirm' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Flag not found', code: 'flag_not_found' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/trust/flags/1/review',
      headers: admin,
      payload: { action: 'approve' },
    });
    expect(bad.statusCode).toBe(400);

    const unknown = await t.app.inject({
      url: '/api/admin/raters/00000000-0000-4000-8000-000000000000/trust',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
    const email = uniqueEmail('generous');
    await signInAs(t, { email });
    const players3 = await Promise.all([0, 1, 2].map(() => addPlayer(t.database.db)));
    for (const player of players3)
      await addRating(t.database.db, { playerId: player.id, raterEmail: email, ...stars(5) });
    await recompute(t, admin);
    const trust = await t.app.inject({
      url: `/api/admin/raters/${await userIdOf(t.database.db, email)}/trust`,
      headers: admin,
    });
    expect(trust.statusCode).toBe(200);
    const body = trust.json<{ leniency: number; leniencyLow: number; leniencyHigh: number; ratingsGiven: number }>();
    expect(body.ratingsGiven).toBe(3);
    expect(body.leniency).toBeGreaterThan(0);
    expect(body.leniencyLow).toBeLessThan(body.leniency);
    expect(body.leniencyHigh).toBeGreaterThan(body.leniency);
  });

  it('reports the last run, the settings in use and the pending flags', async () => {
    const status = (await t.app.inject({ url: '/api/admin/trust/status', headers: admin })).json<TrustStatus>();
    expect(status.lastRun?.players).toBeGreaterThan(0);
    expect(status.hyperParameters).toMatchObject({ halfLifeMonths: 18 });
    expect(status.pendingFlags).toBeGreaterThanOrEqual(0);
    expect(status.calibration.ratings).toBeGreaterThanOrEqual(0);
  });
});

describe('helpfulness score on the leaderboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LEADERBOARD_CACHE_SECONDS: '0' });
  });
  afterAll(() => t.close());

  it('ranks equal counts by the helpfulness score, so one lucky 5 does not top raters with many good votes', async () => {
    const admin = await adminTokenHeaders(t);
    // Fifteen owners, each with a player; three raters rate five players each and their owners vote.
    const owners = await Promise.all(
      Array.from({ length: 15 }, async (_, index) => {
        const email = uniqueEmail(`owner${index}`);
        const cookie = await signInAs(t, { email });
        const player = await addPlayer(t.database.db, { userId: await userIdOf(t.database.db, email), email });
        return { cookie, player };
      }),
    );
    const vote = (cookie: string, ratingId: number, helpfulnessScore: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ratings/${ratingId}/helpfulness`,
        headers: { cookie },
        payload: { helpfulnessScore },
      });
    const rateFive = async (email: string, rated: typeof owners, votes: (number | null)[]) => {
      const cookie = await signInAs(t, { email });
      for (const [index, owner] of rated.entries()) {
        const res = await postRating(t, cookie, ratingBody(owner.player.id));
        expect(res.statusCode).toBe(201);
        const score = votes[index];
        if (score !== null)
          expect((await vote(owner.cookie, res.json<{ id: number }>().id, score)).statusCode).toBe(200);
      }
    };
    const steady = uniqueEmail('steady');
    const lucky = uniqueEmail('lucky');
    await rateFive(steady, owners.slice(0, 5), [5, 5, 5, 4, 5]);
    await rateFive(lucky, owners.slice(5, 10), [5, null, null, null, null]);
    await rateFive(uniqueEmail('unhelpful'), owners.slice(10), [2, 1, 2, 2, 3]);
    await recompute(t, admin);

    const cookie = await signInAs(t, { email: steady });
    const board = (await t.app.inject({ url: '/api/leaderboard?period=all', headers: { cookie } })).json<{
      leaderboard: {
        userEmail: string;
        ratingsCount: number;
        averageHelpfulness: number;
        helpfulnessScore: number | null;
        isCurrentUser: boolean;
      }[];
    }>().leaderboard;
    const steadyEntry = board.findIndex((entry) => entry.isCurrentUser);
    const luckyEntry = board.findIndex(
      (entry) =>
        entry.userEmail.startsWith(lucky.slice(0, 1)) && !entry.isCurrentUser && entry.averageHelpfulness === 5,
    );
    expect(board[steadyEntry].averageHelpfulness).toBeLessThan(5);
    expect(board[steadyEntry].helpfulnessScore).toBeGreaterThan(board[luckyEntry].helpfulnessScore ?? 0);
    // Same count, so the score decides: the steady rater above the lucky one whose average is higher.
    expect(steadyEntry).toBeLessThan(luckyEntry);
  });
});
