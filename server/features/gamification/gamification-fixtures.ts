import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ratings, users } from '../../db/schema/index';
import { insertPlayer } from '../players/players.repo';
import { recordHelpfulnessChanged, recordRatingSubmitted } from './gamification.service';

/*
 * Test data for the gamification, helpfulness and leaderboard tests: rows written directly, and
 * stats recorded through the same service calls the ratings feature makes in its transactions.
 */

export const uniqueEmail = (name: string) => `${name}.${randomBytes(4).toString('hex')}@example.com`;

export async function insertUser(db: Db, email: string) {
  const [row] = await db.insert(users).values({ email, authProvider: 'password' }).returning();
  return row;
}

export async function userIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export async function insertTestPlayer(db: Db, userId: string | null = null) {
  return insertPlayer(db, {
    firstName: 'Pat',
    lastName: 'Player',
    email: uniqueEmail('player'),
    skillLevel: '3.5',
    location: 'Austin, TX',
    userId,
  });
}

/** A rating row as the ratings feature stores it, with the rater's stats recorded in the same transaction. */
export async function insertRating(
  db: Db,
  rating: { playerId: number; raterUserId: string | null; raterEmail: string; createdAt?: Date },
) {
  const createdAt = rating.createdAt ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ratings)
      .values({
        playerId: rating.playerId,
        raterUserId: rating.raterUserId,
        raterEmail: rating.raterEmail,
        serveReturn: 4,
        groundstrokesThirdShot: 4,
        netPlayVolleysDinks: 4,
        movementCourtAwareness: 4,
        mentalPhysicalGame: 4,
        overallRating: 4,
        createdAt,
      })
      .returning();
    if (rating.raterUserId) {
      await recordRatingSubmitted(tx, {
        raterUserId: rating.raterUserId,
        commentFieldCount: 0,
        commentLength: 0,
        overallRating: 4,
        createdAt,
      });
    }
    return row;
  });
}

export async function recordRatings(
  db: Db,
  raterUserId: string,
  count: number,
  options: { createdAt?: Date; commentLength?: number; commentFieldCount?: number } = {},
) {
  for (let i = 0; i < count; i++) {
    await db.transaction((tx) =>
      recordRatingSubmitted(tx, {
        raterUserId,
        commentFieldCount: options.commentFieldCount ?? 0,
        commentLength: options.commentLength ?? 0,
        overallRating: 4,
        createdAt: options.createdAt ?? new Date(),
      }),
    );
  }
}

export async function recordVotes(db: Db, raterUserId: string, scores: number[], ratingCreatedAt = new Date()) {
  for (const score of scores) {
    await db.transaction((tx) =>
      recordHelpfulnessChanged(tx, { raterUserId, ratingCreatedAt, sumDelta: score, countDelta: 1 }),
    );
  }
}
