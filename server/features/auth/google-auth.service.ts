import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { isDeveloperEmail } from './developer-auth.service';
import type { OidcIdentity } from './oidc-client';
import { deleteSessionsOfUser } from './sessions.repo';
import { findUserByEmail, findUserByGoogleId, insertUserIfAbsent, updateUser } from './users.repo';

export function googleConfigured(env: Pick<Env, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET'>): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

/**
 * Finds, links or creates the user for a Google identity (docs/product.md#accounts-and-sign-in): first by Google subject, then by
 * VERIFIED e-mail; an unverified e-mail never links to anyone.
 */
export async function signInWithGoogle(db: Db, identity: OidcIdentity): Promise<UserRow> {
  if (!identity.email || !identity.emailVerified) {
    throw new AppError(403, 'The Google account has no verified e-mail address', 'google_email_unverified');
  }
  const email = identity.email;
  // The domain developers act with is reserved: no outside account may hold an e-mail there.
  if (isDeveloperEmail(email))
    throw new AppError(403, 'Developer accounts cannot use Google', 'google_not_for_developers');
  return db.transaction(async (tx) => {
    const known = await findUserByGoogleId(tx, identity.sub);
    if (known) return known;

    const sameEmail = await findUserByEmail(tx, email);
    if (sameEmail) {
      if (sameEmail.authProvider === 'developer')
        throw new AppError(403, 'Developer accounts cannot use Google', 'google_not_for_developers');
      if (sameEmail.googleId)
        throw new AppError(409, 'This e-mail is linked to another Google account', 'google_account_conflict');
      const takeover = !sameEmail.emailVerified;
      const linked = await updateUser(tx, sameEmail.id, {
        googleId: identity.sub,
        emailVerified: true,
        firstName: sameEmail.firstName ?? identity.givenName,
        lastName: sameEmail.lastName ?? identity.familyName,
        profileImageUrl: sameEmail.profileImageUrl ?? identity.picture,
        // Whoever registered this e-mail with a password never proved it was theirs; the Google account
        // owner just did. Their password and sessions go, so a squatter cannot keep a way in.
        ...(takeover
          ? { authProvider: 'google', passwordHash: null, passwordResetToken: null, passwordResetExpires: null }
          : {}),
      });
      if (takeover) await deleteSessionsOfUser(tx, sameEmail.id);
      if (!linked) throw new Error('linked user vanished');
      return linked;
    }

    const created = await insertUserIfAbsent(tx, {
      email,
      authProvider: 'google',
      googleId: identity.sub,
      emailVerified: true,
      firstName: identity.givenName,
      lastName: identity.familyName,
      profileImageUrl: identity.picture,
    });
    if (!created)
      throw new AppError(
        409,
        'This account was created at the same moment; please try again',
        'account_created_concurrently',
      );
    return created;
  });
}
