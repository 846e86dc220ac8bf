import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { players, ratingReplies, ratings } from '../../db/schema/index';

export type ReplyStatus = 'shown' | 'held' | 'hidden';

/**
 * The rating a reply belongs to, locked, with what deciding who may reply needs: the rated player's account, its
 * first name, the rater's account and whether others see the rating (listed, not taken down).
 */
export async function lockRatingForReply(tx: Executor, ratingId: number) {
  const [row] = await tx
    .select({
      ratingId: ratings.id,
      playerId: ratings.playerId,
      raterUserId: ratings.raterUserId,
      visible: sql<boolean>`${ratings.listedAt} is not null and ${ratings.removedAt} is null`,
      playerUserId: players.userId,
      playerFirstName: players.firstName,
    })
    .from(ratings)
    .innerJoin(players, eq(players.id, ratings.playerId))
    .where(eq(ratings.id, ratingId))
    .for('update', { of: ratings });
  return row;
}

export async function findReply(db: Executor, ratingId: number) {
  const [row] = await db.select().from(ratingReplies).where(eq(ratingReplies.ratingId, ratingId));
  return row;
}

/** Writes the rating's one reply: a new one, or the text that replaces it (created_at stays). */
export async function upsertReply(
  db: Executor,
  reply: { ratingId: number; authorUserId: string; text: string; status: ReplyStatus; holdReason: string | null },
) {
  const [row] = await db
    .insert(ratingReplies)
    .values(reply)
    .onConflictDoUpdate({
      target: ratingReplies.ratingId,
      set: {
        authorUserId: reply.authorUserId,
        text: reply.text,
        status: reply.status,
        holdReason: reply.holdReason,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row;
}

export async function deleteReply(db: Executor, ratingId: number): Promise<boolean> {
  const deleted = await db
    .delete(ratingReplies)
    .where(eq(ratingReplies.ratingId, ratingId))
    .returning({ ratingId: ratingReplies.ratingId });
  return deleted.length > 0;
}

/** A decision's status, on the rating's locked reply. */
export async function updateReplyStatus(db: Executor, ratingId: number, status: ReplyStatus) {
  await db.update(ratingReplies).set({ status }).where(eq(ratingReplies.ratingId, ratingId));
}

/** The reply's row, locked for a decision. */
export async function lockReply(db: Executor, ratingId: number) {
  const [row] = await db.select().from(ratingReplies).where(eq(ratingReplies.ratingId, ratingId)).for('update');
  return row;
}

/** The replies of a page of ratings, in one statement, with the rated player's first name. */
export async function listReplies(db: Executor, ratingIds: number[]) {
  if (ratingIds.length === 0) return [];
  return db
    .select({
      ratingId: ratingReplies.ratingId,
      authorUserId: ratingReplies.authorUserId,
      text: ratingReplies.text,
      status: ratingReplies.status,
      createdAt: ratingReplies.createdAt,
      updatedAt: ratingReplies.updatedAt,
      firstName: players.firstName,
    })
    .from(ratingReplies)
    .innerJoin(ratings, eq(ratings.id, ratingReplies.ratingId))
    .innerJoin(players, eq(players.id, ratings.playerId))
    .where(inArray(ratingReplies.ratingId, ratingIds));
}

/** Ratings whose reply waits for an admin, the longest waiting first. */
export async function listHeldReplyRatingIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ ratingId: ratingReplies.ratingId })
    .from(ratingReplies)
    .where(eq(ratingReplies.status, 'held'))
    .orderBy(ratingReplies.updatedAt);
  return rows.map((row) => row.ratingId);
}
