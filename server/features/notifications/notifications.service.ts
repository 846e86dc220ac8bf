import type { Executor } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/page-cursor';
import { NOTIFICATION_KINDS, NOTIFICATION_KIND_LABELS, type NotificationKind } from '../../../common/community';
import type {
  EmailPreferences,
  EmailPreferencesBody,
  MarkReadBody,
  NotificationsReply,
  UnsubscribeReply,
} from '../../../common/schemas/notifications';
import {
  addOptOuts,
  countUnread,
  insertNotices,
  listNotices,
  markNoticesRead,
  optedOutKinds,
  removeOptOuts,
  userExists,
  type NewNotice,
} from './notifications.repo';
import { wakeOutbox } from './outbox-wake';
import { readUnsubscribeToken } from './unsubscribe-token';

export type { NewNotice } from './notifications.repo';

/**
 * Tells people something (docs/product.md#notifications): the notice shows under their bell at once and is sent by
 * e-mail by the outbox sender, unless they switched its kind off. Call it on the transaction of the change it tells
 * about, so a notice exists exactly when the change committed.
 */
export async function notify(db: Executor, ...notices: NewNotice[]): Promise<number> {
  const inserted = await insertNotices(db, notices);
  if (inserted > 0) wakeOutbox();
  return inserted;
}

/** The caller's notices, newest first, a page at a time, with how many are unread. */
export async function listNotifications(
  db: Executor,
  userId: string,
  query: { limit: number; cursor?: string },
): Promise<NotificationsReply> {
  const after = decodeCursor(query.cursor);
  const rows = await listNotices(db, userId, query.limit + 1, after?.id);
  const items = rows.slice(0, query.limit);
  const last = items[items.length - 1];
  return {
    items: items.map((row) => ({
      ...row,
      link: row.link ?? null,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt ? row.readAt.toISOString() : null,
    })),
    unreadCount: await countUnread(db, userId),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ key: last.id, id: last.id }) : null,
  };
}

/** Marks the given notices of the caller read (all when none are given); another person's ids change nothing. */
export async function markRead(db: Executor, userId: string, body: MarkReadBody): Promise<{ unreadCount: number }> {
  await markNoticesRead(db, userId, body.ids);
  return { unreadCount: await countUnread(db, userId) };
}

export async function getEmailPreferences(db: Executor, userId: string): Promise<EmailPreferences> {
  const off = new Set(await optedOutKinds(db, userId));
  return {
    emails: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)])) as EmailPreferences['emails'],
  };
}

export async function setEmailPreferences(
  db: Executor,
  userId: string,
  body: EmailPreferencesBody,
): Promise<EmailPreferences> {
  const given = NOTIFICATION_KINDS.filter((kind) => body.emails[kind] !== undefined);
  await addOptOuts(
    db,
    userId,
    given.filter((kind) => body.emails[kind] === false),
  );
  await removeOptOuts(
    db,
    userId,
    given.filter((kind) => body.emails[kind] === true),
  );
  return getEmailPreferences(db, userId);
}

function targetOf(secret: string, token: string) {
  const target = readUnsubscribeToken(secret, token);
  if (!target) throw badRequest('This unsubscribe link is not valid', 'unsubscribe_token_invalid');
  return target;
}

async function unsubscribeReply(db: Executor, userId: string, kind: NotificationKind): Promise<UnsubscribeReply> {
  const off = await optedOutKinds(db, userId);
  return { kind, label: NOTIFICATION_KIND_LABELS[kind], unsubscribed: off.includes(kind) };
}

/** What an unsubscribe link would switch off; changes nothing (mail scanners open links). */
export async function readUnsubscribe(db: Executor, secret: string, token: string): Promise<UnsubscribeReply> {
  const { userId, kind } = targetOf(secret, token);
  if (!(await userExists(db, userId))) throw notFound('This account no longer exists', 'user_not_found');
  return unsubscribeReply(db, userId, kind);
}

/** Switches off the kind of e-mail the link names, for the person it names, without a session (RFC 8058). */
export async function unsubscribe(db: Executor, secret: string, token: string): Promise<UnsubscribeReply> {
  const { userId, kind } = targetOf(secret, token);
  if (!(await userExists(db, userId))) throw notFound('This account no longer exists', 'user_not_found');
  await addOptOuts(db, userId, [kind]);
  return unsubscribeReply(db, userId, kind);
}
