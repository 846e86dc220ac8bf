import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../../db/client';
import { players, users, type RatingRow } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';
import type { MyStatsReply } from '../../../common/schemas/gamification';
import { RATING_TEXT_FIELDS } from '../../../common/schemas/ratings';
import { insertPlayer } from '../players/players.service';
import { insertFlags } from '../moderation/moderation.repo';
import { applyRating } from './rating-effects.service';

/* Test data and calls shared by the ratings and moderation tests. */

export const uniqueEmail = (name: string) => `${name}.${randomBytes(4).toString('hex')}@example.com`;

/**
 * What the app does when a rating written straight to the table (a test's fixture, at a time of its choosing) starts
 * counting: its effect on the player's aggregates and, with a rater account, on the rater's figures, dated to its
 * creation (rating-effects.service.ts). A row without listed_at counts nowhere yet (an anonymous one before its
 * release). A held row gets the flag that holds it, on its first text, as moderation's screening records it.
 */
export async function applyFixtureRating(db: Executor, row: RatingRow): Promise<void> {
  if (row.isHeld) {
    const field = RATING_TEXT_FIELDS.find((name) => row[name]);
    if (!field) throw new Error(`a held rating holds a text: rating ${row.id} has none`);
    await insertFlags(db, [{ ratingId: row.id, field, flaggedText: row[field]!, flagReason: 'other' }]);
  }
  if (row.listedAt === null) return;
  await applyRating(db, { ...row, listedAt: row.listedAt, releasedVotes: { sum: 0, count: 0 } }, row.createdAt);
}

/** A rating as the API answers it, for the fields the tests read. */
export type RatingJson = Record<string, unknown> & { id: number; playerId: number };

/** A signed-in rater named Rita Rater, with a fresh e-mail. */
export async function signInRater(t: TestApp, name = 'rater') {
  const email = uniqueEmail(name);
  return { email, cookie: await signInAs(t, { email, firstName: 'Rita', lastName: 'Rater' }) };
}

export async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export async function createPlayer(t: TestApp, options: { userId?: string | null; firstName?: string } = {}) {
  return insertPlayer(t.database.db, {
    firstName: options.firstName ?? 'Dana',
    lastName: 'Dinker',
    email: uniqueEmail('player'),
    skillLevel: '3.5',
    location: 'Austin, TX',
    userId: options.userId ?? null,
  });
}

export async function playerRow(t: TestApp, playerId: number) {
  const [row] = await t.database.db.select().from(players).where(eq(players.id, playerId));
  return row;
}

/** The scores and the feedback of ratingBody(), which a stored rating answers back as they were sent. */
export const RATING_SCORES_AND_FEEDBACK = {
  serveReturn: 4,
  groundstrokesThirdShot: 3,
  netPlayVolleysDinks: 5,
  movementCourtAwareness: 4,
  mentalPhysicalGame: 2,
  overallRating: 4,
  strengthsImprovements: 'Great soft game at the kitchen line; work on third shot drops.',
};

/** A complete, valid POST /api/ratings body for an existing player. */
export function ratingBody(playerId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    playerId,
    playerName: 'Dana Dinker',
    isAnonymous: false,
    ...RATING_SCORES_AND_FEEDBACK,
    ...overrides,
  };
}

/** The caller's gamification stats (GET /api/gamification/my-stats), once the answer is a 200. */
export async function myStatsOf(t: TestApp, cookie: string) {
  const res = await getJson(t, '/api/gamification/my-stats', { cookie });
  expect(res.statusCode).toBe(200);
  return res.json<MyStatsReply>();
}

export function postRating(t: TestApp, cookie: string | undefined, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/ratings',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
}

export function putRating(t: TestApp, cookie: string | undefined, ratingId: number | string, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/ratings/${ratingId}`,
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
}

export function getJson(t: TestApp, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

/**
 * Runs a release of anonymous ratings as an admin (POST /api/admin/anonymity/release). With `crowd`, first adds
 * anonymous ratings by that many fresh raters of a fresh player, so the release has its 3 raters whatever the test
 * wrote (docs/product.md#anonymity).
 */
export async function releaseAnonymous(t: TestApp, options: { crowd?: number } = {}) {
  if (options.crowd) {
    const player = await createPlayer(t, { firstName: 'Crowd' });
    for (let i = 0; i < options.crowd; i += 1) {
      const { cookie } = await signInRater(t, 'crowd');
      expect((await postRating(t, cookie, ratingBody(player.id, { isAnonymous: true }))).statusCode).toBe(201);
    }
  }
  const adminCookie = await signInAs(t, { email: 'release-admin@example.com', isAdmin: true });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/anonymity/release',
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ released: number; held: number }>();
}
