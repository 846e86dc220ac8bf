import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EstimateHistoryPoint, PlayerPage } from '../../../common/schemas/player-page';
import type { Db } from '../../db/client';
import { playerEstimateHistory, raterTrust, ratings, trustFlags, trustRuns } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addPlayer, addRating, allScores, uniqueEmail } from '../players/players-fixtures';
import { postRating, ratingBody } from '../ratings/ratings-fixtures';
import {
  HISTORY_QUARTERS,
  oldestShownQuarter,
  overallHistory,
  playersWithoutHistory,
  quarterOf,
  quartersBetween,
  refreshHistory,
  storeCurrentQuarter,
} from './estimate-history.service';
import { fitAll } from './model/fit-all';
import { estimatePlayer } from './model/player-estimate';
import type * as PlayerEstimateModule from './model/player-estimate';
import { refreshStaleEstimates } from './stale-estimates.service';
import { markPlayersStale } from './trust-flags.repo';
import { findExcludedRatingIds, loadPlayers, loadRatingsOfPlayers } from './trust.repo';
import { counted, currentModel, forgetModel, leniencyOf, toTrustPlayer } from './trust.service';

// The model as the app runs it, counted: a request must never fit it (the worker stores the history).
vi.mock('./model/player-estimate', async (importOriginal) => {
  const actual = await importOriginal<typeof PlayerEstimateModule>();
  return { ...actual, estimatePlayer: vi.fn(actual.estimatePlayer) };
});
const fits = vi.mocked(estimatePlayer);

const DAY = 24 * 3600 * 1000;

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(() => t.close());
beforeEach(() => {
  fits.mockClear();
});

/*
 * The history as the player page computed it at request time before it was stored (the code this replaces, kept here
 * as the oracle): the live model on the ratings given until each quarter's end, points without ratings left out.
 */
async function historyComputedAtRequest(playerId: number): Promise<EstimateHistoryPoint[]> {
  const now = Date.now();
  const ratingRows = await loadRatingsOfPlayers(db, [playerId]);
  if (!ratingRows.length) return [];
  const [playerRow] = await loadPlayers(db, [playerId]);
  const model = await currentModel(db);
  const mine = counted(ratingRows, await findExcludedRatingIds(db));
  const leniency = await leniencyOf(db, mine);
  const player = toTrustPlayer(playerRow);
  const first = Math.min(...mine.map((rating) => rating.at));
  return quartersBetween(first, now).flatMap(({ label, end }) => {
    const until = mine.filter((rating) => rating.at <= end);
    const { overall } = estimatePlayer(model.hyper, (rater) => leniency.get(rater), player, until, end).fields;
    return overall.n > 0 ? [{ quarter: label, ...overall }] : [];
  });
}

/** A rating published at `at` (the model dates a rating by it). */
async function rateAt(playerId: number, at: Date, stars: number, raterEmail = uniqueEmail('rater')) {
  const rating = await addRating(db, { playerId, raterEmail, createdAt: at, ...allScores(stars) });
  await db.update(ratings).set({ updatedAt: at }).where(eq(ratings.id, rating.id));
  return rating;
}

const storedRows = (playerId: number) =>
  db
    .select()
    .from(playerEstimateHistory)
    .where(eq(playerEstimateHistory.playerId, playerId))
    .orderBy(playerEstimateHistory.quarter);

const pageHistory = async (playerId: number) => {
  const reply = await t.app.inject({ url: `/api/players/${playerId}/page` });
  expect(reply.statusCode).toBe(200);
  return reply.json<PlayerPage>().history;
};

describe('stored estimate history', () => {
  it('refreshHistory stores the points the page computed at request time, and overallHistory reads them', async () => {
    const now = Date.now();
    const lenient = [0, 1, 2].map((index) => uniqueEmail(`lenient${index}`));
    const first = await addPlayer(db, { skillLevel: '3.5' });
    const second = await addPlayer(db);
    // Three quarters of ratings, some by a rater the last full run found lenient, one set aside by a confirmed flag.
    const dates = [400, 300, 200, 120, 30, 1].map((days) => new Date(now - days * DAY));
    for (const [index, at] of dates.entries()) {
      await rateAt(first.id, at, 2 + (index % 4), index % 2 ? lenient[(index - 1) / 2] : undefined);
      await rateAt(second.id, at, 5 - (index % 3));
    }
    const flagged = await rateAt(first.id, new Date(now - 100 * DAY), 1);
    await db.insert(trustFlags).values({
      type: 'boost',
      status: 'confirmed',
      score: 1,
      signature: `boost:${flagged.id}`,
      raterKeys: [],
      playerIds: [first.id],
      ratingIds: [flagged.id],
      evidence: {},
    });
    await db.insert(raterTrust).values(
      lenient.map((email, index) => ({
        raterKey: email.toLowerCase(),
        leniency: 0.3 * (index + 1),
        leniencySd: 0.2,
        ratingsGiven: 3,
        helpfulnessScore: null,
        computedAt: new Date(),
      })),
    );
    // A run's settings as a full run stores them: the community prior's, with players improving over time.
    const fit = fitAll([], [], now);
    await db.insert(trustRuns).values({
      computedAt: new Date(),
      durationMs: 1,
      players: 2,
      ratings: 13,
      hyper: { ...fit.hyper, improvementPerYear: 0.3, communityMean: fit.communityMean },
    });
    forgetModel(db);

    expect(await refreshHistory(db, [first.id, second.id])).toBe(2);

    for (const player of [first, second]) {
      const expected = await historyComputedAtRequest(player.id);
      expect(expected.length).toBeGreaterThanOrEqual(4);
      expect(await overallHistory(db, player.id)).toEqual(expected);
    }
    expect((await storedRows(first.id)).map((row) => row.n)).toEqual(
      (await historyComputedAtRequest(first.id)).map((point) => point.n),
    );

    // The worker's refresh stores the same points beside the estimate, and the page answers them.
    await markPlayersStale(db, [first.id, second.id]);
    await refreshStaleEstimates(db);
    for (const player of [first, second]) {
      expect(await pageHistory(player.id)).toEqual(await historyComputedAtRequest(player.id));
    }
  });

  it('after a new rating, the worker stores the rated player’s history with the estimate, and the page shows it', async () => {
    const player = await addPlayer(db);
    const cookie = await signInAs(t, { email: uniqueEmail('historyrater') });
    expect((await postRating(t, cookie, ratingBody(player.id))).statusCode).toBe(201);
    expect(await pageHistory(player.id)).toEqual([]);

    expect(await refreshStaleEstimates(db)).toBeGreaterThanOrEqual(1);
    const history = await pageHistory(player.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ quarter: quarterOf(Date.now()), n: 1 });
    expect(await storedRows(player.id)).toHaveLength(1);
    // The current quarter's point is the estimate the worker stored beside it.
    const detail = (await t.app.inject({ url: `/api/players/${player.id}` })).json<{
      skill: { overall: { mean: number; low: number; high: number } };
    }>();
    expect(history[0]).toMatchObject({
      mean: detail.skill.overall.mean,
      low: detail.skill.overall.low,
      high: detail.skill.overall.high,
    });
  });

  it('a request never fits the model: the page reads the stored points', async () => {
    const player = await addPlayer(db);
    await rateAt(player.id, new Date(Date.now() - 200 * DAY), 3);
    const cookie = await signInAs(t, { email: uniqueEmail('newrater') });
    expect((await postRating(t, cookie, ratingBody(player.id))).statusCode).toBe(201);
    await refreshStaleEstimates(db);
    expect(fits).toHaveBeenCalled();
    fits.mockClear();

    expect((await pageHistory(player.id)).map((point) => point.n).at(-1)).toBe(2);
    expect((await t.app.inject({ url: `/api/players/${player.id}` })).statusCode).toBe(200);
    expect(fits).not.toHaveBeenCalled();
  });

  it('storeCurrentQuarter updates the current point of players with a history only; the backfill finds the others', async () => {
    const now = Date.now();
    const kept = await addPlayer(db);
    await rateAt(kept.id, new Date(now - 200 * DAY), 4);
    await refreshHistory(db, [kept.id]);
    const backfilled = await addPlayer(db);
    await rateAt(backfilled.id, new Date(now - 200 * DAY), 2);
    // A stored estimate without a history: as after this table's migration, before the backfill.
    await db.execute(sql`insert into player_skill (player_id, skill, weights, computed_at)
      values (${backfilled.id}, '{}', '{}', now())`);
    // Quarters that have left the chart are dropped with the next current point; the oldest it shows stays.
    const tooOld = quarterOf(now - (HISTORY_QUARTERS + 2) * 92 * DAY);
    const outOfChart = quarterOf(now - HISTORY_QUARTERS * 92 * DAY);
    const oldestShown = oldestShownQuarter(now);
    await db.insert(playerEstimateHistory).values(
      [tooOld, outOfChart, oldestShown].map((quarter) => ({
        playerId: kept.id,
        quarter,
        mean: 3,
        low: 2,
        high: 4,
        n: 1,
        computedAt: new Date(),
      })),
    );

    const overall = { mean: 4.5, low: 4, high: 4.9, n: 7 };
    await storeCurrentQuarter(
      db,
      [kept, backfilled].map((player) => ({ playerId: player.id, overall })),
      now,
    );

    const quarters = (await storedRows(kept.id)).map((row) => row.quarter);
    expect(quarters).not.toContain(tooOld);
    expect(quarters).not.toContain(outOfChart);
    expect(quarters[0]).toBe(oldestShown);
    expect((await overallHistory(db, kept.id)).at(-1)).toEqual({ quarter: quarterOf(now), ...overall });
    expect(await storedRows(backfilled.id)).toEqual([]);

    const missing = await playersWithoutHistory(db, 1000);
    expect(missing).toContain(backfilled.id);
    expect(missing).not.toContain(kept.id);
    expect(await playersWithoutHistory(db, 1000, backfilled.id)).not.toContain(backfilled.id);
    await refreshHistory(db, missing);
    expect(await playersWithoutHistory(db, 1000)).toEqual([]);
    const points = await overallHistory(db, backfilled.id);
    expect(points.length).toBeGreaterThanOrEqual(3);
    expect(points.every((point) => point.n === 1)).toBe(true);
  });

  it('a player whose every rating is set aside has a stored history, none shown', async () => {
    const player = await addPlayer(db);
    const rating = await rateAt(player.id, new Date(), 5);
    await db.insert(trustFlags).values({
      type: 'ring',
      status: 'confirmed',
      score: 1,
      signature: `ring:${rating.id}`,
      raterKeys: [],
      playerIds: [player.id],
      ratingIds: [rating.id],
      evidence: {},
    });
    await refreshHistory(db, [player.id]);
    expect((await storedRows(player.id)).map((row) => row.n)).toEqual([0]);
    expect(await overallHistory(db, player.id)).toEqual([]);
  });

  it('the table refuses a malformed quarter, a mean outside its range, and keeps no row of a deleted player', async () => {
    const player = await addPlayer(db);
    const row = { playerId: player.id, quarter: '2026-Q3', mean: 3, low: 2, high: 4, n: 1, computedAt: new Date() };
    await expect(db.insert(playerEstimateHistory).values({ ...row, quarter: '2026-Q5' })).rejects.toThrow();
    await expect(db.insert(playerEstimateHistory).values({ ...row, mean: 4.5 })).rejects.toThrow();
    await expect(db.insert(playerEstimateHistory).values({ ...row, low: 0.5 })).rejects.toThrow();
    await expect(db.insert(playerEstimateHistory).values({ ...row, n: -1 })).rejects.toThrow();
    await db.insert(playerEstimateHistory).values(row);
    await db.execute(sql`delete from players where id = ${player.id}`);
    expect(await storedRows(player.id)).toEqual([]);
  });
});
