import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { playerSkillMarks } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';
import type { MyStatsReply } from '../../../common/schemas/gamification';
import type { LeaderboardReply } from '../../../common/schemas/leaderboard';
import type { PlayerPage } from '../../../common/schemas/player-page';
import type { PlayerDetail } from '../../../common/schemas/players';
import { getJson, postRating, ratingBody, userIdOf } from './ratings-fixtures';

/*
 * What people see of a player and of a rater, read through the same calls the screens make, for the tests of each
 * path a rating takes (rating-paths.test.ts).
 */

/** How long a changed rating may take to reach its player's estimate (docs/product.md#how-we-compute-your-numbers). */
const ESTIMATE_WITHIN_MS = 10_000;

export type Person = { email: string; cookie: string; userId: string; firstName: string; displayName: string };

/** A signed-in member with a name no other test uses, so the leaderboard names them alone. */
export async function member(t: TestApp, role: string): Promise<Person> {
  const suffix = randomBytes(3).toString('hex');
  const firstName = `${role}${suffix}`;
  const email = `${role}.${suffix}@example.com`.toLowerCase();
  // Dinker, as createPlayer names players: a member linked to a player named after them shows the same name.
  const cookie = await signInAs(t, { email, firstName, lastName: 'Dinker' });
  return { email, cookie, userId: await userIdOf(t, email), firstName, displayName: `${firstName} D.` };
}

/** A rating of the player by the person, answered 201; its id. */
export async function rate(
  t: TestApp,
  rater: Person,
  playerId: number,
  body: Record<string, unknown> = {},
): Promise<number> {
  const res = await postRating(t, rater.cookie, ratingBody(playerId, body));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

export async function vote(t: TestApp, voter: Person, ratingId: number, helpfulnessScore: number): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/ratings/${ratingId}/helpfulness`,
    headers: { cookie: voter.cookie },
    payload: { helpfulnessScore },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export type PlayerView = {
  ratingCount: number;
  averages: PlayerDetail['averageRatings'];
  distribution: PlayerPage['overallDistribution'];
  comments: number;
  /** The overall estimate, without the time it was computed. */
  estimate: PlayerPage['skill']['overall'];
  /** The `v` of the preview image the page links (og:image). */
  previewVersion: string;
};

/** A player no longer there: deleted, or merged into another (its address leads to that one's). */
export type Absent = 'gone' | `moved to ${string}`;

/** The player as its page shows it (GET /api/players/:id and the page API), or where it went. */
async function playerView(t: TestApp, playerId: number): Promise<PlayerView | Absent> {
  const detail = await getJson(t, `/api/players/${playerId}`);
  const page = await getJson(t, `/api/players/${playerId}/page`);
  if (detail.statusCode === 404 && page.statusCode === 404) return 'gone';
  if (detail.statusCode === 301 && page.statusCode === 301) return `moved to ${String(detail.headers.location)}`;
  expect(detail.statusCode, detail.body).toBe(200);
  expect(page.statusCode, page.body).toBe(200);
  const comments = await getJson(t, `/api/players/${playerId}/comments?limit=100`);
  const { ratingCount, averageRatings } = detail.json<PlayerDetail>();
  const { skill, overallDistribution, imagePath } = page.json<PlayerPage>();
  return {
    ratingCount,
    averages: averageRatings,
    distribution: overallDistribution,
    comments: comments.json<unknown[]>().length,
    estimate: skill.overall,
    previewVersion: new URL(imagePath, 'http://localhost').searchParams.get('v') ?? '',
  };
}

/**
 * The player once the trust worker has brought its estimate up to date: no mark waits for it, and the estimate counts
 * what the player's figures count. Fails when that takes longer than ESTIMATE_WITHIN_MS.
 */
export async function settledPlayerView(t: TestApp, playerId: number): Promise<PlayerView | Absent> {
  const deadline = Date.now() + ESTIMATE_WITHIN_MS;
  for (;;) {
    const marks = await t.database.db.select().from(playerSkillMarks).where(eq(playerSkillMarks.playerId, playerId));
    const view = await playerView(t, playerId);
    if (typeof view === 'string' || (marks.length === 0 && view.estimate.n === view.ratingCount)) return view;
    if (Date.now() > deadline) {
      throw new Error(
        `player ${playerId}'s estimate not up to date within ${ESTIMATE_WITHIN_MS} ms: ${JSON.stringify(view)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Has the trust worker compute the player again as a changed rating would (an unrated player gets its prior). */
export async function markEstimateStale(t: TestApp, playerId: number): Promise<void> {
  await t.database.db
    .insert(playerSkillMarks)
    .values({ playerId, markedAt: new Date() })
    .onConflictDoUpdate({ target: playerSkillMarks.playerId, set: { markedAt: new Date() } });
}

export type RaterView = {
  /** Their own figures (GET /api/gamification/my-stats); 'account gone' once the account is erased. */
  stats: { points: number; ratingsSubmitted: number; badges: string[] } | 'account gone';
  /** Their entry on the all-time board as another member sees it; null when they are not on it. */
  leaderboard: { ratingsCount: number; totalPoints: number } | null;
};

/** The rater's own figures and their entry on the leaderboard. */
export async function raterView(t: TestApp, rater: Person, observer: Person): Promise<RaterView> {
  const board = await getJson(t, '/api/leaderboard?period=all', { cookie: observer.cookie });
  expect(board.statusCode, board.body).toBe(200);
  const entry = board.json<LeaderboardReply>().leaderboard.find((row) => row.displayName === rater.displayName);
  const leaderboard = entry ? { ratingsCount: entry.ratingsCount, totalPoints: entry.totalPoints } : null;
  const res = await getJson(t, '/api/gamification/my-stats', { cookie: rater.cookie });
  if (res.statusCode === 401) return { stats: 'account gone', leaderboard };
  expect(res.statusCode, res.body).toBe(200);
  const mine = res.json<MyStatsReply>();
  const badges = mine.achievements.map((badge) => badge.achievementType).sort();
  return { stats: { points: mine.totalPoints, ratingsSubmitted: mine.ratingsSubmitted, badges }, leaderboard };
}
