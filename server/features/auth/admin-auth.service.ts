import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { unauthorized } from '../../lib/app-error';
import { newToken, safeEqual, sha256 } from '../../lib/tokens';
import { deleteAdminToken, deleteExpiredAdminTokens, findLiveAdminToken, insertAdminToken } from './admin-tokens.repo';

/** docs/product.md#messages: 'Login Failed' / 'Invalid credentials.' */
export const ADMIN_INVALID_CREDENTIALS = 'Invalid credentials.';

/** A working day: the browser keeps the token in local storage (docs/product.md#admin-login), so it must not live for long. */
export const ADMIN_TOKEN_TTL_MS = 8 * 60 * 60 * 1000;

// Compared against when no admin is configured, so that case costs the same as a wrong key.
const UNCONFIGURED = newToken();

/**
 * Checks ADMIN_EMAIL and ADMIN_KEY, both in constant time and both always, then hands out a random token
 * of which only the SHA-256 is stored.
 */
export async function loginAdmin(
  db: Db,
  env: Pick<Env, 'ADMIN_EMAIL' | 'ADMIN_KEY'>,
  input: { email: string; adminKey: string },
): Promise<{ token: string; adminEmail: string }> {
  const emailMatches = safeEqual(input.email.toLowerCase(), (env.ADMIN_EMAIL ?? UNCONFIGURED).toLowerCase());
  const keyMatches = safeEqual(input.adminKey, env.ADMIN_KEY ?? UNCONFIGURED);
  if (!env.ADMIN_EMAIL || !env.ADMIN_KEY || !emailMatches || !keyMatches) {
    throw unauthorized(ADMIN_INVALID_CREDENTIALS, 'invalid_credentials');
  }
  const now = Date.now();
  await deleteExpiredAdminTokens(db, new Date(now));
  const token = newToken();
  await insertAdminToken(db, {
    tokenHash: sha256(token),
    email: env.ADMIN_EMAIL,
    expiresAt: new Date(now + ADMIN_TOKEN_TTL_MS),
  });
  return { token, adminEmail: env.ADMIN_EMAIL };
}

export async function logoutAdmin(db: Db, token: string | undefined): Promise<void> {
  if (token) await deleteAdminToken(db, sha256(token));
}

/** The admin e-mail a live token was issued to when it is the e-mail the caller gives with it; else null. */
export async function adminEmailOfToken(db: Db, claimedEmail: string, token: string): Promise<string | null> {
  const row = await findLiveAdminToken(db, sha256(token), new Date());
  if (!row || !safeEqual(row.email.toLowerCase(), claimedEmail.toLowerCase())) return null;
  return row.email;
}
