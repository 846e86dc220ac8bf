import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { lockAccountForNewPlayer, recentPlayersAddedBy } from './new-player-limit.repo';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** docs/product.md#new-players: an account adds at most this many players in any 24 hours... */
export const NEW_PLAYERS_PER_DAY = 10;
/** ...and at most this many in its first week. */
export const NEW_PLAYERS_FIRST_WEEK = 3;
export const FIRST_WEEK_MS = 7 * DAY;

/** A wait in words, rounded up: "40 minutes", "5 hours", "2 days". */
export function waitInWords(ms: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (ms < HOUR) return unit(Math.max(1, Math.ceil(ms / 60_000)), 'minute');
  if (ms < 2 * DAY) return unit(Math.ceil(ms / HOUR), 'hour');
  return unit(Math.ceil(ms / DAY), 'day');
}

const refusal = (rule: string, now: Date, retryAt: Date) =>
  new AppError(
    429,
    `${rule} You can add another in ${waitInWords(retryAt.getTime() - now.getTime())}.`,
    'rate_limited',
    {
      retryAt: retryAt.toISOString(),
    },
  );

/**
 * Refuses (429, with `retryAt`) when the account has added as many players as it may: NEW_PLAYERS_FIRST_WEEK while
 * it is younger than a week, else NEW_PLAYERS_PER_DAY in the last 24 hours. Call it in the transaction that inserts
 * the player: the account's row stays locked until that transaction ends, so parallel requests cannot both pass.
 * Bulk imports by admins do not come here.
 */
export async function refuseBeyondNewPlayerLimit(tx: Executor, userId: string): Promise<void> {
  const account = await lockAccountForNewPlayer(tx, userId);
  if (!account) return;
  const { now } = account;
  const firstWeekEnds = new Date(account.createdAt.getTime() + FIRST_WEEK_MS);
  if (firstWeekEnds > now) {
    const added = await recentPlayersAddedBy(
      tx,
      userId,
      new Date(now.getTime() - FIRST_WEEK_MS),
      NEW_PLAYERS_FIRST_WEEK,
    );
    if (added.length < NEW_PLAYERS_FIRST_WEEK) return;
    throw refusal(
      `A new account can add up to ${NEW_PLAYERS_FIRST_WEEK} new players in its first week.`,
      now,
      firstWeekEnds,
    );
  }
  const added = await recentPlayersAddedBy(tx, userId, new Date(now.getTime() - DAY), NEW_PLAYERS_PER_DAY);
  if (added.length < NEW_PLAYERS_PER_DAY) return;
  // The oldest of the last NEW_PLAYERS_PER_DAY leaves the 24 hours first.
  throw refusal(
    `You can add up to ${NEW_PLAYERS_PER_DAY} new players a day.`,
    now,
    new Date(added[NEW_PLAYERS_PER_DAY - 1].getTime() + DAY),
  );
}
