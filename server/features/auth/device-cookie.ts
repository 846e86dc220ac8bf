import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../env';
import { hmac, newToken, safeEqual } from '../../lib/tokens';

export const DEVICE_COOKIE = 'pr_device';
/** The production name: `__Host-` makes browsers refuse it unless Secure, Path=/ and without a Domain. */
export const SECURE_DEVICE_COOKIE = '__Host-pr_device';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
// A family or club sharing one browser: the accounts signed in last are remembered, the oldest forgotten.
const MAX_ACCOUNTS = 5;
const MAX_COOKIE_LENGTH = 1000;
const ENTRY = /^([\w-]{22})\.([0-9a-f]{64})$/;

/**
 * Device cookies (decision 005, update 2026-11-27): a browser that has signed in to an account holds an entry
 * `nonce.mac`, the mac an HMAC with SESSION_SECRET over the account and the nonce. The cookie names no account,
 * and an entry vouches only for the account it was made for.
 */
export type DeviceCookies = {
  /** The nonce of this browser's valid entry for `account` (`kind:key`), or undefined. */
  trustedNonce: (request: FastifyRequest, account: string) => string | undefined;
  /** After a sign-in: a fresh entry for `account`, replacing its old one, kept first. */
  remember: (request: FastifyRequest, reply: FastifyReply, account: string) => void;
};

export function deviceCookies(options: { secret: string; secure: boolean }): DeviceCookies {
  const name = options.secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
  const macOf = (account: string, nonce: string) => hmac(options.secret, `device-cookie:${account}:${nonce}`);

  const entriesOf = (request: FastifyRequest) => {
    const value = request.cookies[name];
    if (!value || value.length > MAX_COOKIE_LENGTH) return [];
    return value
      .split('~')
      .slice(0, MAX_ACCOUNTS)
      .flatMap((entry) => {
        const match = ENTRY.exec(entry);
        return match ? [{ entry, nonce: match[1] ?? '', mac: match[2] ?? '' }] : [];
      });
  };
  const trustedEntry = (request: FastifyRequest, account: string) =>
    entriesOf(request).find(({ nonce, mac }) => safeEqual(mac, macOf(account, nonce)));

  return {
    trustedNonce: (request, account) => trustedEntry(request, account)?.nonce,
    remember: (request, reply, account) => {
      const old = trustedEntry(request, account)?.entry;
      const nonce = newToken(16);
      const others = entriesOf(request)
        .map(({ entry }) => entry)
        .filter((entry) => entry !== old);
      const value = [`${nonce}.${macOf(account, nonce)}`, ...others].slice(0, MAX_ACCOUNTS).join('~');
      reply.setCookie(name, value, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secure,
        maxAge: MAX_AGE_SECONDS,
      });
    },
  };
}

/** The app's device cookies: signed with SESSION_SECRET, Secure in production as the session cookie is. */
export const appDeviceCookies = (env: Env) =>
  deviceCookies({ secret: env.SESSION_SECRET, secure: env.NODE_ENV === 'production' });
