import { and, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, type SessionData } from '../../db/schema/index';

export async function findLiveSession(db: Executor, sid: string, now: Date) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, now)))
    .limit(1);
  return row;
}

export async function insertSession(
  db: Executor,
  row: { sid: string; sess: SessionData; expire: Date; userId: string | null },
) {
  await db.insert(sessions).values(row);
}

export async function touchSession(db: Executor, sid: string, expire: Date) {
  await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
}

export async function deleteSession(db: Executor, sid: string) {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

export async function deleteSessionsOfUser(db: Executor, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: Executor, now: Date) {
  await db.delete(sessions).where(lt(sessions.expire, now));
}
