import type { Db, Tx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AdminIdentity } from '../../plugins/authorize';
import type { ErasureCounts, ErasureReply } from '../../../common/schemas/account';
import { eraseVotesOfVoter } from '../helpfulness/vote-erasure.service';
import { eraseRatingsByRater, eraseRatingsOfPlayer } from '../ratings/rating-erasure.service';
import {
  allowLongStatements,
  countBadges,
  countCommunityRowsOfUser,
  deleteClaimsOfUser,
  deleteOtherRowsOfEmail,
  deletePlayer,
  deleteSessionsOfUser,
  deleteSignupsOfEmail,
  deleteUser,
  lockPlayerOfUser,
  scrubAdminLabels,
  unlinkPlayer,
} from './account-erasure.repo';
import { insertDataRequest, lockUser } from './account.repo';

/*
 * An account's erasure (docs/product.md#your-data), in one transaction: either all of it happens or none. What the
 * account did is taken back from what others see (its votes from its raters' figures, its ratings from the rated
 * players' pages, aggregates and estimates and from its own figures), then every row naming it goes: its sessions,
 * claims, launch-list sign-ups, tokens and the account itself (its replies, reports, appeals, notices and e-mail
 * settings with it, by cascade). Its player profile is unlinked and kept, unless the
 * person asks for it to go too, with the ratings about it.
 */

export type ErasureRequest = {
  deletePlayerProfile: boolean;
  /** The admin who erases someone else's account; null when the person erases their own. */
  admin: AdminIdentity | null;
};

export type Erasure = { email: string; reply: ErasureReply };

/** The erasure on the caller's transaction (the bench rolls it back to measure it again). */
export async function eraseInTransaction(tx: Tx, userId: string, request: ErasureRequest): Promise<Erasure> {
  const user = await lockUser(tx, userId);
  if (!user) throw notFound('User not found', 'user_not_found');
  await allowLongStatements(tx);
  const badges = await countBadges(tx, userId);
  const community = await countCommunityRowsOfUser(tx, userId);
  const votes = await eraseVotesOfVoter(tx, userId);
  const written = await eraseRatingsByRater(tx, { userId, email: user.email });

  let playerProfile: ErasureReply['erased']['playerProfile'] = 'none';
  let ratingsAboutPlayer = 0;
  const player = await lockPlayerOfUser(tx, userId);
  if (player && request.deletePlayerProfile) {
    ratingsAboutPlayer = (await eraseRatingsOfPlayer(tx, player.id)).erased;
    await deletePlayer(tx, player.id);
    playerProfile = 'deleted';
  } else if (player) {
    await unlinkPlayer(tx, player.id);
    playerProfile = 'unlinked';
  }

  const counts: ErasureCounts = {
    ratings: written.erased,
    votes,
    sessions: await deleteSessionsOfUser(tx, userId),
    claims: await deleteClaimsOfUser(tx, userId),
    signups: await deleteSignupsOfEmail(tx, user.email),
    badges,
    ratingsAboutPlayer,
    ...community,
  };
  await deleteOtherRowsOfEmail(tx, user.email);
  // Only an admin is named in the audit records: a member's erasure skips their scans.
  if (user.isAdmin) await scrubAdminLabels(tx, user.email);
  await deleteUser(tx, userId);
  await insertDataRequest(tx, { kind: 'erase', userId, admin: request.admin, counts });
  return { email: user.email, reply: { erased: { ...counts, playerProfile } } };
}

/** Erases the account; the caller ends its sessions in every instance's cache and mails the person afterwards. */
export async function eraseAccount(db: Db, userId: string, request: ErasureRequest): Promise<Erasure> {
  return db.transaction((tx) => eraseInTransaction(tx, userId, request));
}
