import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dataRequests, users, type ErasureCounts, type UserRow } from '../../db/schema/index';

export async function findUser(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/**
 * The account's row, locked until the erasure commits: a rating, vote or session of the account written meanwhile
 * checks its foreign key against this row, so it waits, then fails, and never outlives the account.
 */
export async function lockUser(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export type DataRequest = {
  kind: 'export' | 'erase';
  userId: string;
  admin: { userId: string | null; label: string } | null;
  counts: ErasureCounts | null;
};

/** Records an export or an erasure: whose (by account id), and which admin when one acted. */
export async function insertDataRequest(db: Executor, request: DataRequest): Promise<void> {
  await db.insert(dataRequests).values({
    kind: request.kind,
    userId: request.userId,
    adminUserId: request.admin?.userId ?? null,
    adminLabel: request.admin?.label ?? null,
    counts: request.counts,
  });
}
