import { randomBytes } from 'node:crypto';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { players, ratings, users, type RatingRow } from '../../db/schema/index';
import { RATING_TEXT_FIELDS } from '../../../common/schemas/ratings';
import { allScores } from '../players/players-fixtures';
import { insertPlayer } from '../players/players.service';
import { insertSubmittedRating } from '../ratings/submit-rating.repo';
import { applyFixtureRating } from '../ratings/ratings-fixtures';
import { rateHelpfulness, type Voter } from '../helpfulness/helpfulness.service';

/*
 * Test data for the gamification, helpfulness and leaderboard tests: ratings written by the submit statement the
 * ratings feature runs (at a chosen time), helpfulness through the service call the helpfulness feature makes.
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

/** Texts of `fields` comment fields (at least one when `length` > 0) whose characters add up to `length`. */
function feedbackTexts(length: number, fields: number) {
  const count = Math.min(RATING_TEXT_FIELDS.length, Math.max(fields, length > 0 ? 1 : 0));
  const texts = Object.fromEntries(RATING_TEXT_FIELDS.map((field) => [field, null])) as Record<
    (typeof RATING_TEXT_FIELDS)[number],
    string | null
  >;
  for (let i = 0; i < count; i++) {
    texts[RATING_TEXT_FIELDS[i]] = 'x'.repeat(Math.floor(length / count) + (i < length % count ? 1 : 0));
  }
  return { texts, commentFieldCount: count, commentLength: length };
}

/** A four-star rating as POST /api/ratings writes it (rater totals, day and badges included), at `createdAt`. */
async function submitTestRating(
  db: Executor,
  rating: { playerId: number; raterUserId: string; raterEmail: string; createdAt: Date },
  feedback = feedbackTexts(0, 0),
): Promise<RatingRow> {
  const result = await insertSubmittedRating(db, {
    ...rating,
    isAnonymous: false,
    ...allScores(4),
    ...feedback.texts,
    isHeld: false,
  });
  if (!result.rating) throw new Error(`player ${rating.playerId} could not be rated by ${rating.raterEmail}`);
  return result.rating;
}

/**
 * A rating as the ratings feature stores it. Without a rater account (one deleted since: ratings keep their rater's
 * e-mail), the row and its effect on the player, as the account's deletion leaves them.
 */
export async function insertRating(
  db: Executor,
  rating: { playerId: number; raterUserId: string | null; raterEmail: string; createdAt?: Date },
) {
  const createdAt = rating.createdAt ?? new Date();
  if (rating.raterUserId) return submitTestRating(db, { ...rating, raterUserId: rating.raterUserId, createdAt });
  const [row] = await db
    .insert(ratings)
    .values({
      playerId: rating.playerId,
      raterUserId: null,
      raterEmail: rating.raterEmail,
      ...allScores(4),
      createdAt,
      listedAt: createdAt,
      publishedAt: createdAt,
    })
    .returning();
  await applyFixtureRating(db, row);
  return row;
}

/** `count` ratings by the rater, each of a new player, with `commentLength` characters over `commentFieldCount` fields. */
export async function recordRatings(
  db: Db,
  raterUserId: string,
  count: number,
  options: { createdAt?: Date; commentLength?: number; commentFieldCount?: number } = {},
) {
  const [rater] = await db.select({ email: users.email }).from(users).where(eq(users.id, raterUserId));
  if (!rater) throw new Error(`no user ${raterUserId}`);
  const feedback = feedbackTexts(options.commentLength ?? 0, options.commentFieldCount ?? 0);
  for (let i = 0; i < count; i++) {
    const player = await insertTestPlayer(db);
    const createdAt = options.createdAt ?? new Date();
    await submitTestRating(db, { playerId: player.id, raterUserId, raterEmail: rater.email, createdAt }, feedback);
  }
}

/**
 * Helpfulness votes of `scores` on the rater's latest rating listed by `listedBy`, cast as the helpfulness feature
 * casts them (the vote row, the rating's totals, the rater's figures on the rating's day). Only a rating's player's
 * linked user votes, once: each score is a new user's, linked to the player in turn, as a player's link changes hands
 * when a later claim is approved. Answers the rating and its voters, for a test that changes a vote.
 */
export async function recordVotes(
  db: Db,
  raterUserId: string,
  scores: number[],
  listedBy = new Date(),
): Promise<{ ratingId: number; voters: Voter[] }> {
  const [rating] = await db
    .select({ id: ratings.id, playerId: ratings.playerId })
    .from(ratings)
    .where(and(eq(ratings.raterUserId, raterUserId), lte(ratings.listedAt, listedBy)))
    .orderBy(desc(ratings.listedAt))
    .limit(1);
  if (!rating) throw new Error(`rater ${raterUserId} has no rating listed by ${listedBy.toISOString()}`);
  const voters: Voter[] = [];
  for (const helpfulnessScore of scores) {
    const user = await insertUser(db, uniqueEmail('voter'));
    await db.update(players).set({ userId: user.id }).where(eq(players.id, rating.playerId));
    const voter = { userId: user.id, email: user.email };
    await rateHelpfulness(db, voter, rating.id, { helpfulnessScore, comment: null });
    voters.push(voter);
  }
  return { ratingId: rating.id, voters };
}
