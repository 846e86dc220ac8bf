import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { SessionData } from '../db/schema/index';
import {
  deleteSession,
  findLiveSession,
  insertSession,
  purgeExpiredSessions,
  touchSession,
} from '../features/auth/sessions.repo';
import { hmac, newToken } from '../lib/tokens';

export const SESSION_COOKIE = 'pr_session';
const IDLE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
const ABSOLUTE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
// Sliding expiry is written at most this often, so reads do not each cost a write.
const TOUCH_AFTER_MS = 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

export type ActiveSession = { sid: string; data: SessionData };

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
  }
  interface FastifyInstance {
    /** Signs in: always a fresh session id, the old row deleted (no fixation). */
    startSession: (request: FastifyRequest, reply: FastifyReply, data: Omit<SessionData, 'createdAt'>) => Promise<void>;
    endSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

type SessionOptions = { db: Db; secret: string; secure: boolean };

export const sessionPlugin = fp(async (app: FastifyInstance, options: SessionOptions) => {
  const { db, secret, secure } = options;
  const sidOf = (token: string) => hmac(secret, token);
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;

  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const sid = sidOf(token);
    const now = Date.now();
    const row = await findLiveSession(db, sid, new Date(now));
    if (!row) return;
    if (now - row.sess.createdAt > ABSOLUTE_TIMEOUT_MS) {
      await deleteSession(db, sid);
      return;
    }
    request.session = { sid, data: row.sess };
    if (row.expire.getTime() - now < IDLE_TIMEOUT_MS - TOUCH_AFTER_MS) {
      await touchSession(db, sid, new Date(now + IDLE_TIMEOUT_MS));
    }
  });

  app.decorate(
    'startSession',
    async (request: FastifyRequest, reply: FastifyReply, data: Omit<SessionData, 'createdAt'>) => {
      if (request.session) await deleteSession(db, request.session.sid);
      const token = newToken();
      const sess: SessionData = { ...data, createdAt: Date.now() };
      const userId = data.userId ?? data.developer?.actingUserId ?? null;
      await insertSession(db, { sid: sidOf(token), sess, expire: new Date(Date.now() + IDLE_TIMEOUT_MS), userId });
      request.session = { sid: sidOf(token), data: sess };
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: ABSOLUTE_TIMEOUT_MS / 1000 });
    },
  );

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session) await deleteSession(db, request.session.sid);
    request.session = null;
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
  });

  const purge = () =>
    purgeExpiredSessions(db, new Date()).catch((err: unknown) => app.log.warn({ err }, 'session purge failed'));
  const timer = setInterval(() => void purge(), PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onReady', purge);
  app.addHook('onClose', async () => clearInterval(timer));
});
