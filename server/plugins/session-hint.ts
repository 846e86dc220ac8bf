import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE, type SessionHint } from '../../common/session-hint';
import type { SessionData } from '../db/schema/index';

const hintOf = (data: SessionData | undefined): SessionHint | null =>
  data?.developer ? 'developer' : data?.userId ? 'user' : null;

/**
 * Keeps SESSION_HINT_COOKIE in step with the request's session as the answer leaves: set at sign-in and on the first
 * answer to a browser whose session predates the hint, cleared at sign-out and once a session has ended. Never on an
 * answer a shared cache may keep (a hashed asset, a sitemap), and an answer that carries it is made private: a cached
 * copy must not hand one visitor's hint to another. The next such answer carries it instead.
 */
export function syncSessionHint(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { secure: boolean; maxAgeSeconds: (data: SessionData) => number },
): void {
  const data = request.session?.data;
  const wanted = hintOf(data);
  if ((request.cookies[SESSION_HINT_COOKIE] ?? null) === wanted) return;
  const cacheControl = String(reply.getHeader('cache-control') ?? '');
  if (/\bpublic\b/.test(cacheControl)) return;
  if (!/\b(private|no-store)\b/.test(cacheControl)) {
    reply.header('cache-control', cacheControl ? `private, ${cacheControl}` : 'private, no-cache');
  }
  const cookieOptions = { path: '/', sameSite: 'lax', secure: options.secure } as const;
  if (wanted && data) {
    reply.setCookie(SESSION_HINT_COOKIE, wanted, { ...cookieOptions, maxAge: options.maxAgeSeconds(data) });
  } else {
    reply.clearCookie(SESSION_HINT_COOKIE, cookieOptions);
  }
}
