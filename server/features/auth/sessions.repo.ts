import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sessions, users, type SessionData } from '../../db/schema/index';

/*
 * Every signed-in request starts here, so it is one prepared round trip: the live session and the
 * user it acts as (sessions.user_id is that user for both user and developer sessions).
 */
const liveSessionQuery = preparedQuery('sessions_live_with_user', (db) =>
  db
    .select({ sess: sessions.sess, expire: sessions.expire, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('now')))),
);

/** The live session with its user (null when the session has none, or the user row is gone). */
export async function findLiveSession(db: Db, sid: string, now: Date) {
  const [row] = await liveSessionQuery.run(db, { sid, now });
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
