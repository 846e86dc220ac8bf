import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { players, users } from '../../db/schema/index';

/**
 * Locks the account's row until the transaction ends, so two of its requests adding players count one after the
 * other (a claim and a registration take the same lock); answers its age, measured by the database's clock as
 * players.created_at is.
 */
export async function lockAccountForNewPlayer(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ createdAt: users.createdAt, now: sql<Date>`now()`.mapWith((value: string | Date) => new Date(value)) })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row;
}

/** When the account's latest `limit` players were added since `since`, newest first (players_created_by_idx). */
export async function recentPlayersAddedBy(tx: Executor, userId: string, since: Date, limit: number) {
  const rows = await tx
    .select({ createdAt: players.createdAt })
    .from(players)
    .where(and(eq(players.createdByUserId, userId), gt(players.createdAt, since)))
    .orderBy(desc(players.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}
