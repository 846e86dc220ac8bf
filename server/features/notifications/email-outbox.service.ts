import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import type { Mail, Mailer } from '../../lib/mailer';
import { NOTIFICATION_KIND_LABELS } from '../../../common/community';
import { claimNextEmail, markEmailDone, type ClaimedEmail } from './email-outbox.repo';
import { unsubscribeToken } from './unsubscribe-token';

export type OutboxDeps = { db: Executor; mailer: Mailer; publicUrl: string; secret: string; log: FastifyBaseLogger };

/** The most e-mails one run sends; the next run (or wake) goes on. */
const MAX_PER_RUN = 500;

/** The e-mail of a notice: its text, a link into the app, and the unsubscribe link in the body and the headers. */
export function noticeEmail(notice: ClaimedEmail, publicUrl: string, secret: string): Mail {
  const base = publicUrl.replace(/\/$/, '');
  const token = unsubscribeToken(secret, { userId: notice.userId, kind: notice.kind });
  const pageLink = `${base}/unsubscribe?token=${token}`;
  const oneClick = `${base}/api/notifications/unsubscribe?token=${token}`;
  const lines = [
    notice.firstName ? `Hello ${notice.firstName},` : 'Hello,',
    '',
    notice.body,
    ...(notice.link ? ['', `Open it: ${base}${notice.link}`] : []),
    '',
    '--',
    `You get this e-mail because "${NOTIFICATION_KIND_LABELS[notice.kind]}" e-mails are on.`,
    `Unsubscribe from these e-mails: ${pageLink}`,
    `All e-mail settings: ${base}/account`,
  ];
  return {
    to: notice.email,
    subject: notice.title,
    text: lines.join('\n'),
    // RFC 8058: a mail client's unsubscribe button posts "List-Unsubscribe=One-Click" to this address.
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Sends the pending notices' e-mails, oldest first (docs/product.md#notifications). Each is marked 'sending' in a
 * committed statement before its send, so a crash between the send and the 'sent' mark leaves it 'sending': at most
 * one e-mail per notice, never two. Answers how many were sent.
 */
export async function sendPendingEmails(deps: OutboxDeps): Promise<number> {
  let sent = 0;
  for (let i = 0; i < MAX_PER_RUN; i += 1) {
    const claimed = await claimNextEmail(deps.db);
    if (!claimed) break;
    if (claimed.status === 'skipped') continue;
    try {
      await deps.mailer.send(noticeEmail(claimed.email, deps.publicUrl, deps.secret));
    } catch (err) {
      deps.log.warn({ err, notificationId: claimed.email.id }, 'a notification e-mail failed; it is not retried');
      await markEmailDone(deps.db, claimed.email.id, 'failed');
      continue;
    }
    await markEmailDone(deps.db, claimed.email.id, 'sent');
    sent += 1;
  }
  return sent;
}
