import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import type { PlayerDetail } from '../../../common/schemas/players';
import type { TrustFlag } from '../../../common/schemas/trust';
import { adminTokenHeaders, signInAs } from '../../test/sign-in';
import { recomputeTrust } from '../../test/trust-recompute';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addPlayer, addRating, allScores, uniqueEmail } from '../players/players-fixtures';
import { postRating, ratingBody } from '../ratings/ratings-fixtures';
import { releaseAgedBurstHolds } from './burst-holds.service';
import { refreshStaleEstimates } from './stale-estimates.service';

type Admin = Awaited<ReturnType<typeof adminTokenHeaders>>;
const DAY_MS = 24 * 3600 * 1000;

const detail = async (t: TestApp, id: number) =>
  (await t.app.inject({ url: `/api/players/${id}` })).json<PlayerDetail>();
const burstFlagsOf = async (t: TestApp, admin: Admin, playerId: number, status = 'pending') =>
  (await t.app.inject({ url: `/api/admin/trust/flags?status=${status}`, headers: admin }))
    .json<{ flags: TrustFlag[] }>()
    .flags.filter((flag) => flag.type === 'burst' && flag.players.some((player) => player.id === playerId));

/** Accounts made `ageDays` ago, signed in: their cookies. */
async function accounts(t: TestApp, count: number, ageDays: number, name: string): Promise<string[]> {
  const emails = Array.from({ length: count }, () => uniqueEmail(name));
  const cookies = [];
  for (const email of emails) cookies.push(await signInAs(t, { email, firstName: name, lastName: 'Rater' }));
  await makeOld(t, emails, ageDays);
  return cookies;
}

async function makeOld(t: TestApp, emails: string[], ageDays: number) {
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

async function rateAll(t: TestApp, cookies: string[], playerId: number, stars: number, anonymous = () => false) {
  for (const cookie of cookies) {
    const res = await postRating(
      t,
      cookie,
      ratingBody(playerId, { ...allScores(stars), overallRating: stars, isAnonymous: anonymous() }),
    );
    expect(res.statusCode, res.body).toBe(201);
  }
}

/** A player with `count` ratings of 4 stars from established raters. */
async function ratedPlayer(t: TestApp, count = 8) {
  const player = await addPlayer(t.database.db);
  for (let index = 0; index < count; index += 1) {
    await addRating(t.database.db, { playerId: player.id, raterEmail: uniqueEmail('regular'), ...allScores(4) });
  }
  return player;
}

describe('bursts of young accounts on an established site', () => {
  let t: TestApp;
  let admin: Admin;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminTokenHeaders(t);
    // The site's members joined weeks ago: young accounts are unusual here.
    await accounts(t, 40, 60, 'member');
  });
  afterAll(() => t.close());

  it('holds 20 new accounts giving one player 1 star within a day: the shown estimate moves by at most 0.1', async () => {
    const player = await ratedPlayer(t);
    await recomputeTrust(t.app, admin);
    const before = await detail(t, player.id);

    await rateAll(t, await accounts(t, 20, 0, 'attacker'), player.id, 1);
    // The worker's pass over the players marked since (every 2 s in production; it does not run in tests).
    await refreshStaleEstimates(t.database.db);
    const after = await detail(t, player.id);

    expect(Math.abs(after.skill.overall.mean - before.skill.overall.mean)).toBeLessThanOrEqual(0.1);
    expect(after.averageRatings.count).toBe(8);
    expect(after.averageRatings.overall).toBe(before.averageRatings.overall);
    const [flag] = await burstFlagsOf(t, admin, player.id);
    expect(flag).toMatchObject({ status: 'pending', score: 20 });
    expect(flag.accounts).toHaveLength(20);
    expect(flag.ratingIds).toHaveLength(20);
    expect(flag.evidence).toMatchObject({ youngAccounts: 20, burstMean: 1, othersMean: 4, othersCount: 8 });

    // Confirmed: they never count, not even once the accounts are old.
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trust/flags/${flag.id}/review`,
      headers: admin,
      payload: { action: 'confirm', notes: 'Accounts made for this' },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json<{ flag: TrustFlag }>().flag.status).toBe('confirmed');
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(sql`lower(${users.email}) in ${flag.accounts.map((account) => account.email)}`);
    await releaseAgedBurstHolds(t.database.db);
    expect((await detail(t, player.id)).averageRatings.count).toBe(8);
  });

  it('does not hold a league night of 15 established raters rating one player together', async () => {
    const player = await ratedPlayer(t, 2);
    await rateAll(t, await accounts(t, 15, 30, 'league'), player.id, 2);
    expect((await detail(t, player.id)).averageRatings.count).toBe(17);
    expect(await burstFlagsOf(t, admin, player.id)).toHaveLength(0);
  });

  it('counts a few new members rating one player at once', async () => {
    const player = await ratedPlayer(t, 2);
    await rateAll(t, await accounts(t, 4, 1, 'newcomer'), player.id, 3);
    expect((await detail(t, player.id)).averageRatings.count).toBe(6);
    expect(await burstFlagsOf(t, admin, player.id)).toHaveLength(0);
  });

  it('counts a dismissed burst at once', async () => {
    const player = await ratedPlayer(t, 3);
    await rateAll(t, await accounts(t, 5, 2, 'team'), player.id, 5);
    expect((await detail(t, player.id)).averageRatings.count).toBe(3);
    const [flag] = await burstFlagsOf(t, admin, player.id);
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trust/flags/${flag.id}/review`,
      headers: admin,
      payload: { action: 'dismiss', notes: 'A new club joined' },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect((await detail(t, player.id)).averageRatings.count).toBe(8);
    expect(await burstFlagsOf(t, admin, player.id, 'dismissed')).toHaveLength(1);
  });

  it('counts an unreviewed burst once its accounts are 7 days old, never by the anonymous release', async () => {
    const player = await ratedPlayer(t, 3);
    let anonymous = 0;
    const emails = Array.from({ length: 6 }, () => uniqueEmail('waiting'));
    const cookies = [];
    for (const email of emails) cookies.push(await signInAs(t, { email }));
    await rateAll(t, cookies, player.id, 2, () => anonymous++ < 3);
    expect(await burstFlagsOf(t, admin, player.id)).toHaveLength(1);

    const release = await t.app.inject({ method: 'POST', url: '/api/admin/anonymity/release', headers: admin });
    expect(release.statusCode).toBe(200);
    expect((await detail(t, player.id)).averageRatings.count).toBe(3);
    expect(await releaseAgedBurstHolds(t.database.db)).toBe(0);

    await makeOld(t, emails, 7.01);
    expect(await releaseAgedBurstHolds(t.database.db)).toBe(6);
    // The named ones count now; the anonymous ones wait for the next weekly release, like any other.
    expect((await detail(t, player.id)).averageRatings.count).toBe(6);
    await t.app.inject({ method: 'POST', url: '/api/admin/anonymity/release', headers: admin });
    expect((await detail(t, player.id)).averageRatings.count).toBe(9);
    expect(await burstFlagsOf(t, admin, player.id)).toHaveLength(1);
  });
});

describe('a new site, where everyone is new', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("counts young accounts' ratings at once, even several on one player within a day", async () => {
    const admin = await adminTokenHeaders(t);
    const player = await addPlayer(t.database.db);
    await rateAll(t, await accounts(t, 8, 0, 'founder'), player.id, 4);
    expect((await detail(t, player.id)).averageRatings.count).toBe(8);
    expect(await burstFlagsOf(t, admin, player.id)).toHaveLength(0);
  });
});
