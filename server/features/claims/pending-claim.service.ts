import type { Executor } from '../../db/client';
import { conflict } from '../../lib/app-error';
import { findPendingClaimOfUser, lockUserForProfileChange } from './claims.repo';

export const registrationBlockedByClaim = (playerName: string) =>
  `You have a pending claim for ${playerName}. Withdraw it before registering a new profile.`;

/**
 * For POST /api/players, inside its transaction: a user whose claim is pending would get a second profile, and
 * the admin's approval would then fail (decision 008). The user's row stays locked until the transaction ends,
 * so a claim being sent at the same moment waits and then finds the new player.
 */
export async function refuseWhileClaimPending(tx: Executor, userId: string): Promise<void> {
  await lockUserForProfileChange(tx, userId);
  const pending = await findPendingClaimOfUser(tx, userId);
  if (pending)
    throw conflict(
      registrationBlockedByClaim(`${pending.playerFirstName} ${pending.playerLastName}`),
      'profile_pending_claim',
    );
}
