import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { adminTokens } from '../../db/schema/index';

export async function insertAdminToken(db: Executor, row: { tokenHash: string; email: string; expiresAt: Date }) {
  await db.insert(adminTokens).values(row);
}

export async function findLiveAdminToken(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(adminTokens)
    .where(and(eq(adminTokens.tokenHash, tokenHash), gt(adminTokens.expiresAt, now)))
    .limit(1);
  return row;
}

export async function deleteExpiredAdminTokens(db: Executor, now: Date) {
  await db.delete(adminTokens).where(lt(adminTokens.expiresAt, now));
}

export async function deleteAdminToken(db: Executor, tokenHash: string) {
  await db.delete(adminTokens).where(eq(adminTokens.tokenHash, tokenHash));
}
