import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { Db } from '../../db/client';
import { maskEmail } from '../../../common/mask-email';
import type { LeaderboardEntry, LeaderboardReply } from '../../../common/schemas/leaderboard';
import {
  insertTestPlayer,
  insertUser,
  recordRatings,
  recordVotes,
  uniqueEmail,
  userIdOf,
} from '../gamification/gamification-fixtures';
import { storeBoard } from './leaderboard.repo';
import { leaderboardBoards, users } from '../../db/schema/index';
import { eq, inArray } from 'drizzle-orm';
import { createLeaderboardSource, periodStartDay } from './leaderboard.service';
import { refreshStoredBoards } from './board-refresh.service';
import { removeRating } from '../ratings/rating-removal.service';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('periodStartDay (docs/product.md#limits-and-timings periods)', () => {
  const now = new Date('2025-03-15T23:59:00Z');
  it('year is the current calendar year, month the last 30 days, week the last 7 days (UTC, today included)', () => {
    expect(periodStartDay('all', now)).toBeNull();
    expect(periodStartDay('year', now)).toBe('2025-01-01');
    expect(periodStartDay('month', now)).toBe('2025-02-14');
    expect(periodStartDay('week', now)).toBe('2025-03-09');
  });

  it('uses the UTC calendar, whatever the server’s time zone', () => {
    expect(periodStartDay('year', new Date('2025-12-31T23:30:00-05:00'))).toBe('2026-01-01');
    expect(periodStartDay('week', new Date('2024-03-02T12:00:00Z'))).toBe('2024-02-25');
  });
});

describe('GET /api/leaderboard', () => {
  let t: TestApp;
  let viewer: { email: string; cookie: string; userId: string };
  const raters: Record<string, { email: string; id: string }> = {};
  const today = new Date();
  const daysAgo = (days: number) => new Date(today.getTime() - days * DAY_MS);
  const sameYear = (date: Date) => date.getUTCFullYear() === today.getUTCFullYear();

  beforeAll(async () => {
    t = await createTestApp({ LEADERBOARD_CACHE_SECONDS: '0', LEADERBOARD_REFRESH_SECONDS: '0' });
    const db = t.database.db;
    const viewerEmail = uniqueEmail('viewer');
    viewer = { email: viewerEmail, cookie: await signInAs(t, { email: viewerEmail }), userId: '' };
    viewer.userId = await userIdOf(db, viewerEmail);
    raters.viewer = { email: viewerEmail, id: viewer.userId };
    for (const name of ['bob', 'carol', 'dave', 'erin', 'frank', 'gina', 'harry', 'ivan', 'jack', 'kim']) {
      const user = await insertUser(db, uniqueEmail(name));
      raters[name] = { email: user.email, id: user.id };
    }
    const id = (name: string) => raters[name].id;
    // Today: the viewer 3 ratings; bob, carol, dave 2 each, told apart by helpfulness.
    await recordRatings(db, id('viewer'), 3);
    await recordRatings(db, id('bob'), 2);
    await recordVotes(db, id('bob'), [5, 5]);
    await recordRatings(db, id('carol'), 2);
    await recordVotes(db, id('carol'), [3]);
    await recordRatings(db, id('dave'), 2);
    // One rating each at a 4.0 average: gina has more reviews; erin and frank tie completely.
    await recordRatings(db, id('gina'), 1);
    await recordVotes(db, id('gina'), [4, 4]);
    await recordRatings(db, id('erin'), 1);
    await recordVotes(db, id('erin'), [4]);
    await recordRatings(db, id('frank'), 1);
    await recordVotes(db, id('frank'), [4]);
    // Older activity, with helpfulness counted on the rating's own day.
    await recordRatings(db, id('ivan'), 4, { createdAt: daysAgo(10) });
    await recordVotes(db, id('ivan'), [2, 3], daysAgo(10));
    await recordRatings(db, id('harry'), 5, { createdAt: daysAgo(40) });
    await recordRatings(db, id('jack'), 6, { createdAt: daysAgo(400) });
    // kim's one rating, voted helpful, was taken down: stats rows (at zero) but no counted rating, never listed.
    await recordRatings(db, id('kim'), 1);
    const { ratingId } = await recordVotes(db, id('kim'), [5]);
    await removeRating(db, ratingId, { rule: 'other', note: null, admin: { userId: null, label: 'test' } });
  });
  afterAll(() => t.close());

  async function leaderboard(query = '', cookie = viewer.cookie) {
    const res = await t.app.inject({ method: 'GET', url: `/api/leaderboard${query}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json<LeaderboardReply>();
  }

  const namesOf = (entries: LeaderboardEntry[]) =>
    entries.map((entry) => Object.keys(raters).find((name) => entry.userEmail === shownEmail(name)));
  const shownEmail = (name: string) => (name === 'viewer' ? raters.viewer.email : maskEmail(raters[name].email));

  /** erin and frank tie on every criterion: the user id decides, so each run gives the same order. */
  const tiedPair = () => [...['erin', 'frank']].sort((a, b) => (raters[a].id < raters[b].id ? -1 : 1));

  it('answers 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/leaderboard' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Authentication required', code: 'unauthenticated' });
  });

  it('answers 400 for an unknown period', async () => {
    for (const period of ['day', 'ALL', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/leaderboard?period=${period}`,
        headers: { cookie: viewer.cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('period must be one of all, year, month, week');
    }
  });

  it('ranks all time by ratings count, then average helpfulness, then reviews, then a stable tiebreak', async () => {
    const body = await leaderboard();
    expect(body.period).toBe('all');
    expect(namesOf(body.leaderboard)).toEqual([
      'jack',
      'harry',
      'ivan',
      'viewer',
      'bob',
      'carol',
      'dave',
      'gina',
      ...tiedPair(),
    ]);
    expect(body.leaderboard.map((entry) => entry.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await leaderboard('?period=all')).toEqual(body);
  });

  it('gives counts, one-decimal average helpfulness (0 when none) and reviews count', async () => {
    const entries = (await leaderboard()).leaderboard;
    const byName = (name: string) => entries.find((entry) => entry.userEmail === shownEmail(name));
    expect(byName('ivan')).toMatchObject({ ratingsCount: 4, averageHelpfulness: 2.5, reviewsCount: 2 });
    expect(byName('bob')).toMatchObject({ ratingsCount: 2, averageHelpfulness: 5, reviewsCount: 2 });
    expect(byName('dave')).toMatchObject({ ratingsCount: 2, averageHelpfulness: 0, reviewsCount: 0 });
    expect(byName('gina')).toMatchObject({ ratingsCount: 1, averageHelpfulness: 4, reviewsCount: 2 });
    // All-time points and rank: 10 per rating, 2 per helpfulness star.
    expect(byName('jack')).toMatchObject({ totalPoints: 60, currentRank: 'Bronze' });
    expect(byName('bob')).toMatchObject({ totalPoints: 40, currentRank: 'Rookie' });
  });

  it('masks other raters’ e-mails (docs/product.md#email-masking) and shows the caller’s own whole', async () => {
    const entries = (await leaderboard()).leaderboard;
    const own = entries.filter((entry) => entry.isCurrentUser);
    expect(own).toEqual([expect.objectContaining({ userEmail: viewer.email, rank: 4 })]);
    for (const entry of entries.filter((e) => !e.isCurrentUser)) {
      expect(entry.userEmail).toMatch(/^[a-z]\*{1,3}[a-z0-9]@example\.com$/);
    }
    expect(JSON.stringify(entries)).not.toContain(raters.bob.email);

    // Seen by bob, bob is whole and the viewer is masked.
    const bobCookie = await signInAs(t, { email: raters.bob.email });
    const asBob = (await leaderboard('', bobCookie)).leaderboard;
    expect(asBob.find((entry) => entry.isCurrentUser)?.userEmail).toBe(raters.bob.email);
    expect(asBob.find((entry) => entry.rank === 4)?.userEmail).toBe(maskEmail(viewer.email));
  });

  it('names each rater by the linked player ("Pat P.") or the masked e-mail, and no other user’s e-mail', async () => {
    await insertTestPlayer(t.database.db, raters.bob.id);
    const body = await leaderboard();
    const byName = (name: string) => body.leaderboard.find((entry) => entry.userEmail === shownEmail(name));
    expect(byName('bob')?.displayName).toBe('Pat P.');
    expect(byName('carol')?.displayName).toBe(maskEmail(raters.carol.email));
    expect(byName('viewer')?.displayName).toBe(maskEmail(viewer.email));
    const text = JSON.stringify(body);
    for (const name of Object.keys(raters).filter((other) => other !== 'viewer')) {
      expect(text).not.toContain(raters[name].email);
    }
    // Listed, the caller's own place is the one shown in the list.
    expect(body.currentUser).toEqual({
      rank: 4,
      tiedWith: 0,
      // Everyone with a rating: the viewer, bob, carol, dave, erin, frank, gina, harry, ivan and jack.
      rankedRaters: 10,
      ratingsCount: 3,
      averageHelpfulness: 0,
      helpfulnessScore: null,
      displayName: maskEmail(viewer.email),
    });
    // Seen by bob: his own place under his player's name; kim has no counted rating, so no place.
    expect((await leaderboard('', await signInAs(t, { email: raters.bob.email }))).currentUser).toMatchObject({
      rank: 5,
      displayName: 'Pat P.',
    });
    expect((await leaderboard('', await signInAs(t, { email: raters.kim.email }))).currentUser).toBeNull();
  });

  it('names a rater with a name on the account but no player by that name; the masked e-mail only with no name at all', async () => {
    const db = t.database.db;
    await db.update(users).set({ firstName: 'Dana', lastName: 'daley' }).where(eq(users.id, raters.dave.id));
    await db.update(users).set({ firstName: 'Gina', lastName: null }).where(eq(users.id, raters.gina.id));
    await db.update(users).set({ firstName: 'Vic', lastName: 'Viewer' }).where(eq(users.id, viewer.userId));
    // bob's player is named Pat Player: the player's name goes first.
    await db.update(users).set({ firstName: 'Robert', lastName: 'Account' }).where(eq(users.id, raters.bob.id));
    const body = await leaderboard();
    const byName = (name: string) => body.leaderboard.find((entry) => entry.userEmail === shownEmail(name));
    expect(byName('dave')?.displayName).toBe('Dana D.');
    expect(byName('gina')?.displayName).toBe('Gina');
    expect(byName('viewer')?.displayName).toBe('Vic V.');
    expect(byName('bob')?.displayName).toBe('Pat P.');
    expect(byName('carol')?.displayName).toBe(maskEmail(raters.carol.email));
    expect(body.currentUser?.displayName).toBe('Vic V.');
    for (const name of ['dave', 'gina', 'viewer', 'bob']) expect(byName(name)?.displayName).not.toContain('@');
    await db
      .update(users)
      .set({ firstName: null, lastName: null })
      .where(inArray(users.id, [raters.dave.id, raters.gina.id, viewer.userId, raters.bob.id]));
  });

  it('week counts the last 7 days only', async () => {
    const body = await leaderboard('?period=week');
    expect(body.period).toBe('week');
    expect(namesOf(body.leaderboard)).toEqual(['viewer', 'bob', 'carol', 'dave', 'gina', ...tiedPair()]);
  });

  it('gives no place in a period to a caller who rated only before it, or whose only rating was taken down', async () => {
    const ivan = await signInAs(t, { email: raters.ivan.email });
    expect((await leaderboard('?period=week', ivan)).currentUser).toBeNull();
    expect((await leaderboard('?period=month', ivan)).currentUser).toMatchObject({ rank: 1, ratingsCount: 4 });
    const kim = await signInAs(t, { email: raters.kim.email });
    for (const period of ['week', 'month', 'year']) {
      expect((await leaderboard(`?period=${period}`, kim)).currentUser, period).toBeNull();
    }
  });

  it('month counts the last 30 days, with the helpfulness of those ratings', async () => {
    const entries = (await leaderboard('?period=month')).leaderboard;
    expect(namesOf(entries)).toEqual(['ivan', 'viewer', 'bob', 'carol', 'dave', 'gina', ...tiedPair()]);
    expect(entries[0]).toMatchObject({
      ratingsCount: 4,
      averageHelpfulness: 2.5,
      reviewsCount: 2,
      totalPoints: 50,
      currentRank: 'Bronze',
    });
  });

  it('year counts the current calendar year', async () => {
    const older = [...(sameYear(daysAgo(40)) ? ['harry'] : []), ...(sameYear(daysAgo(10)) ? ['ivan'] : [])];
    expect(namesOf((await leaderboard('?period=year')).leaderboard)).toEqual([
      ...older,
      'viewer',
      'bob',
      'carol',
      'dave',
      'gina',
      ...tiedPair(),
    ]);
  });

  it('lists at most 50 raters', async () => {
    const db = t.database.db;
    for (let i = 0; i < 45; i++) {
      const user = await insertUser(db, uniqueEmail(`bulk${i}`));
      await recordRatings(db, user.id, 1, { createdAt: daysAgo(3) });
    }
    const entries = (await leaderboard('?period=week')).leaderboard;
    expect(entries).toHaveLength(50);
    expect(entries.map((entry) => entry.rank)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('places the caller outside the 50 listed after every rater with more ratings, with the raters level with them', async () => {
    const db = t.database.db;
    for (let i = 0; i < 50; i++) {
      const user = await insertUser(db, uniqueEmail(`two${i}`));
      await recordRatings(db, user.id, 2, { createdAt: daysAgo(2) });
    }
    const outsiderEmail = uniqueEmail('outsider');
    const outsider = await signInAs(t, { email: outsiderEmail });
    await recordRatings(db, await userIdOf(db, outsiderEmail), 1);
    await recordVotes(db, await userIdOf(db, outsiderEmail), [5]);

    const week = await leaderboard('?period=week', outsider);
    expect(week.leaderboard).toHaveLength(50);
    expect(week.leaderboard.some((entry) => entry.isCurrentUser)).toBe(false);
    // This week, more than 1 rating: the viewer, bob, carol, dave and the 50 above (54). One rating: gina, erin,
    // frank, the 45 of the test before, and the outsider (49).
    expect(week.currentUser).toEqual({
      rank: 55,
      tiedWith: 48,
      rankedRaters: 103,
      ratingsCount: 1,
      averageHelpfulness: 5,
      helpfulnessScore: null,
      displayName: maskEmail(outsiderEmail),
    });
    // All time adds ivan, harry and jack above.
    expect((await leaderboard('', outsider)).currentUser).toMatchObject({ rank: 58, tiedWith: 48, rankedRaters: 106 });
    // A listed caller's rank is their place in the list.
    expect((await leaderboard('?period=week')).currentUser).toMatchObject({ rank: 1, tiedWith: 0, rankedRaters: 103 });
  });

  it('with a cache, reuses the ranked rows instead of querying again', async () => {
    const db = t.database.db;
    const cached = createLeaderboardSource(db, { cacheMs: 60_000, refreshMs: 0 });
    const fresh = createLeaderboardSource(db, { cacheMs: 0, refreshMs: 0 });
    const before = await cached.read('all', viewer.userId);
    await recordRatings(db, raters.dave.id, 10);
    expect((await cached.read('all', viewer.userId)).rows).toEqual(before.rows);
    const now = await fresh.read('all', viewer.userId);
    expect(now.rows[0]).toMatchObject({ userId: raters.dave.id, ratingsCount: 12 });
  });
});

describe('stored leaderboards, computed once for every instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The schedule is slowed down here; the tests below run the refresh themselves.
    t = await createTestApp({ LEADERBOARD_CACHE_SECONDS: '0', LEADERBOARD_REFRESH_SECONDS: '3600' });
    // The app's own first refresh (started when it became ready) is done before the tests run theirs.
    while ((await refresh(t.database.db, 3_600_000)) !== 'fresh') {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(() => t.close());
  const refresh = async (db: Db, maxAgeMs: number, now?: Date) =>
    (await refreshStoredBoards(db, maxAgeMs, now)).outcome;

  const board = async (cookie: string, period = 'week') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/leaderboard?period=${period}`, headers: { cookie } });
    return res.json<{ leaderboard: LeaderboardEntry[] }>().leaderboard;
  };

  it('serves the stored board: others\u2019 new ratings show after the next refresh, the caller\u2019s own at once', async () => {
    const db = t.database.db;
    const viewerEmail = uniqueEmail('stored-viewer');
    const cookie = await signInAs(t, { email: viewerEmail });
    const viewerId = await userIdOf(db, viewerEmail);
    const rival = await insertUser(db, uniqueEmail('stored-rival'));
    await recordRatings(db, viewerId, 2);
    await recordRatings(db, rival.id, 1);
    // Times past the refresh the app ran when it became ready.
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    expect(await refresh(db, 60_000, later(2))).toBe('computed');
    expect((await board(cookie)).map((entry) => entry.ratingsCount)).toEqual([2, 1]);

    await recordRatings(db, rival.id, 4);
    await recordRatings(db, viewerId, 1);
    const beforeRefresh = await board(cookie);
    // The rival's rows wait for the refresh; the viewer's own count is read live.
    expect(beforeRefresh.find((entry) => !entry.isCurrentUser)?.ratingsCount).toBe(1);
    expect(beforeRefresh.find((entry) => entry.isCurrentUser)?.ratingsCount).toBe(3);

    expect(await refresh(db, 60_000, later(2))).toBe('fresh');
    expect(await refresh(db, 60_000, later(4))).toBe('computed');
    const afterRefresh = await board(cookie);
    expect(afterRefresh.map((entry) => [entry.isCurrentUser, entry.ratingsCount])).toEqual([
      [false, 5],
      [true, 3],
    ]);
  });

  it('places a caller whose live count earns a place the stored board does not give them yet', async () => {
    const db = t.database.db;
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const rival = await insertUser(db, uniqueEmail('placed-rival'));
    await recordRatings(db, rival.id, 3);
    expect(await refresh(db, 60_000, later(10))).toBe('computed');
    const newcomerEmail = uniqueEmail('placed-newcomer');
    const cookie = await signInAs(t, { email: newcomerEmail });
    await recordRatings(db, await userIdOf(db, newcomerEmail), 5);
    // Before the next refresh: the newcomer (5 ratings) is shown first, the rival (3) after them.
    const entries = await board(cookie, 'all');
    const newcomerAt = entries.findIndex((entry) => entry.isCurrentUser);
    expect(entries[newcomerAt]).toMatchObject({ rank: newcomerAt + 1, ratingsCount: 5, userEmail: newcomerEmail });
    expect(entries.findIndex((entry) => entry.userEmail === maskEmail(rival.email))).toBeGreaterThan(newcomerAt);
    expect(entries.map((entry) => entry.rank)).toEqual(entries.map((_, index) => index + 1));
  });

  it('stores each display name at refresh; a board stored before them shows the masked e-mail', async () => {
    const db = t.database.db;
    const cookie = await signInAs(t, { email: uniqueEmail('named-viewer') });
    const named = await insertUser(db, uniqueEmail('named'));
    await insertTestPlayer(db, named.id);
    await recordRatings(db, named.id, 9);
    expect(await refresh(db, 60_000, new Date(Date.now() + 30 * 60_000))).toBe('computed');
    const [stored] = await db.select().from(leaderboardBoards).where(eq(leaderboardBoards.period, 'week'));
    expect(stored?.rows.find((row) => row.userId === named.id)?.displayName).toBe('Pat P.');
    expect((await board(cookie))[0]).toMatchObject({ ratingsCount: 9, displayName: 'Pat P.' });

    const { displayName: _dropped, ...older } = stored.rows.find((row) => row.userId === named.id)!;
    // Every store writes a new computedAt: instances read a board's rows again when it changes.
    await storeBoard(db, 'week', {
      computedAt: new Date(stored.computedAt.getTime() + 1000),
      rows: [older],
      raterCounts: stored.raterCounts,
    });
    expect((await board(cookie))[0]).toMatchObject({ ratingsCount: 9, displayName: maskEmail(named.email) });
  });

  it('lets one refresh of several started together compute; the others find it busy or fresh', async () => {
    const later = new Date(Date.now() + 3_600_000);
    // Something for the refresh to count (a rating of long ago: it shows on the all-time board alone).
    const together = await insertUser(t.database.db, uniqueEmail('together'));
    await recordRatings(t.database.db, together.id, 1, { createdAt: new Date(Date.now() - 400 * 24 * 3_600_000) });
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => refresh(t.database.db, 60_000, later)));
    expect(outcomes.filter((outcome) => outcome === 'computed')).toHaveLength(1);
  });

  it('shows a new rating on the board within 10 seconds with the schedule running', async () => {
    const live = await createTestApp({ LEADERBOARD_CACHE_SECONDS: '2', LEADERBOARD_REFRESH_SECONDS: '5' });
    try {
      const db = live.database.db;
      const email = uniqueEmail('scheduled');
      await signInAs(live, { email });
      const other = await signInAs(live, { email: uniqueEmail('watcher') });
      const read = async () =>
        (
          await live.app.inject({ method: 'GET', url: '/api/leaderboard?period=week', headers: { cookie: other } })
        ).json<{ leaderboard: LeaderboardEntry[] }>().leaderboard;
      expect(await read()).toEqual([]);
      await recordRatings(db, await userIdOf(db, email), 1);
      const started = Date.now();
      let entries = await read();
      while (entries.length === 0 && Date.now() - started < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        entries = await read();
      }
      expect(entries).toHaveLength(1);
    } finally {
      await live.close();
    }
    // The 10 s bound is the loop's; starting a second app on a loaded machine can take most of a minute.
  }, 60_000);

  it('places a caller outside the stored 50 from the stored rater counts; a board stored before them gives no place', async () => {
    const db = t.database.db;
    for (let i = 0; i < 51; i++) await recordRatings(db, (await insertUser(db, uniqueEmail(`many${i}`))).id, 3);
    const email = uniqueEmail('stored-outsider');
    const cookie = await signInAs(t, { email });
    await recordRatings(db, await userIdOf(db, email), 1);
    const later = new Date(Date.now() + 5 * 3_600_000);
    expect(await refresh(db, 60_000, later)).toBe('computed');
    const read = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/leaderboard?period=week', headers: { cookie } })
      ).json<LeaderboardReply>().currentUser;
    // Above the outsider this week: the 51 just added and the five raters of the tests before (stored-viewer,
    // stored-rival, placed-rival, placed-newcomer and named), none of them level with one rating.
    expect(await read()).toMatchObject({ rank: 57, tiedWith: 0, rankedRaters: 57, ratingsCount: 1 });

    const [stored] = await db.select().from(leaderboardBoards).where(eq(leaderboardBoards.period, 'week'));
    await storeBoard(db, 'week', { computedAt: new Date(later.getTime() + 1000), rows: stored.rows, raterCounts: [] });
    expect(await read()).toMatchObject({ rank: null, tiedWith: 0, rankedRaters: null, ratingsCount: 1 });
  });

  it('stores the account’s name for a rater without a player', async () => {
    const db = t.database.db;
    const cookie = await signInAs(t, { email: uniqueEmail('account-viewer') });
    const named = await insertUser(db, uniqueEmail('account-named'));
    await db.update(users).set({ firstName: 'Nora', lastName: 'north' }).where(eq(users.id, named.id));
    await recordRatings(db, named.id, 12);
    expect(await refresh(db, 60_000, new Date(Date.now() + 6 * 3_600_000))).toBe('computed');
    const [stored] = await db.select().from(leaderboardBoards).where(eq(leaderboardBoards.period, 'week'));
    expect(stored?.rows.find((row) => row.userId === named.id)?.displayName).toBe('Nora N.');
    expect((await board(cookie))[0]).toMatchObject({ ratingsCount: 12, displayName: 'Nora N.' });
  });
});
