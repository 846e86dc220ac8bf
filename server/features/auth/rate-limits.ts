import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../deps';
import { accountKey, formatWait, takeOrRefuse, tooMany } from '../../lib/limit-refusal';
import type { Budget, LimitStore } from '../../lib/limit-store';
import type { DeviceCookies } from './device-cookie';

const MINUTE = 60_000;

/**
 * Per-IP limits (docs/product.md#accounts-and-sign-in), counted in onRequest before the body is read. The key is request.ip, which
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
  // Opening a mailed confirmation link: the sign-in limit, as the link too is a credential guessed from outside.
  confirmEmail: perIp(30, MINUTE),
} satisfies Record<string, RateLimitOptions>;

type AccountLimit = { max: number; timeWindow: number };

export const ACCOUNT_LIMITS = {
  // Registering the same e-mail repeatedly only probes whether it exists.
  register: { max: 5, timeWindow: 60 * MINUTE },
  // A cap on reset mails to one inbox, so the form cannot be used to flood someone.
  forgotPassword: { max: 3, timeWindow: 60 * MINUTE },
} satisfies Record<string, AccountLimit>;

export type AccountLimiter = {
  /** preHandler: answers 429 before any password hashing when the account's budget is spent. */
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

/**
 * A per-account limit keyed by something in the (already validated) body, counting every request (sign-up
 * and reset mails: each may send an e-mail).
 */
export function accountLimiter<B>(app: App, limit: AccountLimit, keyOf: (body: B) => string): AccountLimiter {
  const check = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => accountKey(keyOf(request.body as B)),
  });
  return {
    guard: async (request, reply) => {
      const status = await check(request);
      if (status.isAllowed || !status.isExceeded) return;
      reply.header('retry-after', String(Math.max(1, status.ttlInSeconds)));
      throw tooMany(formatWait(status.ttl));
    },
  };
}

/**
 * Sign-in budgets (decision 005), taken before any password or key is checked and refunded when the attempt
 * succeeds, so they count failures and no burst, however parallel, gets more checks than they allow:
 * - per account and client address, a short lock: a stranger's failures lock only the stranger's address;
 * - per account alone, two much higher ceilings whose windows grow (15 minutes, then a day), so a guesser
 *   spread over many addresses is slowed more and more while the owner, from their own address, gets in;
 * - per device cookie: a browser that signed in to the account before is kept out of the budgets above, so
 *   strangers spending them cannot lock its owner out; its own small budget stops a stolen cookie from guessing.
 */
export const SIGN_IN_BUDGETS = {
  perAccountAndAddress: { max: 5, windowMs: 15 * MINUTE },
  perAccount: [
    { max: 30, windowMs: 15 * MINUTE },
    { max: 100, windowMs: 24 * 60 * MINUTE },
  ],
  perDevice: { max: 5, windowMs: 15 * MINUTE },
} as const;

export type SignInLimiter = {
  /** preHandler: takes this attempt from its budgets, or answers 429 with Retry-After. */
  take: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The attempt succeeded: it was no failure, so its budgets get it back, and the browser is remembered. */
  succeeded: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Remembers this browser for the account in the body (a sign-up signs in too). */
  rememberDevice: (request: FastifyRequest, reply: FastifyReply) => void;
};

export function signInLimiter<B>(
  store: LimitStore,
  devices: DeviceCookies,
  kind: string,
  keyOf: (body: B) => string,
): SignInLimiter {
  const accountOf = (request: FastifyRequest) => `${kind}:${accountKey(keyOf(request.body as B))}`;
  const taken = new WeakMap<FastifyRequest, string[]>();
  const strangerBudgets = (account: string, ip: string): Budget[] => [
    { key: `signin:${account}:ip:${ip}`, ...SIGN_IN_BUDGETS.perAccountAndAddress },
    ...SIGN_IN_BUDGETS.perAccount.map((budget) => ({ key: `signin:${account}:${budget.windowMs}`, ...budget })),
  ];
  const rememberDevice = (request: FastifyRequest, reply: FastifyReply) =>
    devices.remember(request, reply, accountOf(request));
  return {
    take: async (request, reply) => {
      const account = accountOf(request);
      const nonce = devices.trustedNonce(request, account);
      if (nonce) {
        const device: Budget = { key: `signin:device:${nonce}`, ...SIGN_IN_BUDGETS.perDevice };
        if ((await store.take([device])).allowed) {
          taken.set(request, [device.key]);
          return;
        }
        // A device cookie that has spent its budget is any other browser until its window ends.
      }
      const budgets = strangerBudgets(account, request.ip);
      await takeOrRefuse(store, reply, budgets);
      taken.set(
        request,
        budgets.map((budget) => budget.key),
      );
    },
    succeeded: async (request, reply) => {
      await store.refund(taken.get(request) ?? []);
      rememberDevice(request, reply);
    },
    rememberDevice,
  };
}
