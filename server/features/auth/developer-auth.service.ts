import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import type { DevUser } from '../../env';
import { AppError, unauthorized } from '../../lib/app-error';
import { safeEqual } from '../../lib/tokens';
import { findUserByEmail, insertUserIfAbsent } from './users.repo';

/** docs/product.md#messages: the client maps this code to 'Invalid Credentials: …'. */
export const DEV_INVALID_CREDENTIALS = 'invalid_credentials';

/** Where developers' acting accounts live: a reserved domain nobody can register mail at. */
export const DEVELOPER_EMAIL_DOMAIN = 'developers.pickleball-ratings.local';

/**
 * Checks DEV_USERS in constant time: every entry is compared, id and password both, with no early exit,
 * so the answer time says nothing about which ids exist.
 */
export function authenticateDeveloper(devUsers: DevUser[], userId: string, password: string): DevUser {
  let match: DevUser | undefined;
  for (const candidate of devUsers) {
    const idMatches = safeEqual(candidate.userId, userId);
    const passwordMatches = safeEqual(candidate.password, password);
    if (idMatches && passwordMatches) match = candidate;
  }
  if (!match) throw unauthorized(DEV_INVALID_CREDENTIALS, 'invalid_credentials');
  return match;
}

/** Whether an e-mail is in the domain developers act with, which no other account may use. */
export const isDeveloperEmail = (email: string) => email.trim().toLowerCase().endsWith(`@${DEVELOPER_EMAIL_DOMAIN}`);

export const ACTING_USER_TAKEN = 'This developer account cannot sign in: its e-mail belongs to another account';

/**
 * docs/product.md#roles: a developer acts with a developer e-mail; the row gives ratings and stats a user to belong to. Its
 * e-mail counts as confirmed by configuration. A row at that e-mail that is not a developer's (registered
 * before that domain was reserved) never becomes the developer's acting user.
 */
export async function ensureActingUser(db: Db, developer: DevUser): Promise<UserRow> {
  const email = `${developer.userId}@${DEVELOPER_EMAIL_DOMAIN}`;
  const existing = await findUserByEmail(db, email);
  const created = existing
    ? undefined
    : await insertUserIfAbsent(db, {
        email,
        authProvider: 'developer',
        firstName: developer.userId,
        emailVerified: true,
      });
  // Two first sign-ins at once: the other one inserted it.
  const user = existing ?? created ?? (await findUserByEmail(db, email));
  if (!user) throw new Error(`acting user for developer ${developer.userId} could not be created`);
  if (user.authProvider !== 'developer') throw new AppError(409, ACTING_USER_TAKEN, 'developer_email_taken');
  return user;
}
