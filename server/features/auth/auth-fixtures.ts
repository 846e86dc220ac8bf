import type { LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '../../plugins/session';

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
