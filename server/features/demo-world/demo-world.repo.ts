import { and, desc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { demoWorld, players, ratings } from '../../db/schema/index';

/** The demo world's record while it is in the database, with how many of its players are left. */
export async function findPresentDemoWorld(db: Executor) {
  const [row] = await db
    .select({
      lastPlayerId: demoWorld.lastPlayerId,
      samplePlayerId: demoWorld.samplePlayerId,
      players: sql<number>`(select count(*) from ${players} where ${players.id} <= ${demoWorld.lastPlayerId})::int`,
    })
    .from(demoWorld)
    .where(isNull(demoWorld.removedAt));
  return row;
}

/** A public player with its running sums, as the sample card shows it. */
export async function findSamplePlayer(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: players.id,
      firstName: players.firstName,
      lastName: players.lastName,
      location: players.location,
      skillLevel: players.skillLevel,
      isVerified: players.isVerified,
      ratingCount: players.ratingCount,
      sums: sql<number[]>`array[${players.serveReturnSum}, ${players.groundstrokesThirdShotSum},
        ${players.netPlayVolleysDinksSum}, ${players.movementCourtAwarenessSum}, ${players.mentalPhysicalGameSum}]`,
    })
    .from(players)
    .where(and(eq(players.id, id), eq(players.visibility, 'public')));
  return row;
}

/** The most helpful strengths comment on a player that moderation does not hold, not longer than `maxLength`. */
export async function findSampleComment(db: Executor, playerId: number, maxLength: number) {
  const [row] = await db
    .select({ comment: ratings.strengthsImprovements })
    .from(ratings)
    .where(
      and(
        eq(ratings.playerId, playerId),
        eq(ratings.isHeld, false),
        ne(sql`btrim(coalesce(${ratings.strengthsImprovements}, ''))`, ''),
        lte(sql`length(${ratings.strengthsImprovements})`, maxLength),
      ),
    )
    .orderBy(desc(ratings.helpfulnessSum), desc(ratings.overallRating), ratings.id)
    .limit(1);
  return row?.comment?.trim() ?? null;
}
