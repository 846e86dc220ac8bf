import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailOptOuts, notifications, users } from '../../db/schema/index';
import type { NotificationKind } from '../../../common/community';

export type NewNotice = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link?: string | null;
  /** One notice per key and person: a second insert with the same key is dropped. */
  dedupeKey?: string | null;
};

/** Inserts the notices; answers how many were new (a notice whose key the person already has is skipped). */
export async function insertNotices(db: Executor, notices: NewNotice[]): Promise<number> {
  if (notices.length === 0) return 0;
  const inserted = await db
    .insert(notifications)
    .values(notices.map((notice) => ({ ...notice, link: notice.link ?? null, dedupeKey: notice.dedupeKey ?? null })))
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ id: notifications.id });
  return inserted.length;
}

/** One person's notices, newest first, after the cursor's id. */
export async function listNotices(db: Executor, userId: string, limit: number, beforeId: number | undefined) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(
      beforeId === undefined
        ? eq(notifications.userId, userId)
        : and(eq(notifications.userId, userId), lt(notifications.id, beforeId)),
    )
    .orderBy(desc(notifications.id))
    .limit(limit);
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** Marks the person's unread notices read: the given ids among them, or all. Others' ids are left alone. */
export async function markNoticesRead(db: Executor, userId: string, ids: number[] | undefined): Promise<void> {
  const own = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(ids ? and(own, inArray(notifications.id, ids)) : own);
}

export async function optedOutKinds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.select({ kind: emailOptOuts.kind }).from(emailOptOuts).where(eq(emailOptOuts.userId, userId));
  return rows.map((row) => row.kind);
}

export async function addOptOuts(db: Executor, userId: string, kinds: NotificationKind[]): Promise<void> {
  if (kinds.length === 0) return;
  await db
    .insert(emailOptOuts)
    .values(kinds.map((kind) => ({ userId, kind })))
    .onConflictDoNothing();
}

export async function removeOptOuts(db: Executor, userId: string, kinds: NotificationKind[]): Promise<void> {
  if (kinds.length === 0) return;
  await db.delete(emailOptOuts).where(and(eq(emailOptOuts.userId, userId), inArray(emailOptOuts.kind, kinds)));
}

/** Whether the account still exists (an unsubscribe link outlives an erased account). */
export async function userExists(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined;
}
