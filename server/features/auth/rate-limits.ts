import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../deps';
import { AppError } from '../../lib/app-error';

const MINUTE = 60_000;

const tooMany = (after: string) => new AppError(429, `Too many attempts. Please try again in ${after}.`);

/**
 * Per-IP limits (issue 2 §4), counted in onRequest before the body is read. The key is request.ip, which
 * honours X-Forwarded-For only when TRUST_PROXY names the proxy. They are loose enough for a household or
 * office behind one address; the per-account limits below are what stops guessing at one account.
 */
const perIp = (max: number, timeWindow: number): RateLimitOptions => ({
  max,
  timeWindow,
  errorResponseBuilder: (_request, context) => tooMany(context.after),
});

export const IP_LIMITS = {
  // Password, developer and admin sign-in: 30 a minute is far above what a person types.
  signIn: perIp(30, MINUTE),
  // Account creation: enough for a family or a club sharing a connection, not for bulk sign-ups.
  register: perIp(20, 15 * MINUTE),
  // Each accepted request may send an e-mail.
  forgotPassword: perIp(10, 15 * MINUTE),
  // Tokens carry 256 bits, so this only caps wasted hashing work.
  resetPassword: perIp(10, 15 * MINUTE),
} satisfies Record<string, RateLimitOptions>;

type AccountLimit = { max: number; timeWindow: number };

export const ACCOUNT_LIMITS = {
  // OWASP's guidance: a few failures per account, then a pause; 5 wrong passwords per 15 minutes stops
  // online guessing but lets the owner in again soon. Successful sign-ins do not count.
  signInFailures: { max: 5, timeWindow: 15 * MINUTE },
  // Registering the same e-mail repeatedly only probes whether it exists.
  register: { max: 5, timeWindow: 60 * MINUTE },
  // A cap on reset mails to one inbox, so the form cannot be used to flood someone.
  forgotPassword: { max: 3, timeWindow: 60 * MINUTE },
} satisfies Record<string, AccountLimit>;

/** Lower-case e-mail or developer id: the same account however it is typed. */
export const accountKey = (value: string) => value.trim().toLowerCase();

export type AccountLimiter = {
  /** preHandler: answers 429 before any password hashing when the account's budget is spent. */
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Runs a sign-in attempt; a 401 from it counts one failure against the account. */
  countFailures: <T>(request: FastifyRequest, attempt: () => Promise<T>) => Promise<T>;
};

/**
 * A per-account limit keyed by something in the (already validated) body. `countEvery` counts each
 * request in the guard; otherwise only recordFailure counts, so the owner's successful sign-ins are free.
 */
export function accountLimiter<B>(
  app: App,
  limit: AccountLimit,
  keyOf: (body: B) => string,
  options: { countEvery: boolean },
): AccountLimiter {
  const check = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => accountKey(keyOf(request.body as B)),
  });
  return {
    guard: async (request, reply) => {
      const status = await check(request, { increment: options.countEvery });
      if (status.isAllowed) return;
      // A peek shows the failures so far: the budget is spent once they reach max.
      const spent = options.countEvery ? status.isExceeded : status.remaining === 0;
      if (!spent) return;
      reply.header('retry-after', String(Math.max(1, status.ttlInSeconds)));
      throw tooMany(formatWait(status.ttl));
    },
    countFailures: async (request, attempt) => {
      try {
        return await attempt();
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) await check(request);
        throw error;
      }
    },
  };
}

function formatWait(ms: number): string {
  const minutes = Math.ceil(ms / MINUTE);
  if (minutes <= 1) return '1 minute';
  return `${minutes} minutes`;
}
