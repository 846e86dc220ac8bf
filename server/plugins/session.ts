import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client';
import type { SessionData, UserRow } from '../db/schema/index';
import {
  deleteSession,
  findLiveSession,
  insertSession,
  purgeExpiredSessions,
  touchSession,
} from '../features/auth/sessions.service';
import { schedulePeriodicJob } from '../lib/periodic-job';
import type { ClusterEvents } from '../lib/cluster-events';
import { hmac, newToken } from '../lib/tokens';
import { syncSessionHint } from './session-hint';

export const SESSION_COOKIE = 'pr_session';
/**
 * The name in production: a `__Host-` cookie is only accepted by browsers when Secure, Path=/ and without a
 * Domain, so a sibling subdomain or a plain-http page cannot plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = '__Host-pr_session';
export const sessionCookieName = (secure: boolean) => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
/** A Cookie header that carries a session cookie (its visitor is probably signed in), read without the session. */
export const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*(?:${SESSION_COOKIE}|${SECURE_SESSION_COOKIE})=`);
/** A session unused this long ends (sliding: each use pushes the row's expire forward). */
export const IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** A session ends this long after sign-in however often it is used. */
export const ABSOLUTE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
// Sliding expiry is written at most this often, so reads do not each cost a write.
export const TOUCH_AFTER_MS = 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** `user`: the user the session acts as, read with the session (undefined for a session issued in this request). */
export type ActiveSession = { sid: string; data: SessionData; user?: UserRow | null };

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
  }
  interface FastifyInstance {
    /** Signs in: always a fresh session id, the old row deleted (no fixation). */
    startSession: (request: FastifyRequest, reply: FastifyReply, data: Omit<SessionData, 'createdAt'>) => Promise<void>;
    endSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** A new id for the current session (same data, same absolute deadline); no-op when signed out. */
    rotateSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Drops every instance's cached sessions of a user whose sessions were just changed in the database. */
    forgetSessionsOfUser: (userId: string) => void;
  }
}

type SessionOptions = { db: Db; secret: string; secure: boolean; cacheMs: number; events: ClusterEvents };

/** What one instance tells the others when sessions end, so none keeps serving one from its cache. */
const endedSession = (sid: string) => `session-ended:${sid}`;
const endedSessionsOfUser = (userId: string) => `user-sessions-ended:${userId}`;

type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/*
 * Live sessions (with their user) are reused for cacheMs, so a signed-in request costs one database
 * round trip, not two (see the bench). An instance that ends sessions (sign-out, rotation, password
 * reset, an account taken over, an e-mail confirmed) tells every other instance through the cluster
 * events, and they drop their copies at once. While this instance cannot hear those events, it reads
 * every session from the database instead of trusting its cache.
 */
function sessionStore(app: FastifyInstance, { db, cacheMs, events }: SessionOptions) {
  const cache = cacheMs > 0 ? new LRUCache<string, LiveSession>({ max: 10_000, ttl: cacheMs }) : null;
  const forgetUserLocally = (userId: string) => {
    if (!cache) return;
    for (const [sid, row] of cache.entries()) if (row.user?.id === userId) cache.delete(sid);
  };
  events.subscribe((message) => {
    const [kind, id = ''] = message.split(/:(.*)/s);
    if (kind === 'session-ended') cache?.delete(id);
    if (kind === 'user-sessions-ended') forgetUserLocally(id);
  });
  events.onReconnect(() => cache?.clear());
  const tell = (message: string) =>
    events.publish(message).catch((err: unknown) => app.log.warn({ err }, 'could not tell the other instances'));

  const lookUp = async (sid: string, now: number) => {
    const usable = cache && events.connected() ? cache : null;
    const cached = usable?.get(sid);
    if (cached) return cached.expire.getTime() > now ? cached : undefined;
    const row = await findLiveSession(db, sid, new Date(now));
    if (row) cache?.set(sid, row);
    return row;
  };
  const forget = async (sid: string) => {
    cache?.delete(sid);
    await deleteSession(db, sid);
    await tell(endedSession(sid));
  };
  const forgetUser = (userId: string) => {
    forgetUserLocally(userId);
    void tell(endedSessionsOfUser(userId));
  };
  return { lookUp, forget, forgetUser };
}

/** Expired rows are deleted hourly, and once when the app is ready. */
function schedulePurge(app: FastifyInstance, db: Db) {
  schedulePeriodicJob(app, {
    name: 'session-purge',
    everyMs: PURGE_EVERY_MS,
    run: () => purgeExpiredSessions(db, new Date()),
    failureMessage: 'session purge failed',
  });
}

export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionOptions) => {
  const { db, secret, secure } = options;
  const { lookUp, forget, forgetUser } = sessionStore(app, options);
  const sidOf = (token: string) => hmac(secret, token);
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
  const cookieName = sessionCookieName(secure);
  const secondsLeft = (sess: SessionData) =>
    Math.max(0, Math.floor((sess.createdAt + ABSOLUTE_TIMEOUT_MS - Date.now()) / 1000));

  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[cookieName];
    if (!token || token.length > 100) return;
    const sid = sidOf(token);
    const now = Date.now();
    const row = await lookUp(sid, now);
    if (!row) return;
    if (now - row.sess.createdAt > ABSOLUTE_TIMEOUT_MS) {
      await forget(sid);
      return;
    }
    request.session = { sid, data: row.sess, user: row.user };
    if (row.expire.getTime() - now < IDLE_TIMEOUT_MS - TOUCH_AFTER_MS) {
      const expire = new Date(now + IDLE_TIMEOUT_MS);
      await touchSession(db, sid, expire);
      row.expire = expire;
    }
  });

  const issue = async (request: FastifyRequest, reply: FastifyReply, sess: SessionData) => {
    if (request.session) await forget(request.session.sid);
    const token = newToken();
    const userId = sess.userId ?? sess.developer?.actingUserId ?? null;
    await insertSession(db, { sid: sidOf(token), sess, expire: new Date(Date.now() + IDLE_TIMEOUT_MS), userId });
    request.session = { sid: sidOf(token), data: sess };
    reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: secondsLeft(sess) });
  };

  app.decorate(
    'startSession',
    async (request: FastifyRequest, reply: FastifyReply, data: Omit<SessionData, 'createdAt'>) =>
      issue(request, reply, { ...data, createdAt: Date.now() }),
  );

  app.decorate('rotateSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session) await issue(request, reply, request.session.data);
  });

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session) await forget(request.session.sid);
    request.session = null;
    reply.clearCookie(cookieName, cookieOptions);
  });

  app.decorate('forgetSessionsOfUser', forgetUser);

  // An answer for a signed-in caller or an admin is theirs alone: no browser or shared cache may keep it.
  app.addHook('onSend', async (request, reply) => {
    if (reply.hasHeader('cache-control') || !request.url.startsWith('/api/')) return;
    if (request.session || request.headers['x-admin-token'] !== undefined) reply.header('cache-control', 'no-store');
  });
  // Whether a session is held, readable by the app, so it asks no user lookup without one (common/session-hint.ts).
  app.addHook('onSend', async (request, reply) =>
    syncSessionHint(request, reply, { secure, maxAgeSeconds: secondsLeft }),
  );

  schedulePurge(app, db);
});
