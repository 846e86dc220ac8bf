import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { recomputeTrust } from '../../test/trust-recompute';
import {
  markEstimateStale,
  member,
  rate,
  raterView,
  settledPlayerView,
  vote,
  type Absent,
  type Person,
  type PlayerView,
  type RaterView,
} from './rating-paths-fixtures';
import { createPlayer, postRating, RATING_SCORES_AND_FEEDBACK, ratingBody } from './ratings-fixtures';

/*
 * Every path a rating takes, as people see it afterwards (docs/product.md#take-down, #merging-players, #your-data):
 * the rated player's count, averages, distribution, comments, estimate (brought up to date by the trust worker within
 * 10 s) and preview image version, and the rater's points, badges and leaderboard entry. One scenario per path, each
 * with what must have changed and what must be back as it was.
 */

/** 10 points, no detail: overall 2, every category 2, no text. */
const PLAIN = {
  serveReturn: 2,
  groundstrokesThirdShot: 2,
  netPlayVolleysDinks: 2,
  movementCourtAwareness: 2,
  mentalPhysicalGame: 2,
  overallRating: 2,
  strengthsImprovements: null,
};
/** 15 points: overall 4 and 63 characters of feedback (ratingBody's own). */
const DETAILED = RATING_SCORES_AND_FEEDBACK;

type Watched = { players: Record<string, number>; raters: Record<string, Person> };
type Views = { players: Record<string, PlayerView | Absent>; raters: Record<string, RaterView> };
type Scene = { watched: Watched; act: () => Promise<LightMyRequestResponse>; reference?: Views };

let t: TestApp;
let observer: Person;
let adminCookie: string;

beforeAll(async () => {
  // The worker brings marked estimates up to date every second, as it does in production every few.
  t = await createTestApp({ TRUST_WORKER_SECONDS: '1', LEADERBOARD_CACHE_SECONDS: '0' });
  observer = await member(t, 'observer');
  adminCookie = await signInAs(t, { email: 'paths.admin@example.com', isAdmin: true });
  // One full run now, so every estimate of the file comes from the same fitted model (the next is an hour away).
  await recomputeTrust(t.app, { cookie: adminCookie });
});
afterAll(() => t.close());

/** What people see of the watched players (each estimate up to date) and raters. */
async function observe(watched: Watched): Promise<Views> {
  const players: Views['players'] = {};
  for (const [name, id] of Object.entries(watched.players)) players[name] = await settledPlayerView(t, id);
  const raters: Views['raters'] = {};
  for (const [name, person] of Object.entries(watched.raters)) raters[name] = await raterView(t, person, observer);
  return { players, raters };
}

/**
 * The same once the worker has computed the watched players as they stand: an unrated player then shows its own prior
 * (from its skill level, by the model every later estimate of the file uses), which it must show again once the
 * ratings about it stop counting. Never computed, it shows the community's prior instead.
 */
async function observeComputed(watched: Watched): Promise<Views> {
  for (const id of Object.values(watched.players)) await markEstimateStale(t, id);
  return observe(watched);
}

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload: object = {}) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

const shown = (view: PlayerView | Absent): PlayerView => {
  if (typeof view === 'string') throw new Error(`the player is ${view}`);
  return view;
};
const withoutVersion = (view: PlayerView | Absent) => {
  const { previewVersion: _version, ...rest } = shown(view);
  return rest;
};
/** The estimate and its preview image moved on: a new version, whatever the figures. */
const expectNewVersion = (before: PlayerView | Absent, after: PlayerView | Absent) =>
  expect(shown(after).previewVersion).not.toBe(shown(before).previewVersion);

/** Erasure by the person (DELETE /api/auth/user) or by an admin, with or without their player profile. */
const erase = (person: Person, deletePlayerProfile: boolean, byAdmin: boolean) =>
  byAdmin
    ? send('POST', `/api/admin/users/${person.userId}/erase`, adminCookie, { confirm: 'DELETE', deletePlayerProfile })
    : send('DELETE', '/api/auth/user', person.cookie, { confirm: 'DELETE', deletePlayerProfile });

/**
 * The scene of both erasures: the erased member R is linked to player Q, which S rated (detailed) and R found helpful
 * (5 stars: S +10 points); R rated the unlinked player P. The reference is P before R's rating.
 */
async function erasureScene(deletePlayerProfile: boolean, byAdmin: boolean): Promise<Scene> {
  const rater = await member(t, 'eraser');
  const other = await member(t, 'other');
  const linked = await createPlayer(t, { userId: rater.userId, firstName: rater.firstName });
  const rated = await createPlayer(t);
  const aboutLinked = await rate(t, other, linked.id, DETAILED);
  await vote(t, rater, aboutLinked, 5);
  const watched = { players: { P: rated.id, Q: linked.id }, raters: { R: rater, S: other } };
  const reference = await observeComputed(watched);
  await rate(t, rater, rated.id, DETAILED);
  return { watched, reference, act: () => erase(rater, deletePlayerProfile, byAdmin) };
}

type PathCase = {
  path: string;
  arrange: () => Promise<Scene>;
  expectChange: (before: Views, after: Views, scene: Scene) => void;
};

const PATHS: PathCase[] = [
  {
    path: 'submit',
    arrange: async () => {
      const [rater, other, rated] = [await member(t, 'rater'), await member(t, 'other'), await createPlayer(t)];
      await rate(t, other, rated.id, PLAIN);
      return {
        watched: { players: { P: rated.id }, raters: { R: rater } },
        act: () => postRating(t, rater.cookie, ratingBody(rated.id, DETAILED)),
      };
    },
    expectChange: (before, after) => {
      expect(shown(before.players.P)).toMatchObject({ ratingCount: 1, distribution: { 2: 1, 4: 0 }, comments: 0 });
      expect(shown(after.players.P)).toMatchObject({
        ratingCount: 2,
        distribution: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 },
        averages: { overall: 3, serveReturn: 3, count: 2 },
        comments: 1,
        estimate: { n: 2 },
      });
      expect(shown(after.players.P).estimate.mean).not.toBe(shown(before.players.P).estimate.mean);
      expectNewVersion(before.players.P, after.players.P);
      expect(before.raters.R).toEqual({ stats: { points: 0, ratingsSubmitted: 0, badges: [] }, leaderboard: null });
      expect(after.raters.R).toEqual({
        stats: { points: 15, ratingsSubmitted: 1, badges: ['first_rating'] },
        leaderboard: { ratingsCount: 1, totalPoints: 15 },
      });
    },
  },
  {
    path: 'edit (adds detail, moves the stars)',
    arrange: async () => {
      const [rater, rated] = [await member(t, 'editor'), await createPlayer(t)];
      const ratingId = await rate(t, rater, rated.id, PLAIN);
      const { overallRating: _overall, ...edit } = DETAILED;
      return {
        watched: { players: { P: rated.id }, raters: { R: rater } },
        act: () => send('PUT', `/api/ratings/${ratingId}`, rater.cookie, edit),
      };
    },
    expectChange: (before, after) => {
      expect(shown(before.players.P)).toMatchObject({ ratingCount: 1, distribution: { 2: 1, 4: 0 }, comments: 0 });
      // The overall of an edit is the categories' mean: 3.6, in the 4-star bucket.
      expect(shown(after.players.P)).toMatchObject({
        ratingCount: 1,
        distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 },
        averages: { overall: 3.6, serveReturn: 4, netPlayVolleysDinks: 5, count: 1 },
        comments: 1,
        estimate: { n: 1 },
      });
      expect(shown(after.players.P).estimate.mean).toBeGreaterThan(shown(before.players.P).estimate.mean);
      expectNewVersion(before.players.P, after.players.P);
      expect(before.raters.R).toEqual({
        stats: { points: 10, ratingsSubmitted: 1, badges: ['first_rating'] },
        leaderboard: { ratingsCount: 1, totalPoints: 10 },
      });
      expect(after.raters.R).toEqual({
        stats: { points: 15, ratingsSubmitted: 1, badges: ['first_rating', 'second_look'] },
        leaderboard: { ratingsCount: 1, totalPoints: 15 },
      });
    },
  },
  {
    path: 'remove',
    arrange: async () => {
      const [rater, rated] = [await member(t, 'removed'), await createPlayer(t)];
      const watched = { players: { P: rated.id }, raters: { R: rater } };
      const reference = await observeComputed(watched);
      const ratingId = await rate(t, rater, rated.id, DETAILED);
      return {
        watched,
        reference,
        act: () => send('POST', `/api/admin/ratings/${ratingId}/remove`, adminCookie, { rule: 'offensive' }),
      };
    },
    expectChange: (before, after, { reference }) => {
      expect(shown(before.players.P)).toMatchObject({ ratingCount: 1, comments: 1, estimate: { n: 1 } });
      // Back to what it was without the rating: no count, no stars, no comment, the prior estimate.
      expect(withoutVersion(after.players.P)).toEqual(withoutVersion(reference!.players.P));
      expect(shown(after.players.P)).toMatchObject({ ratingCount: 0, estimate: { n: 0 } });
      expectNewVersion(before.players.P, after.players.P);
      expect(before.raters.R).toEqual({
        stats: { points: 15, ratingsSubmitted: 1, badges: ['first_rating'] },
        leaderboard: { ratingsCount: 1, totalPoints: 15 },
      });
      // Down by the rating's 15 points; First Rating withdrawn with the only rating; off the board.
      expect(after.raters.R).toEqual({ stats: { points: 0, ratingsSubmitted: 0, badges: [] }, leaderboard: null });
    },
  },
  {
    path: 'restore',
    arrange: async () => {
      const [rater, rated] = [await member(t, 'restored'), await createPlayer(t)];
      const watched = { players: { P: rated.id }, raters: { R: rater } };
      const ratingId = await rate(t, rater, rated.id, DETAILED);
      const reference = await observe(watched);
      const removed = await send('POST', `/api/admin/ratings/${ratingId}/remove`, adminCookie, { rule: 'other' });
      expect(removed.statusCode, removed.body).toBe(200);
      return { watched, reference, act: () => send('POST', `/api/admin/ratings/${ratingId}/restore`, adminCookie) };
    },
    expectChange: (before, after, { reference }) => {
      expect(shown(before.players.P)).toMatchObject({ ratingCount: 0, estimate: { n: 0 } });
      // Everything as it stood before the take-down; the preview drawn anew.
      expect(withoutVersion(after.players.P)).toEqual(withoutVersion(reference!.players.P));
      expectNewVersion(before.players.P, after.players.P);
      expect(before.raters.R).toEqual({ stats: { points: 0, ratingsSubmitted: 0, badges: [] }, leaderboard: null });
      expect(after.raters.R).toEqual(reference!.raters.R);
      expect(after.raters.R).toMatchObject({ stats: { points: 15, badges: ['first_rating'] } });
    },
  },
  {
    path: 'merge (a rater of both keeps the newer rating)',
    arrange: async () => {
      const [rater, other] = [await member(t, 'merged'), await member(t, 'other')];
      const [kept, duplicate] = [await createPlayer(t), await createPlayer(t)];
      await rate(t, rater, kept.id, PLAIN);
      await rate(t, rater, duplicate.id, DETAILED);
      await rate(t, other, kept.id, { ...PLAIN, overallRating: 5 });
      return {
        watched: { players: { K: kept.id, D: duplicate.id }, raters: { R: rater, S: other } },
        act: () => send('POST', `/api/admin/players/${duplicate.id}/merge`, adminCookie, { intoPlayerId: kept.id }),
      };
    },
    expectChange: (before, after, scene) => {
      expect(shown(before.players.K)).toMatchObject({ ratingCount: 2, distribution: { 2: 1, 4: 0, 5: 1 } });
      // R's older rating of K is taken down as a duplicate; the newer one, of D, now counts for K.
      expect(shown(after.players.K)).toMatchObject({
        ratingCount: 2,
        distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 },
        averages: { overall: 4.5, count: 2 },
        comments: 1,
        estimate: { n: 2 },
      });
      expectNewVersion(before.players.K, after.players.K);
      expect(after.players.D).toBe(`moved to /api/players/${scene.watched.players.K}`);
      expect(before.raters.R).toEqual({
        stats: { points: 25, ratingsSubmitted: 2, badges: ['first_rating'] },
        leaderboard: { ratingsCount: 2, totalPoints: 25 },
      });
      expect(after.raters.R).toEqual({
        stats: { points: 15, ratingsSubmitted: 1, badges: ['first_rating'] },
        leaderboard: { ratingsCount: 1, totalPoints: 15 },
      });
      expect(after.raters.S).toEqual(before.raters.S);
    },
  },
  {
    path: 'erase (own account, the player profile kept)',
    arrange: () => erasureScene(false, false),
    expectChange: (before, after, { reference }) => {
      expect(shown(before.players.P)).toMatchObject({ ratingCount: 1, estimate: { n: 1 } });
      expect(withoutVersion(after.players.P)).toEqual(withoutVersion(reference!.players.P));
      expectNewVersion(before.players.P, after.players.P);
      // Q stays, unlinked, with S's rating; S loses the 10 points of R's vote.
      expect(withoutVersion(after.players.Q)).toEqual(withoutVersion(before.players.Q));
      expect(before.raters.S).toEqual({
        stats: { points: 25, ratingsSubmitted: 1, badges: ['first_rating'] },
        leaderboard: { ratingsCount: 1, totalPoints: 25 },
      });
      expect(after.raters.S).toEqual({
        stats: { points: 15, ratingsSubmitted: 1, badges: ['first_rating'] },
        leaderboard: { ratingsCount: 1, totalPoints: 15 },
      });
      expect(before.raters.R.leaderboard).toEqual({ ratingsCount: 1, totalPoints: 15 });
      expect(after.raters.R).toEqual({ stats: 'account gone', leaderboard: null });
    },
  },
  {
    path: 'erase with the player profile (by an admin)',
    arrange: () => erasureScene(true, true),
    expectChange: (before, after, { reference }) => {
      expect(withoutVersion(after.players.P)).toEqual(withoutVersion(reference!.players.P));
      expectNewVersion(before.players.P, after.players.P);
      // Q goes with the ratings about it: S's only rating, its 15 points, the vote's 10 and First Rating.
      expect(after.players.Q).toBe('gone');
      expect(before.raters.S).toMatchObject({ stats: { points: 25, badges: ['first_rating'] } });
      expect(after.raters.S).toEqual({ stats: { points: 0, ratingsSubmitted: 0, badges: [] }, leaderboard: null });
      expect(after.raters.R).toEqual({ stats: 'account gone', leaderboard: null });
    },
  },
];

describe('what people see after each path of a rating', () => {
  it.each(PATHS)('$path', async ({ arrange, expectChange }) => {
    const scene = await arrange();
    const before = await observe(scene.watched);
    const res = await scene.act();
    expect(res.statusCode, res.body).toBeLessThan(300);
    const after = await observe(scene.watched);
    expectChange(before, after, scene);
  });
});
