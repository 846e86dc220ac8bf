import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { players } from '../../db/schema/index';

/** A user has at most one linked player (unique players.user_id). */
export async function findPlayerOfUser(db: Executor, userId: string) {
  const [row] = await db.select().from(players).where(eq(players.userId, userId)).limit(1);
  return row;
}
