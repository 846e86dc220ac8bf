import type { FastifyReply } from 'fastify';
import { AppError } from './app-error';
import type { Budget, LimitStore } from './limit-store';

const MINUTE = 60_000;

/** Lower-case e-mail or developer id: the same account however it is typed. */
export const accountKey = (value: string) => value.trim().toLowerCase();

/** The 429 every limit answers, with the wait in words (the client shows the message). */
export const tooMany = (after: string) =>
  new AppError(429, `Too many attempts. Please try again in ${after}.`, 'rate_limited');

export function formatWait(ms: number): string {
  const minutes = Math.ceil(ms / MINUTE);
  if (minutes <= 1) return '1 minute';
  return `${minutes} minutes`;
}

/** Takes the budgets from the store, or answers 429 with Retry-After (whole seconds) when one is spent. */
export async function takeOrRefuse(store: LimitStore, reply: FastifyReply, budgets: Budget[]): Promise<void> {
  const result = await store.take(budgets);
  if (result.allowed) return;
  reply.header('retry-after', String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))));
  throw tooMany(formatWait(result.retryAfterMs));
}
