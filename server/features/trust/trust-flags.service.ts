import type { Db, Executor } from '../../db/client';
import { round2 } from './model/round2';
import type { TrustFlag } from '../../../common/schemas/trust';
import { conflict, notFound } from '../../lib/app-error';
import type { AdminIdentity } from '../../plugins/authorize';
import { countRatingsGiven, findRaterTrust, findUserEmail } from './trust.repo';
import {
  describeFlagParties,
  findFlags,
  flagsWithStatus,
  flagWithId,
  markPlayersStale,
  removeRatingFromConfirmedFlag,
  reviewFlag,
} from './trust-flags.repo';
import { currentLeniencyPrior } from './trust.service';
import { recordFlagReview } from '../reports/decision.service';
import { settleBurstReview } from './burst-holds.service';
import { Z90 } from './model/normal-distribution';

type FlagRow = Awaited<ReturnType<typeof findFlags>>[number];

export const FLAG_NOT_FOUND = 'Flag not found';
export const FLAG_ALREADY_REVIEWED = 'This flag has already been reviewed';
export const RATER_NOT_FOUND = 'User not found';

async function describe(db: Db, rows: FlagRow[]): Promise<TrustFlag[]> {
  const raterKeys = [...new Set(rows.flatMap((row) => row.raterKeys))];
  const playerIds = [...new Set(rows.flatMap((row) => row.playerIds))];
  const parties = await describeFlagParties(db, raterKeys, playerIds);
  const accountByKey = new Map(parties.accounts.map((account) => [account.key, account]));
  const nameById = new Map(parties.players.map((player) => [player.id, player.name]));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    status: row.status,
    score: round2(row.score),
    createdAt: row.createdAt.toISOString(),
    accounts: row.raterKeys.map((key) => ({
      userId: accountByKey.get(key)?.userId ?? null,
      email: key,
      name: accountByKey.get(key)?.name ?? null,
    })),
    players: row.playerIds.map((id) => ({ id, name: nameById.get(id) ?? `Player ${id}` })),
    ratingIds: row.ratingIds,
    evidence: row.evidence as TrustFlag['evidence'],
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewNotes: row.reviewNotes,
  }));
}

export async function listTrustFlags(db: Db, status: 'pending' | 'confirmed' | 'dismissed') {
  return { flags: await describe(db, await findFlags(db, flagsWithStatus(status))) };
}

/**
 * Confirm: the flag's ratings stop counting in every estimate (they stay stored and visible to admins);
 * its players are recomputed by the worker within seconds, leniency at the next full run.
 * Dismiss: the ratings count (a ring's again, after being set aside while pending), and the same set of
 * ratings is not flagged again.
 */
export async function reviewTrustFlag(
  db: Db,
  id: number,
  admin: AdminIdentity,
  review: { action: 'confirm' | 'dismiss'; notes: string | null },
) {
  const reviewedBy = admin.label;
  return db.transaction(async (tx) => {
    const row = await reviewFlag(tx, id, {
      status: review.action === 'confirm' ? 'confirmed' : 'dismissed',
      reviewedBy,
      notes: review.notes,
    });
    if (!row) {
      const [existing] = await findFlags(tx, flagWithId(id));
      if (!existing) throw notFound(FLAG_NOT_FOUND, 'flag_not_found');
      throw conflict(FLAG_ALREADY_REVIEWED, 'flag_already_reviewed');
    }
    // A burst's ratings are held by the ratings feature: for good when confirmed, released when dismissed.
    if (row.type === 'burst') await settleBurstReview(tx, row, review.action);
    // A confirmed flag's ratings stop counting; a dismissed ring's, set aside while pending, count again.
    if (review.action === 'confirm' || row.type === 'ring') await markPlayersStale(tx, row.playerIds);
    await recordFlagReview(tx, row, review, admin);
    const [flag] = await describe(tx, [row]);
    return { flag };
  });
}

/**
 * An appeal reversed the confirm of a flag for one of its ratings (docs/product.md#appeals), on the appeal's
 * transaction: the rating leaves the flag, so it counts in the estimates again (the model sets aside the ratings
 * of confirmed flags), and its player is marked for the worker; a burst's held rating is released as a dismiss
 * releases it (a named one is listed and counts at once, an anonymous one waits for the weekly release). The flag
 * stays confirmed for its other ratings. Answers false when the flag is not confirmed or no longer holds the rating.
 */
export async function reverseFlagConfirmForRating(
  tx: Executor,
  flagId: number,
  rating: { id: number; playerId: number },
): Promise<boolean> {
  const flag = await removeRatingFromConfirmedFlag(tx, flagId, rating.id);
  if (!flag) return false;
  if (flag.type === 'burst') await settleBurstReview(tx, { id: flagId, ratingIds: [rating.id] }, 'dismiss');
  await markPlayersStale(tx, [rating.playerId]);
  return true;
}

/** GET /api/admin/raters/:userId/trust: leniency in stars above the average rater, with its 90% interval. */
export async function getRaterTrust(db: Db, userId: string) {
  const email = await findUserEmail(db, userId);
  if (!email) throw notFound(RATER_NOT_FOUND, 'user_not_found');
  const key = email.toLowerCase();
  const [row] = await findRaterTrust(db, [key]);
  const mean = row?.leniency ?? 0;
  const sd = row?.leniencySd ?? (await currentLeniencyPrior(db));
  return {
    userId,
    leniency: round2(mean),
    leniencyLow: round2(mean - Z90 * sd),
    leniencyHigh: round2(mean + Z90 * sd),
    ratingsGiven: row?.ratingsGiven ?? (await countRatingsGiven(db, key)),
  };
}
