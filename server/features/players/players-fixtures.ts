import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { players, ratings, users, type PlayerRow } from '../../db/schema/index';
import { inEveryCategory } from '../../../common/rating-categories.fixtures';
import type { PlayerSearchResult } from '../../../common/schemas/players';
import type { RatingScoreField } from '../../../common/schemas/ratings';
import type { TestApp } from '../../test/test-app';
import { insertPlayer, type NewPlayer } from './players.repo';
import { applyFixtureRating } from '../ratings/ratings-fixtures';

/*
 * Test data for the players, claims and verification tests: rows written directly, so each test
 * controls exactly what the API under test reads.
 */

export const uniqueEmail = (name: string) => `${name}.${randomBytes(4).toString('hex')}@example.com`;

/** A letter string no other test uses, so searches for it see only this test's players. */
export const uniqueWord = () =>
  `zq${[...randomBytes(5)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

export async function addPlayer(db: Db, player: Partial<NewPlayer> = {}) {
  return insertPlayer(db, {
    firstName: 'Pat',
    lastName: 'Player',
    email: uniqueEmail('player'),
    skillLevel: '3.5',
    location: 'Austin, TX 78701',
    ...player,
  });
}

export async function userIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Links the player to the user with this e-mail (who must exist), as an approved claim does; optionally sets who sees the page. */
export async function linkPlayerTo(
  db: Db,
  playerId: number,
  email: string,
  page: Pick<Partial<PlayerRow>, 'visibility'> = {},
) {
  await db
    .update(players)
    .set({ userId: await userIdOf(db, email), ...page })
    .where(eq(players.id, playerId));
}

export async function playerRow(db: Db, id: number) {
  const [row] = await db.select().from(players).where(eq(players.id, id));
  return row;
}

type Scores = Record<RatingScoreField | 'overallRating', number>;

/** A rating's five category scores and its overall, all `stars`. */
export function allScores(stars: number): Scores {
  return { ...inEveryCategory(stars), overallRating: stars };
}

/**
 * A rating row written at `createdAt` (listed then, an anonymous one too: out already, docs/product.md#anonymity),
 * with what the app applies as it starts counting (ratings-fixtures.ts applyFixtureRating): the player's aggregates,
 * the rater's figures when `raterUserId` names an account, the flag of a held rating.
 */
export async function addRating(
  db: Db,
  rating: Partial<Scores> & {
    playerId: number;
    raterEmail?: string;
    raterUserId?: string | null;
    strengthsImprovements?: string | null;
    isHeld?: boolean;
    isAnonymous?: boolean;
    createdAt?: Date;
  },
) {
  const createdAt = rating.createdAt ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ratings)
      .values({
        playerId: rating.playerId,
        raterUserId: rating.raterUserId ?? null,
        raterEmail: rating.raterEmail ?? uniqueEmail('rater'),
        isAnonymous: rating.isAnonymous ?? false,
        strengthsImprovements: rating.strengthsImprovements ?? null,
        isHeld: rating.isHeld ?? false,
        createdAt,
        listedAt: createdAt,
        publishedAt: createdAt,
        serveReturn: rating.serveReturn ?? 4,
        groundstrokesThirdShot: rating.groundstrokesThirdShot ?? 4,
        netPlayVolleysDinks: rating.netPlayVolleysDinks ?? 4,
        movementCourtAwareness: rating.movementCourtAwareness ?? 4,
        mentalPhysicalGame: rating.mentalPhysicalGame ?? 4,
        overallRating: rating.overallRating ?? 4,
      })
      .returning();
    await applyFixtureRating(tx, row);
    return row;
  });
}

/** GET /api/players/search as the caller (signed out without a cookie): the results, once the answer is a 200. */
export async function searchResults(t: TestApp, q: string, cookie?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/players/search?q=${encodeURIComponent(q)}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json<PlayerSearchResult[]>();
}

/** Every key of a JSON value, at any depth: privacy checks assert 'email' is not among them. */
export function keysDeep(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysDeep);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysDeep(inner)]);
  }
  return [];
}
