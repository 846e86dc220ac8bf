import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { raterTrust, ratings, trustRuns, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LEADERBOARD_PERIODS } from '../../../common/constants';
import { insertUser, recordRatings, recordVotes, uniqueEmail } from '../gamification/gamification-fixtures';
import { refreshStoredBoards } from './board-refresh.service';
import { findStoredBoard, type LeaderboardRow } from './leaderboard.repo';
import { loadBoard } from './leaderboard.service';
import { eraseAccount } from '../account/account-erasure.service';
import { removeRating } from '../ratings/rating-removal.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A board's rows as a reader gets them (stored JSON may lack the keys of boards stored before them). */
const shown = (rows: LeaderboardRow[]) =>
  rows.map((row) => ({ ...row, helpfulnessScore: row.helpfulnessScore ?? null, displayName: row.displayName }));

/** The recount is the oracle: every stored board as counted from every rater's rows at `now`. */
async function expectBoardsAsCounted(db: Db, now: Date, context: string) {
  for (const period of LEADERBOARD_PERIODS) {
    const stored = await findStoredBoard(db, period);
    const counted = await loadBoard(db, period, now);
    expect(shown(stored?.rows ?? []), `${context}: ${period} rows`).toEqual(shown(counted.rows));
    expect(stored?.raterCounts, `${context}: ${period} rater counts`).toEqual(counted.raterCounts);
  }
}

describe('leaderboard refresh: what it reads', () => {
  let t: TestApp;
  let db: Db;
  // The schedule is off (refresh 0): each test runs the refresh itself, at times of its choosing.
  beforeAll(async () => {
    t = await createTestApp({ LEADERBOARD_REFRESH_SECONDS: '0' });
    db = t.database.db;
  });
  afterAll(() => t.close());

  const start = Date.now() + 60_000;
  const at = (seconds: number) => new Date(start + seconds * 1000);
  const refresh = (seconds: number) => refreshStoredBoards(db, 5_000, at(seconds));

  it('idle, reads only its state; a rating reaches the board at the next refresh, counted from its rater alone', async () => {
    const first = await refresh(0);
    expect(first).toMatchObject({ outcome: 'computed', rebuilt: [...LEADERBOARD_PERIODS] });
    const stored = await findStoredBoard(db, 'week');

    // Nothing changed: no mark, no new day, no trust run, names checked 6 s ago.
    expect(await refresh(6)).toEqual({ outcome: 'idle', marked: 0, rebuilt: [], redrawn: [] });
    expect(await findStoredBoard(db, 'week')).toEqual(stored);

    const rater = await insertUser(db, uniqueEmail('marked'));
    await recordRatings(db, rater.id, 2);
    expect(await refresh(12)).toEqual({
      outcome: 'computed',
      marked: 1,
      rebuilt: [],
      redrawn: [...LEADERBOARD_PERIODS],
    });
    const week = await findStoredBoard(db, 'week');
    expect(week?.rows.map((row) => [row.userId, row.ratingsCount])).toEqual([[rater.id, 2]]);
    expect(week?.raterCounts).toEqual([[2, 1]]);
    expect(await refresh(18)).toMatchObject({ outcome: 'idle' });
    await expectBoardsAsCounted(db, at(18), 'after one rating');
  });

  it('takes a vote on an old rating of a listed rater to every board (their all-time points show on each)', async () => {
    const rater = await insertUser(db, uniqueEmail('voted'));
    await recordRatings(db, rater.id, 3, { createdAt: new Date(Date.now() - 400 * DAY_MS) });
    await recordRatings(db, rater.id, 1);
    expect(await refresh(30)).toMatchObject({ outcome: 'computed', marked: 1, rebuilt: [] });
    await recordVotes(db, rater.id, [5], new Date(Date.now() - 400 * DAY_MS));
    expect(await refresh(36)).toMatchObject({ outcome: 'computed', marked: 1, redrawn: [...LEADERBOARD_PERIODS] });
    expect((await findStoredBoard(db, 'week'))?.rows.find((row) => row.userId === rater.id)?.totalPoints).toBe(50);
    await expectBoardsAsCounted(db, at(36), 'after a vote');
  });

  it('shows a listed rater’s new name at the names check, 30 s after the last', async () => {
    const [listed] = (await findStoredBoard(db, 'all'))!.rows;
    await db.update(users).set({ firstName: 'Renamed', lastName: 'Rater' }).where(eq(users.id, listed.userId));
    // The last names check was at 30 s (a refresh with work): until 60 s the board keeps the old name.
    expect(await refresh(42)).toMatchObject({ outcome: 'idle' });
    expect(await refresh(61)).toMatchObject({ outcome: 'computed', marked: 0, rebuilt: [] });
    const renamed = (await findStoredBoard(db, 'all'))?.rows.find((row) => row.userId === listed.userId);
    expect(renamed?.displayName).toBe('Renamed R.');
    // The next check finds nothing new: the boards stay as they are ('checked').
    expect(await refresh(92)).toEqual({ outcome: 'checked', marked: 0, rebuilt: [], redrawn: [] });
  });

  it('draws the rows again after a trust run (scores order them), without counting anyone', async () => {
    const [first, second] = (await findStoredBoard(db, 'all'))!.rows;
    await db.insert(raterTrust).values(
      [first, second].map((row, index) => ({
        raterKey: row.email.toLowerCase(),
        leniency: 0,
        leniencySd: 1,
        ratingsGiven: row.ratingsCount,
        helpfulnessScore: 0.5 + index / 10,
        computedAt: at(95),
      })),
    );
    await db.insert(trustRuns).values({ computedAt: at(95), durationMs: 1, players: 0, ratings: 0, hyper: {} });
    expect(await refresh(98)).toMatchObject({ marked: 0, rebuilt: [], redrawn: [...LEADERBOARD_PERIODS] });
    expect((await findStoredBoard(db, 'all'))?.rows[0].helpfulnessScore).toBe(0.5);
    await expectBoardsAsCounted(db, at(98), 'after a trust run');
  });

  it('at a day’s change reads only the days that leave or enter a window; a new year counts the year afresh', async () => {
    const leaving = await insertUser(db, uniqueEmail('leaving'));
    // Six days before `start`: in the week until the next day's change.
    await recordRatings(db, leaving.id, 7, { createdAt: new Date(start - 6 * DAY_MS) });
    expect(await refresh(104)).toMatchObject({ outcome: 'computed', rebuilt: [] });
    expect((await findStoredBoard(db, 'week'))?.rows[0].userId).toBe(leaving.id);

    const nextDay = new Date(Date.UTC(at(0).getUTCFullYear(), at(0).getUTCMonth(), at(0).getUTCDate()) + DAY_MS);
    const report = await refreshStoredBoards(db, 5_000, nextDay);
    expect(report.outcome).toBe('computed');
    expect(report.rebuilt).not.toContain('week');
    expect(report.rebuilt).not.toContain('month');
    expect((await findStoredBoard(db, 'week'))?.rows.some((row) => row.userId === leaving.id)).toBe(false);
    await expectBoardsAsCounted(db, nextDay, 'the next day');

    const newYear = new Date(Date.UTC(nextDay.getUTCFullYear() + 1, 0, 1, 0, 0, 30));
    expect((await refreshStoredBoards(db, 5_000, newYear)).rebuilt).toContain('year');
    await expectBoardsAsCounted(db, newYear, 'a new year');
  });

  it('counts every board afresh after the rater tables are emptied (a truncate leaves no rows to mark)', async () => {
    // As the seed's reset empties them: with the ratings, players and badges they count.
    await db.execute(sql`truncate rater_daily_stats, rater_stats, achievements, ratings, players cascade`);
    const later = new Date(Date.UTC(at(0).getUTCFullYear() + 1, 0, 2));
    expect(await refreshStoredBoards(db, 5_000, later)).toMatchObject({ rebuilt: [...LEADERBOARD_PERIODS] });
    expect((await findStoredBoard(db, 'all'))?.rows).toEqual([]);
    await expectBoardsAsCounted(db, later, 'after a truncate');
  });
});

/** A small seeded generator, so a failing sequence can be replayed. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (below: number) => Math.floor(next() * below) };
}

describe('leaderboard refresh against a recount', () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await createTestApp({ LEADERBOARD_REFRESH_SECONDS: '0' });
    db = t.database.db;
  });
  afterAll(() => t.close());

  /** `count` ratings by the rater on `day`, as the submit statement writes them. */
  const addRatings = (userId: string, day: string, count: number) =>
    recordRatings(db, userId, count, { createdAt: new Date(`${day}T00:00:00.000Z`) });

  /** The rater's latest rating counted by `now`, if any. */
  async function latestCounted(userId: string, now: number) {
    const [rating] = await db
      .select({ id: ratings.id })
      .from(ratings)
      .where(and(eq(ratings.raterUserId, userId), lte(ratings.listedAt, new Date(now))))
      .orderBy(desc(ratings.listedAt))
      .limit(1);
    return rating;
  }

  /** A helpfulness vote on the rater's latest counted rating: it counts on that rating's day. */
  async function addVote(userId: string, score: number, now: number) {
    if (await latestCounted(userId, now)) await recordVotes(db, userId, [score], new Date(now));
  }

  /** A moderator's take-down of the rater's latest counted rating: its effect is taken back from its day. */
  async function takeDownOne(userId: string, now: number) {
    const rating = await latestCounted(userId, now);
    if (rating)
      await removeRating(db, rating.id, { rule: 'other', note: null, admin: { userId: null, label: 'test' } });
  }

  it('keeps every board as a recount gives it, through ratings, votes, take-downs, erasures, names, trust runs and days', async () => {
    const random = randomFrom(24);
    const raters: string[] = [];
    for (let i = 0; i < 70; i++) raters.push((await insertUser(db, uniqueEmail(`r${i}`))).id);
    // From mid-December, so the steps cross a new year.
    let now = Date.UTC(new Date().getUTCFullYear(), 11, 20, 12);
    const pick = () => raters[random.int(raters.length)];
    const recentDay = () => dayOf(now - random.int(random.next() < 0.7 ? 8 : 400) * DAY_MS);
    for (const id of raters) await addRatings(id, recentDay(), 1 + random.int(3));
    expect(await refreshStoredBoards(db, 1_000, new Date(now))).toMatchObject({ rebuilt: [...LEADERBOARD_PERIODS] });
    await expectBoardsAsCounted(db, new Date(now), 'first');

    let trustRun = 0;
    for (let step = 0; step < 40; step++) {
      const changes = 1 + random.int(4);
      for (let change = 0; change < changes; change++) {
        const roll = random.next();
        if (roll < 0.45) await addRatings(pick(), recentDay(), 1 + random.int(4));
        else if (roll < 0.65) await addVote(pick(), 1 + random.int(5), now);
        else if (roll < 0.75) await takeDownOne(pick(), now);
        else if (roll < 0.8 && raters.length > 55) {
          const gone = raters.splice(random.int(raters.length), 1)[0];
          await eraseAccount(db, gone, { deletePlayerProfile: false, admin: null });
        } else if (roll < 0.9) {
          await db
            .update(users)
            .set({ firstName: `Name${step}`, lastName: change % 2 ? 'Last' : null })
            .where(eq(users.id, pick()));
        } else {
          const [key] = await db.select({ email: users.email }).from(users).where(eq(users.id, pick()));
          await db
            .insert(raterTrust)
            .values({
              raterKey: key.email.toLowerCase(),
              leniency: 0,
              leniencySd: 1,
              ratingsGiven: 1,
              helpfulnessScore: random.next(),
              computedAt: new Date(now),
            })
            .onConflictDoUpdate({ target: raterTrust.raterKey, set: { helpfulnessScore: random.next() } });
          trustRun += 1;
          await db
            .insert(trustRuns)
            .values({ computedAt: new Date(now), durationMs: trustRun, players: 0, ratings: 0, hyper: {} });
        }
      }
      // Forward by hours or days: past each names check, and over day changes.
      now += 31_000 + random.int(3) * DAY_MS + random.int(12) * 3_600_000;
      await refreshStoredBoards(db, 1_000, new Date(now));
      await expectBoardsAsCounted(db, new Date(now), `step ${step}`);
    }
  }, 120_000);
});
