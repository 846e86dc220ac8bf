import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/session';
import type { TestApp } from '../../test/test-app';

// Test helpers for the auth tests.

let counter = 0;
const next = () => (counter += 1);

/** A client address of its own, so per-IP rate limits of one test do not spill into another. */
export function freshIp(): string {
  const n = next() + Math.floor(Math.random() * 1000) * 1000;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${next()}@example.com`;

/** The `Cookie` header value for the session cookie a response set, or undefined. */
export function sessionCookieOf(res: LightMyRequestResponse): string | undefined {
  const value = res.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
  return value ? `${SESSION_COOKIE}=${value}` : undefined;
}

export const GOOD_PASSWORD = 'Correct-Horse-9';

/** The confirmation link last mailed to `email` (the in-memory mailer of the test app). */
export function confirmationLinkMailedTo(sentMail: { to: string; text: string }[], email: string): URL {
  const mail = [...sentMail].reverse().find((m) => m.to === email && m.text.includes('/api/auth/confirm-email'));
  const link = /https?:\/\/\S+\/api\/auth\/confirm-email\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no confirmation link mailed to ${email}`);
  return new URL(link);
}

/**
 * Signs a password account up through POST /api/auth/register and, unless told not to, confirms its e-mail the
 * way its owner does: by opening the mailed link. Returns the session cookie and the user's id.
 */
export async function signUpWithPassword(
  t: TestApp,
  options: { email?: string; confirm?: boolean; firstName?: string; lastName?: string } = {},
): Promise<{ email: string; cookie: string; id: string; res: LightMyRequestResponse }> {
  const email = options.email ?? uniqueEmail('signup');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: freshIp(),
    payload: {
      email,
      password: GOOD_PASSWORD,
      firstName: options.firstName ?? 'Sam',
      lastName: options.lastName ?? 'Signup',
    },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.payload}`);
  if (options.confirm !== false) {
    const link = confirmationLinkMailedTo(t.sentMail, email);
    const opened = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      remoteAddress: freshIp(),
    });
    if (opened.headers.location !== '/?emailConfirmed=1') throw new Error(`confirmation failed for ${email}`);
  }
  return { email, cookie: sessionCookieOf(res) ?? '', id: res.json<{ id: string }>().id, res };
}
