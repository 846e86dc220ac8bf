import type { Executor } from '../../db/client';
import { notifications } from '../../db/schema/index';
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

