import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../community';
import { idSchema } from './shared';

/** docs/product.md#notifications: the bell's list and the e-mail switches. */
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationsQuerySchema = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be 1-50')
    .max(50, 'limit must be 1-50')
    .default(NOTIFICATIONS_PAGE_SIZE),
  cursor: z.string().max(200, 'Invalid cursor').optional(),
});

export const noticeSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** A path in the app, or null. */
  link: z.string().nullable(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const notificationsReplySchema = z.object({
  items: z.array(noticeSchema),
  unreadCount: z.number().int(),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationsReply = z.infer<typeof notificationsReplySchema>;

export const markReadBodySchema = z.strictObject({
  /** The notices to mark read; none marks all of one's notices read. */
  ids: z.array(idSchema).min(1).max(100).optional(),
});
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

export const unreadCountReplySchema = z.object({ unreadCount: z.number().int() });

/** Each kind of e-mail on (true) or switched off (false). */
export const emailPreferencesSchema = z.object({
  emails: z.record(notificationKindSchema, z.boolean()),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** Some kinds switched on or off; the kinds left out keep their setting. */
export const emailPreferencesBodySchema = z.strictObject({
  emails: z.partialRecord(notificationKindSchema, z.boolean()),
});
export type EmailPreferencesBody = z.infer<typeof emailPreferencesBodySchema>;

/** The signed token of an unsubscribe link (docs/product.md#notifications); a form body is read but not needed. */
export const unsubscribeQuerySchema = z.strictObject({
  token: z.string().min(1, 'Invalid unsubscribe link').max(300, 'Invalid unsubscribe link'),
});

export const unsubscribeReplySchema = z.object({
  kind: notificationKindSchema,
  /** What the link switches off, in words. */
  label: z.string(),
  /** Whether that kind of e-mail is already off. */
  unsubscribed: z.boolean(),
});
export type UnsubscribeReply = z.infer<typeof unsubscribeReplySchema>;
