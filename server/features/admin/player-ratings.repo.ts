import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { players, ratingRemovals, ratings, users } from '../../db/schema/index';
import { afterKeyset, exactTimeKey, keysetOrderBy, type KeysetOrder } from '../../lib/keyset';

/*
 * A player's ratings as admins review them (docs/product.md#take-down): all of them, removed and not yet released
 * included, newest first by when they were written. An admin read, not a hot one: the player's ratings come by
 * ratings_player_idx and are sorted (a player has about one per rater).
 */

const NEWEST_FIRST: KeysetOrder = { key: ratings.createdAt, id: ratings.id, direction: 'desc' };

/** A column of the rating's latest take-down record (the one that took it down now). */
const latestRemoval = (column: SQL) =>
  sql<string | null>`(select ${column} from ${ratingRemovals}
    where ${ratingRemovals.ratingId} = ${ratings.id} and ${ratingRemovals.action} = 'remove'
    order by ${ratingRemovals.id} desc limit 1)`;

export async function playerExists(db: Executor, playerId: number): Promise<boolean> {
  const [row] = await db.select({ id: players.id }).from(players).where(eq(players.id, playerId));
  return row !== undefined;
}

/** A page of the player's ratings (limit + 1 rows read, for cutPage), each with its rater's name and take-down. */
export async function listPlayerRatings(
  db: Executor,
  playerId: number,
  page: { limit: number; after?: { key: string; id: number } },
) {
  const after = page.after
    ? afterKeyset(NEWEST_FIRST, { key: sql`${page.after.key}::timestamptz`, id: sql`${page.after.id}::int` })
    : undefined;
  return db
    .select({
      rating: ratings,
      raterFirstName: users.firstName,
      raterLastName: users.lastName,
      removalNote: latestRemoval(sql`${ratingRemovals.note}`),
      removedBy: latestRemoval(sql`${ratingRemovals.actedByLabel}`),
      cursorKey: exactTimeKey(ratings.createdAt),
    })
    .from(ratings)
    .leftJoin(users, eq(users.id, ratings.raterUserId))
    .where(and(eq(ratings.playerId, playerId), after))
    .orderBy(...keysetOrderBy(NEWEST_FIRST))
    .limit(page.limit + 1);
}

/** How many ratings the player has, and how many of them are taken down. */
export async function countPlayerRatings(db: Executor, playerId: number) {
  const [row] = await db
    .select({ total: count(), removed: count(ratings.removedAt) })
    .from(ratings)
    .where(eq(ratings.playerId, playerId));
  return row ?? { total: 0, removed: 0 };
}
