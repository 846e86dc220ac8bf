import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { players, ratingHelpfulness, ratingRemovals, ratings } from '../../db/schema/index';

export type RemovalRecord = typeof ratingRemovals.$inferInsert;

/** A rating's votes as its rater's figures count them (the released scores), for its effect. */
export async function findReleasedVotes(db: Executor, ratingId: number): Promise<{ sum: number; count: number }> {
  const [row] = await db
    .select({
      sum: sql<number>`coalesce(sum(${ratingHelpfulness.releasedScore}), 0)::int`,
      count: sql<number>`count(${ratingHelpfulness.releasedScore})::int`,
    })
    .from(ratingHelpfulness)
    .where(eq(ratingHelpfulness.ratingId, ratingId));
  return row ?? { sum: 0, count: 0 };
}

/** Takes the rating down: unlisted, so it counts nowhere and nobody but its rater and admins sees it. */
export async function markRatingRemoved(db: Executor, ratingId: number, rule: string, at: Date): Promise<void> {
  await db
    .update(ratings)
    .set({ listedAt: null, publishedAt: null, removedAt: at, removalRule: rule })
    .where(eq(ratings.id, ratingId));
}

/** Puts it back as it was listed before its removal (still waiting for its release when it had not been out). */
export async function markRatingRestored(
  db: Executor,
  ratingId: number,
  listed: { listedAt: Date | null; publishedAt: Date | null },
): Promise<void> {
  await db
    .update(ratings)
    .set({ listedAt: listed.listedAt, publishedAt: listed.publishedAt, removedAt: null, removalRule: null })
    .where(eq(ratings.id, ratingId));
}

export async function insertRemovalRecord(db: Executor, record: RemovalRecord): Promise<void> {
  await db.insert(ratingRemovals).values(record);
}

/** The rating's latest take-down: what it was listed as before it. */
export async function findLastRemoval(db: Executor, ratingId: number) {
  const [row] = await db
    .select()
    .from(ratingRemovals)
    .where(and(eq(ratingRemovals.ratingId, ratingId), eq(ratingRemovals.action, 'remove')))
    .orderBy(desc(ratingRemovals.id))
    .limit(1);
  return row;
}

/** The ratings taken down now, latest take-down first, each with its latest removal record. */
export async function listRemovedRatings(db: Executor, limit: number) {
  return db
    .select({
      ratingId: ratings.id,
      playerId: ratings.playerId,
      playerName: sql<string>`${players.firstName} || ' ' || ${players.lastName}`,
      raterEmail: ratings.raterEmail,
      isAnonymous: ratings.isAnonymous,
      overallRating: ratings.overallRating,
      strengthsImprovements: ratings.strengthsImprovements,
      createdAt: ratings.createdAt,
      rule: ratings.removalRule,
      removedAt: ratings.removedAt,
      note: sql<string | null>`(select ${ratingRemovals.note} from ${ratingRemovals}
        where ${ratingRemovals.ratingId} = ${ratings.id} and ${ratingRemovals.action} = 'remove'
        order by ${ratingRemovals.id} desc limit 1)`,
      removedBy: sql<string>`(select ${ratingRemovals.actedByLabel} from ${ratingRemovals}
        where ${ratingRemovals.ratingId} = ${ratings.id} and ${ratingRemovals.action} = 'remove'
        order by ${ratingRemovals.id} desc limit 1)`,
    })
    .from(ratings)
    .innerJoin(players, eq(players.id, ratings.playerId))
    .where(sql`${ratings.removedAt} is not null`)
    .orderBy(desc(ratings.removedAt), desc(ratings.id))
    .limit(limit);
}
