import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { AppError, conflict } from '../../lib/app-error';
import type { LimitStore } from '../../lib/limit-store';
import type { Mailer } from '../../lib/mailer';
import { newToken, sha256 } from '../../lib/tokens';
import { confirmEmailWithToken, setEmailConfirmationToken } from './users.repo';

/** The refusal every action that needs a proven e-mail answers with (decision 006). */
export const EMAIL_UNCONFIRMED = 'Please confirm your e-mail address first';
export const ALREADY_CONFIRMED = 'Your e-mail address is already confirmed';
export const RESEND_TOO_SOON = 'A link was sent less than a minute ago. Please check your inbox, or try again shortly.';

/** A confirmation link is valid a day: long enough to find the mail, short enough to limit a leaked one. */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESEND_INTERVAL_MS = 60 * 1000;
/** Resends per account a day: enough for a lost mail or two, too few to flood the inbox. */
export const RESENDS_PER_DAY = { max: 5, windowMs: 24 * 60 * 60 * 1000 };

export const resendsTodayMessage = (retryAfterMs: number) => {
  const hours = Math.max(1, Math.ceil(retryAfterMs / (60 * 60 * 1000)));
  return `You have asked for ${RESENDS_PER_DAY.max} links today. Please check your inbox and spam folder, or try again in ${hours === 1 ? '1 hour' : `${hours} hours`}.`;
};

/** Where opening the link lands: the client confirms with a toast, or says the link is no good. */
export const CONFIRMED_REDIRECT = '/?emailConfirmed=1';
export const INVALID_LINK_REDIRECT = '/?emailConfirmed=invalid';

export const CONFIRM_EMAIL_PATH = '/api/auth/confirm-email';

export type ConfirmationDeps = { mailer: Mailer; publicUrl: string; log: FastifyBaseLogger };

/**
 * Stores a fresh single-use token (256 bits; only its SHA-256 is kept) and mails its link, built from
 * PUBLIC_URL, never from the request's Host header. Returns the link (shown only with DEMO_MODE).
 */
export async function sendConfirmationLink(
  db: Db,
  deps: ConfirmationDeps,
  user: UserRow,
  minIntervalMs = 0,
): Promise<string> {
  const token = newToken();
  const now = new Date();
  const stored = await setEmailConfirmationToken(db, user.id, {
    hash: sha256(token),
    expires: new Date(now.getTime() + CONFIRMATION_TTL_MS),
    now,
    notSentSince: new Date(now.getTime() - minIntervalMs),
  });
  if (!stored) throw new AppError(429, RESEND_TOO_SOON, 'rate_limited');
  const link = new URL(CONFIRM_EMAIL_PATH, deps.publicUrl);
  link.searchParams.set('token', token);
  void deps.mailer
    .send({
      to: user.email,
      subject: 'Confirm your e-mail address for Pickleball Ratings',
      text: [
        `Hi ${user.firstName ?? 'there'},`,
        '',
        'Please confirm that this is your e-mail address, so you can register your player profile and rate players:',
        link.href,
        '',
        'The link is valid for 24 hours and works once. If you did not sign up, you can ignore this e-mail.',
      ].join('\n'),
    })
    .catch((err: unknown) => deps.log.error({ err }, 'confirmation mail failed'));
  return link.href;
}

/**
 * POST /api/auth/confirm-email/resend: a new link, at most one a minute (the stored sent time, so it holds on
 * every instance) and five a day (the shared limit store). A resend refused as too soon costs nothing of the day.
 */
export async function resendConfirmationLink(
  db: Db,
  deps: ConfirmationDeps & { limitStore: LimitStore },
  user: UserRow,
): Promise<string> {
  if (user.emailVerified) throw conflict(ALREADY_CONFIRMED, 'email_already_confirmed');
  const dayKey = `confirm-email:resend:${user.id}`;
  const today = await deps.limitStore.take([{ key: dayKey, ...RESENDS_PER_DAY }]);
  if (!today.allowed) throw new AppError(429, resendsTodayMessage(today.retryAfterMs), 'rate_limited');
  try {
    return await sendConfirmationLink(db, deps, user, RESEND_INTERVAL_MS);
  } catch (error) {
    await deps.limitStore.refund([dayKey]);
    throw error;
  }
}

/** GET of the mailed link: the id of the user whose e-mail it confirmed, or null (invalid, used or expired). */
export async function confirmEmail(db: Db, token: string | undefined): Promise<string | null> {
  if (!token || token.length > 200) return null;
  return (await confirmEmailWithToken(db, sha256(token), new Date()))?.id ?? null;
}
