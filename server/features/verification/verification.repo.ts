import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { players } from '../../db/schema/index';

/** A fresh code (hashed) for a still unverified player; any earlier code and its wrong tries are forgotten. */
export async function storeVerificationCode(db: Executor, playerId: number, codeHash: string, expires: Date) {
  const [row] = await db
    .update(players)
    .set({ verificationToken: codeHash, verificationExpires: expires, verificationAttempts: 0 })
    .where(and(eq(players.id, playerId), eq(players.isVerified, false)))
    .returning({ id: players.id });
  return row;
}

export async function countWrongAttempt(tx: Executor, playerId: number) {
  await tx
    .update(players)
    .set({ verificationAttempts: sql`${players.verificationAttempts} + 1` })
    .where(eq(players.id, playerId));
}

/** Verified, the code spent, and linked to userId when one is given. */
export async function markVerified(tx: Executor, playerId: number, userId: string | null) {
  const [row] = await tx
    .update(players)
    .set({
      isVerified: true,
      verificationToken: null,
      verificationExpires: null,
      verificationAttempts: 0,
      ...(userId ? { userId } : {}),
    })
    .where(eq(players.id, playerId))
    .returning();
  return row;
}
