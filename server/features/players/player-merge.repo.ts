import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  flaggedComments,
  playerMatchRequests,
  playerMerges,
  players,
  ratingHelpfulness,
  ratings,
  users,
  type PlayerRow,
  type RatingRow,
} from '../../db/schema/index';

/** A side of a merge: the player, and the e-mail of the account it is linked to (null when unlinked). */
export type MergeSideRow = Awaited<ReturnType<typeof findMergeSides>>[number];

/**
 * Both players of a merge, in id order. `lock`: held until the transaction ends, taken in id order so that two merges
 * of the same pair never wait on each other crosswise; a rating submitted meanwhile waits too (its statement locks
 * its player).
 */
export async function findMergeSides(db: Executor, ids: [number, number], lock: boolean) {
  const query = db
    .select({
      id: players.id,
      userId: players.userId,
      ownerEmail: users.email,
      visibility: players.visibility,
      firstName: players.firstName,
      lastName: players.lastName,
      location: players.location,
      ratingCount: players.ratingCount,
    })
    .from(players)
    .leftJoin(users, eq(users.id, players.userId))
    .where(inArray(players.id, ids))
    .orderBy(players.id);
  return lock ? query.for('update', { of: players }) : query;
}

/** What the merge needs to pair a rating with another of the same rater, or with the kept player's account. */
export type PairingRow = Awaited<ReturnType<typeof findRatingsToPair>>[number];

const pairingColumns = {
  id: ratings.id,
  playerId: ratings.playerId,
  raterKey: sql<string>`lower(${ratings.raterEmail})`,
  raterUserId: ratings.raterUserId,
  createdAt: ratings.createdAt,
  removalRule: ratings.removalRule,
};

/**
 * Every rating of the merged player, and those of the kept player that a merged one can pair with: by the same
 * rater (same e-mail, as the rater key), or by the account the kept player is linked to after the merge.
 */
export async function findRatingsToPair(
  db: Executor,
  mergedId: number,
  keptId: number,
  owner: { userId: string; email: string } | null,
) {
  const mergedRaters = db
    .select({ raterKey: sql`lower(${ratings.raterEmail})` })
    .from(ratings)
    .where(eq(ratings.playerId, mergedId));
  const keptMatches = [
    inArray(sql`lower(${ratings.raterEmail})`, mergedRaters),
    ...(owner
      ? [eq(ratings.raterUserId, owner.userId), eq(sql`lower(${ratings.raterEmail})`, owner.email.toLowerCase())]
      : []),
  ];
  return db
    .select(pairingColumns)
    .from(ratings)
    .where(or(eq(ratings.playerId, mergedId), and(eq(ratings.playerId, keptId), or(...keptMatches))))
    .orderBy(ratings.id);
}

/** Moves every rating of one player to another, as each stands once moved (locked until the transaction ends). */
export async function moveRatings(db: Executor, fromPlayerId: number, toPlayerId: number): Promise<RatingRow[]> {
  return db.update(ratings).set({ playerId: toPlayerId }).where(eq(ratings.playerId, fromPlayerId)).returning();
}

/** Each rating's votes as its rater's figures count them (the released scores), by rating id. */
export async function findReleasedVotes(db: Executor, ratingIds: number[]) {
  if (ratingIds.length === 0) return new Map<number, { sum: number; count: number }>();
  const rows = await db
    .select({
      ratingId: ratingHelpfulness.ratingId,
      sum: sql<number>`coalesce(sum(${ratingHelpfulness.releasedScore}), 0)::int`,
      count: sql<number>`count(${ratingHelpfulness.releasedScore})::int`,
    })
    .from(ratingHelpfulness)
    .where(inArray(ratingHelpfulness.ratingId, ratingIds))
    .groupBy(ratingHelpfulness.ratingId);
  return new Map(rows.map((row) => [row.ratingId, { sum: row.sum, count: row.count }]));
}

/** The claims (match requests) of a player, in any state. */
export async function countClaims(db: Executor, playerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(playerMatchRequests)
    .where(eq(playerMatchRequests.playerId, playerId));
  return row?.n ?? 0;
}

export async function moveClaims(db: Executor, fromPlayerId: number, toPlayerId: number): Promise<number> {
  const moved = await db
    .update(playerMatchRequests)
    .set({ playerId: toPlayerId })
    .where(eq(playerMatchRequests.playerId, fromPlayerId))
    .returning({ id: playerMatchRequests.id });
  return moved.length;
}

/** The moderation flags on a player's ratings. */
export async function countFlags(db: Executor, playerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(flaggedComments)
    .innerJoin(ratings, eq(ratings.id, flaggedComments.ratingId))
    .where(eq(ratings.playerId, playerId));
  return row?.n ?? 0;
}

/**
 * Moves an account's link, with the page visibility its owner chose, from one player to another that has none. The
 * old row lets go first: an account is one player (players_user_id_key).
 */
export async function moveLink(
  db: Executor,
  from: Pick<PlayerRow, 'id' | 'visibility'> & { userId: string },
  toPlayerId: number,
): Promise<void> {
  await db.update(players).set({ userId: null }).where(eq(players.id, from.id));
  await db.update(players).set({ userId: from.userId, visibility: from.visibility }).where(eq(players.id, toPlayerId));
}

export type MergeRecord = typeof playerMerges.$inferInsert;

/**
 * Records the merge, and moves the earlier merges into the merged player on to the kept one: every merged id then
 * leads to a live player in one read.
 */
export async function recordMerge(db: Executor, record: MergeRecord): Promise<void> {
  await db.update(playerMerges).set({ intoId: record.intoId }).where(eq(playerMerges.intoId, record.mergedId));
  await db.insert(playerMerges).values(record);
}

/** Deletes the merged player, once everything of theirs has moved (what is left cascades: estimate, marks, history). */
export async function deletePlayer(db: Executor, playerId: number): Promise<void> {
  await db.delete(players).where(eq(players.id, playerId));
}

/** The player a merged one now lives on, or null when the id was never merged. */
export async function findMergeTarget(db: Executor, mergedId: number): Promise<number | null> {
  const [row] = await db
    .select({ intoId: playerMerges.intoId })
    .from(playerMerges)
    .where(eq(playerMerges.mergedId, mergedId));
  return row?.intoId ?? null;
}
