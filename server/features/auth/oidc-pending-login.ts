import { z } from 'zod';
import { hmac, safeEqual } from '../../lib/tokens';

/**
 * What the callback needs to finish a sign-in that began in this browser. It rides in a short-lived,
 * HttpOnly, HMAC-signed cookie scoped to the callback path, so no server state exists before sign-in.
 */
export const PENDING_LOGIN_COOKIE = 'pr_oidc';
export const PENDING_LOGIN_PATH = '/api/callback';
/** Time to pass Google's sign-in and consent screens. */
export const PENDING_LOGIN_TTL_MS = 10 * 60 * 1000;

const pendingLoginSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(1),
  returnTo: z.string(),
  expiresAt: z.number(),
});
export type PendingLogin = z.infer<typeof pendingLoginSchema>;

const signatureOf = (secret: string, payload: string) => hmac(secret, `oidc-pending-login:${payload}`);

export function sealPendingLogin(secret: string, pending: PendingLogin): string {
  const payload = Buffer.from(JSON.stringify(pending)).toString('base64url');
  return `${payload}.${signatureOf(secret, payload)}`;
}

/** The pending login, or null when the cookie is absent, forged, malformed or expired. */
export function openPendingLogin(secret: string, cookie: string | undefined, now = Date.now()): PendingLogin | null {
  if (!cookie || cookie.length > 2000) return null;
  const [payload, signature, ...rest] = cookie.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  if (!safeEqual(signature, signatureOf(secret, payload))) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const result = pendingLoginSchema.safeParse(parsed);
  if (!result.success || result.data.expiresAt < now) return null;
  return result.data;
}
