import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/password';
import { newToken, sha256 } from '../../lib/tokens';
import { isDeveloperEmail } from './developer-auth.service';
import { deleteSessionsOfUser } from './sessions.repo';
import {
  findUserByEmail,
  findUserByLiveResetToken,
  insertUserIfAbsent,
  resetPasswordWithToken,
  setPasswordResetToken,
} from './users.repo';

export const INVALID_LOGIN = 'Invalid email or password';
export const EMAIL_TAKEN = 'Email already registered';
export const RESERVED_EMAIL_DOMAIN = 'This e-mail domain is reserved. Please use your own e-mail address.';
export const RESET_REQUESTED =
  'If an account exists for that email, we have sent a link to reset its password. The link is valid for 30 minutes.';
export const RESET_TOKEN_INVALID = 'This reset link is invalid or has expired. Please request a new one.';
export const RESET_DONE = 'Your password has been reset. Please sign in with your new password.';

/** docs/product.md#accounts-and-sign-in: a reset link is valid 30 minutes. */
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

export async function registerWithPassword(
  db: Db,
  input: { email: string; password: string; firstName: string; lastName: string },
): Promise<UserRow> {
  if (isDeveloperEmail(input.email)) throw badRequest(RESERVED_EMAIL_DOMAIN, 'reserved_email_domain');
  if (await findUserByEmail(db, input.email)) throw conflict(EMAIL_TAKEN, 'email_taken');
  const passwordHash = await hashPassword(input.password);
  const user = await insertUserIfAbsent(db, {
    email: input.email,
    authProvider: 'password',
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash,
  });
  // Two registrations racing for one e-mail: the database's unique index decides.
  if (!user) throw conflict(EMAIL_TAKEN, 'email_taken');
  return user;
}

/**
 * The same answer, after the same argon2 work, whether the e-mail is unknown, has no password
 * (Google and developer accounts) or the password is wrong (docs/product.md#accounts-and-sign-in).
 */
export async function loginWithPassword(db: Db, input: { email: string; password: string }): Promise<UserRow> {
  const user = await findUserByEmail(db, input.email);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) throw unauthorized(INVALID_LOGIN, 'invalid_credentials');
  return user;
}

/**
 * Stores a fresh reset token (hashed) and mails its link. Answers the same for unknown e-mails; the mail
 * goes out after the reply so SMTP latency does not tell the two apart.
 */
export async function requestPasswordReset(
  db: Db,
  deps: { mailer: Mailer; publicUrl: string; log: FastifyBaseLogger },
  email: string,
): Promise<void> {
  const user = await findUserByEmail(db, email);
  // Developer acting accounts live at a domain nobody reads; they sign in only through DEV_USERS.
  if (!user || user.authProvider === 'developer') return;
  const token = newToken();
  await setPasswordResetToken(db, user.id, sha256(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
  // Built from PUBLIC_URL, never from the request's Host header, so a forged Host cannot redirect the link.
  const link = new URL('/reset-password', deps.publicUrl);
  link.searchParams.set('token', token);
  void deps.mailer
    .send({
      to: user.email,
      subject: 'Reset your Pickleball Ratings password',
      text: [
        'Someone (hopefully you) asked to reset the password of your Pickleball Ratings account.',
        '',
        `Choose a new password here (valid for 30 minutes, usable once): ${link.href}`,
        '',
        'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
      ].join('\n'),
    })
    .catch((err: unknown) => deps.log.error({ err }, 'password reset mail failed'));
}

/** Spends a reset token: new password, token gone, every session of the user ended (docs/product.md#accounts-and-sign-in). */
/** Returns the id of the user whose sessions were ended. */
export async function resetPassword(db: Db, input: { token: string; password: string }): Promise<string> {
  // The token is looked up by its SHA-256: the database compares digests, which reveals nothing about the token.
  const tokenHash = sha256(input.token);
  const user = await findUserByLiveResetToken(db, tokenHash, new Date());
  if (!user) throw badRequest(RESET_TOKEN_INVALID, 'reset_token_invalid');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const updated = await resetPasswordWithToken(tx, user.id, tokenHash, passwordHash);
    if (!updated) throw new AppError(400, RESET_TOKEN_INVALID, 'reset_token_invalid');
    await deleteSessionsOfUser(tx, user.id);
  });
  return user.id;
}
