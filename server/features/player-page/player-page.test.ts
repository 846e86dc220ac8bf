import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERS_ONLY_MESSAGE, type PlayerPage, type PlayerPageComment } from '../../../common/schemas/player-page';
import { NEXT_CURSOR_HEADER } from '../../../common/schemas/shared';
import { playerMatchRequests, ratings } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addPlayer, addRating, keysDeep, linkPlayerTo, uniqueEmail, userIdOf } from '../players/players-fixtures';
import { refreshStaleEstimates } from '../trust/stale-estimates.service';
import { markPlayersStale } from '../trust/trust-flags.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The trust worker's pass after a player's ratings change (the worker does not run in tests). */
const estimate = async (playerId: number) => {
  await markPlayersStale(t.database.db, [playerId]);
  await refreshStaleEstimates(t.database.db);
};
const getPage = (id: number, cookie?: string) =>
  t.app.inject({ url: `/api/players/${id}/page`, headers: cookie ? { cookie } : {} });
const getComments = (id: number, query = '', cookie?: string) =>
  t.app.inject({ url: `/api/players/${id}/comments${query}`, headers: cookie ? { cookie } : {} });

/** A rating given (and last changed) at `at`: the model dates a rating by its last change. */
async function rateAt(
  playerId: number,
  at: Date,
  overall: number,
  extra: Parameters<typeof addRating>[1] = { playerId },
) {
  const rating = await addRating(t.database.db, {
    ...extra,
    playerId,
    createdAt: at,
    serveReturn: overall,
    groundstrokesThirdShot: overall,
    netPlayVolleysDinks: overall,
    movementCourtAwareness: overall,
    mentalPhysicalGame: overall,
    overallRating: overall,
  });
  await t.database.db.update(ratings).set({ updatedAt: at }).where(eq(ratings.id, rating.id));
  return rating;
}

describe('GET /api/players/:id/page', () => {
  it('shows an unlinked player by name, place and numbers: no e-mail, no street or ZIP, no bio, claimable', async () => {
    const email = uniqueEmail('pagepublic');
    const player = await addPlayer(t.database.db, {
      firstName: 'Jordan',
      lastName: 'Rivera',
      email,
      location: '12 Elm St, Austin, TX 78701',
      bio: 'Unlinked players show no bio',
    });
    await rateAt(player.id, new Date(), 4);
    await rateAt(player.id, new Date(), 5);
    await estimate(player.id);

    const reply = await getPage(player.id);
    expect(reply.statusCode).toBe(200);
    expect(reply.body).not.toContain(email);
    expect(reply.body).not.toContain('78701');
    expect(reply.body).not.toContain('Elm');
    expect(keysDeep(reply.json())).not.toContain('email');
    const page = reply.json<PlayerPage>();
    expect(page).toMatchObject({
      id: player.id,
      firstName: 'Jordan',
      lastName: 'Rivera',
      place: 'Austin, TX',
      path: `/players/${player.id}/jordan-rivera-austin-tx`,
      bio: null,
      isLinked: false,
      isClaimable: true,
      isPublic: true,
      isIndexable: true,
      overallDistribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 },
      viewer: { signedIn: false, isOwner: false, existingRatingId: null },
    });
    expect(page.skill.reliability.ratings).toBe(2);
    expect(page.history).toHaveLength(1);
  });

  it('answers 404 for an unknown player and 400 for an id that is not one, as GET /api/players/:id does', async () => {
    for (const url of ['/api/players/99999999/page', '/api/players/99999999']) {
      const reply = await t.app.inject({ url });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ message: 'Player not found', code: 'player_not_found' });
    }
    for (const id of ['abc', '0', '99999999999']) {
      expect((await t.app.inject({ url: `/api/players/${id}/page` })).statusCode).toBe(
        (await t.app.inject({ url: `/api/players/${id}` })).statusCode,
      );
      expect((await t.app.inject({ url: `/api/players/${id}/page` })).statusCode).toBe(400);
    }
  });

  it('is not claimable while a claim is pending', async () => {
    const player = await addPlayer(t.database.db);
    const claimantEmail = uniqueEmail('claimant');
    await signInAs(t, { email: claimantEmail });
    await t.database.db.insert(playerMatchRequests).values({
      userId: await userIdOf(t.database.db, claimantEmail),
      playerId: player.id,
      claimantFirstName: 'Pat',
      claimantLastName: 'Player',
      claimantEmail,
      claimantCity: 'Austin',
      claimantState: 'TX',
      claimantZip: '78701',
    });
    expect((await getPage(player.id)).json<PlayerPage>().isClaimable).toBe(false);
  });

  it('tells a signed-in caller their own rating and their own page; a linked player shows their bio', async () => {
    const ownerEmail = uniqueEmail('owner');
    const owner = await signInAs(t, { email: ownerEmail });
    const player = await addPlayer(t.database.db, { email: ownerEmail, bio: 'Lefty, loves to dink' });
    await linkPlayerTo(t.database.db, player.id, ownerEmail);
    const raterEmail = uniqueEmail('viewer');
    const rater = await signInAs(t, { email: raterEmail });
    const rating = await addRating(t.database.db, { playerId: player.id, raterEmail });

    const asRater = (await getPage(player.id, rater)).json<PlayerPage>();
    expect(asRater.viewer).toEqual({ signedIn: true, isOwner: false, existingRatingId: rating.id });
    expect(asRater).toMatchObject({ bio: 'Lefty, loves to dink', isLinked: true, isClaimable: false });
    const asOwner = (await getPage(player.id, owner)).json<PlayerPage>();
    expect(asOwner.viewer).toEqual({ signedIn: true, isOwner: true, existingRatingId: null });
  });

  it('keeps a members-only page from visitors not signed in (401), and shows it to members', async () => {
    const email = uniqueEmail('hidden');
    await signInAs(t, { email });
    const player = await addPlayer(t.database.db, { email });
    await linkPlayerTo(t.database.db, player.id, email, { visibility: 'members' });

    for (const reply of [await getPage(player.id), await getComments(player.id)]) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ message: MEMBERS_ONLY_MESSAGE, code: 'members_only' });
    }
    const member = await signInAs(t, { email: uniqueEmail('member') });
    const page = await getPage(player.id, member);
    expect(page.statusCode).toBe(200);
    expect(page.json<PlayerPage>().isPublic).toBe(false);
    expect((await getComments(player.id, '', member)).statusCode).toBe(200);
  });

  it('draws the overall estimate at the end of each quarter since the first rating, from the ratings until then', async () => {
    const player = await addPlayer(t.database.db);
    const now = new Date();
    const thisQuarter = Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3, 1);
    const lastQuarterMid = new Date(thisQuarter - 45 * 24 * 3600 * 1000);
    for (let index = 0; index < 3; index += 1) await rateAt(player.id, lastQuarterMid, 2);
    for (let index = 0; index < 3; index += 1) await rateAt(player.id, now, 5);
    await estimate(player.id);

    const page = (await getPage(player.id)).json<PlayerPage>();
    const quarterOf = (date: Date) => `${date.getUTCFullYear()}-Q${Math.floor(date.getUTCMonth() / 3) + 1}`;
    expect(page.history.map((point) => [point.quarter, point.n])).toEqual([
      [quarterOf(lastQuarterMid), 3],
      [quarterOf(now), 6],
    ]);
    const [before, after] = page.history;
    expect(after.mean).toBeGreaterThan(before.mean);
    expect(before.low).toBeLessThanOrEqual(before.mean);
    expect(before.high).toBeGreaterThanOrEqual(before.mean);
    // The last point is the estimate the page shows, stored with it.
    expect(after).toEqual({ quarter: quarterOf(now), ...page.skill.overall });
  });
});

describe('GET /api/players/:id/comments', () => {
  it('pages the public comments newest first: named raters by name, anonymous ones by week only, held text never', async () => {
    const player = await addPlayer(t.database.db);
    const named = uniqueEmail('named');
    await signInAs(t, { email: named, firstName: 'Casey', lastName: 'Nguyen' });
    const unnamed = uniqueEmail('unnamed');
    await signInAs(t, { email: unnamed });
    const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n, 15, 30));

    await rateAt(player.id, day(1), 4, {
      playerId: player.id,
      raterEmail: named,
      raterUserId: await userIdOf(t.database.db, named),
      strengthsImprovements: 'Great dinks',
    });
    await rateAt(player.id, day(2), 3, {
      playerId: player.id,
      raterEmail: unnamed,
      raterUserId: await userIdOf(t.database.db, unnamed),
      strengthsImprovements: 'Solid serve',
    });
    // Thursday 2026-10-08: shown as Monday 2026-10-05.
    await rateAt(player.id, day(7), 5, { playerId: player.id, isAnonymous: true, strengthsImprovements: 'Fast hands' });
    await rateAt(player.id, day(8), 2, { playerId: player.id, isHeld: true, strengthsImprovements: 'HELD TEXT' });
    await rateAt(player.id, day(9), 4, { playerId: player.id, strengthsImprovements: '   ' });

    const firstPage = await getComments(player.id, '?limit=2');
    expect(firstPage.statusCode).toBe(200);
    const cursor = firstPage.headers[NEXT_CURSOR_HEADER];
    expect(typeof cursor).toBe('string');
    const secondPage = await getComments(player.id, `?limit=2&cursor=${String(cursor)}`);
    expect(secondPage.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    const comments = [...firstPage.json<PlayerPageComment[]>(), ...secondPage.json<PlayerPageComment[]>()];
    expect(
      comments.map(({ comment, raterName, createdAt, rating }) => ({ comment, raterName, createdAt, rating })),
    ).toEqual([
      { comment: 'Fast hands', raterName: null, createdAt: '2026-10-05T00:00:00.000Z', rating: 5 },
      { comment: 'Solid serve', raterName: 'A member', createdAt: day(2).toISOString(), rating: 3 },
      { comment: 'Great dinks', raterName: 'Casey N.', createdAt: day(1).toISOString(), rating: 4 },
    ]);
    const bodies = firstPage.body + secondPage.body;
    expect(bodies).not.toContain('HELD TEXT');
    expect(bodies).not.toContain('@');
    expect(bodies).not.toContain('*');
    expect(keysDeep(comments)).not.toContain('email');
    // The cursor names a rating, never an anonymous rating's time.
    expect(Buffer.from(String(cursor), 'base64url').toString()).not.toContain('2026');
  });

  it('answers 10 by default, 400 {message} for a cursor it did not make, 404 for an unknown player', async () => {
    const player = await addPlayer(t.database.db);
    for (let n = 0; n < 11; n += 1)
      await addRating(t.database.db, { playerId: player.id, strengthsImprovements: `Note ${n}` });
    const first = await getComments(player.id);
    expect(first.json<PlayerPageComment[]>()).toHaveLength(10);
    expect(first.headers[NEXT_CURSOR_HEADER]).toBeDefined();

    const bad = await getComments(player.id, '?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid cursor', code: 'invalid_cursor' });
    const missing = await getComments(99999999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Player not found', code: 'player_not_found' });
  });
});
