import { NOTIFICATION_KINDS, type NotificationKind } from '../../../common/community';
import { hmac, safeEqual } from '../../lib/tokens';

/** Keeps this signature apart from every other HMAC made with the same secret. */
const PURPOSE = 'email-unsubscribe:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type UnsubscribeTarget = { userId: string; kind: NotificationKind };

/**
 * The token of an unsubscribe link: the person and the kind, signed with the app's secret, so the link works
 * without signing in and cannot be altered to switch off someone else's e-mail (docs/product.md#notifications).
 */
export function unsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  const payload = Buffer.from(`${target.userId}:${target.kind}`).toString('base64url');
  return `${payload}.${hmac(secret, PURPOSE + payload)}`;
}

/** The target of a token this server made, or null for anything else. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  if (!safeEqual(signature, hmac(secret, PURPOSE + payload))) return null;
  const [userId, kind, ...more] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  if (more.length > 0 || !UUID.test(userId ?? '')) return null;
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind ?? '')) return null;
  return { userId, kind: kind as NotificationKind };
}
