import type { Executor } from '../../db/client';
import { markPlayersStale } from './trust-flags.repo';

/**
 * Something the player's kept page shows changed without a rating changing (a reply under a rating): the mark has the
 * worker store the estimate anew, and the new estimate time is in the page's version, so the page is drawn again
 * (player-page-html.ts), as after a new rating or a take-down.
 */
export async function markPlayerPageChanged(db: Executor, playerId: number): Promise<void> {
  await markPlayersStale(db, [playerId]);
}
