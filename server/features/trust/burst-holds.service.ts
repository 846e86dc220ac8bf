import type { Db, Executor } from '../../db/client';
import type { BurstEvidence } from '../../../common/schemas/trust';
import { holdRatingsForBurst, releaseBurstRatings } from '../ratings/rating-burst-hold.service';
import {
  countedRatingsSummary,
  countSiteAccounts,
  findAgedHeldRatings,
  findBurstCandidates,
  findPendingBurst,
  insertBurstFlag,
  lockPlayerBursts,
  probeBurst,
  takeBurstReleaseLock,
  updateBurstFlag,
} from './burst-holds.repo';
import {
  BURST_RULE,
  BURST_WINDOW_MS,
  isHeldBurst,
  isYoungAccount,
  siteYoungShare,
  YOUNG_ACCOUNT_MS,
} from './model/burst-rule';

/*
 * Bursts of young accounts' ratings on one player (docs/product.md#bursts): held for a second look as a Trust &
 * Safety flag of type 'burst' that an admin confirms (they never count) or dismisses (they count at once);
 * unreviewed, each held rating counts once its account is 7 days old (the release job below). Holding goes through
 * the ratings feature, so a held rating counts nowhere, like a take-down (docs/decisions/029).
 */

export { isYoungAccount };

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * After a young account's rating of a player (the caller checks the age, so an established rater's submit costs
 * nothing here): one probe, and only when it finds a burst (or one pending on the player), a transaction that holds
 * the burst's ratings. Answers whether the new rating is held.
 */
export async function holdBurstAfterRating(
  db: Db,
  rating: { id: number; playerId: number },
  now = new Date(),
): Promise<boolean> {
  const windowStart = new Date(now.getTime() - BURST_WINDOW_MS);
  const youngSince = new Date(now.getTime() - YOUNG_ACCOUNT_MS);
  const probe = await probeBurst(db, rating.playerId, windowStart, youngSince);
  if (!probe.pendingBurst && probe.youngAccounts < BURST_RULE.minAccounts) return false;
  return db.transaction(async (tx) => {
    await lockPlayerBursts(tx, rating.playerId);
    const pending = await findPendingBurst(tx, rating.playerId);
    const candidates = await findBurstCandidates(tx, rating.playerId, windowStart, youngSince, pending?.id ?? null);
    if (candidates.length === 0) return false;
    const previous = pending?.evidence as BurstEvidence | undefined;
    let youngShare = previous?.siteYoungShare;
    if (!pending) {
      const accounts = new Set(candidates.map((candidate) => candidate.raterUserId)).size;
      const site = await countSiteAccounts(tx, youngSince);
      if (!isHeldBurst(accounts, site)) return false;
      youngShare = siteYoungShare(site, accounts);
    }
    const ratingIds = [...new Set([...(pending?.ratingIds ?? []), ...candidates.map((c) => c.id)])].sort(
      (a, b) => a - b,
    );
    const raterKeys = [...new Set([...(pending?.raterKeys ?? []), ...candidates.map((c) => c.raterKey)])].sort();
    const fresh = candidates.filter((c) => !pending?.ratingIds.includes(c.id));
    const previousSum = (previous?.burstMean ?? 0) * (pending?.ratingIds.length ?? 0);
    const burstMean = (previousSum + fresh.reduce((sum, c) => sum + c.overallRating, 0)) / ratingIds.length;
    const latestAccount = Math.max(
      previous ? Date.parse(previous.releasesAt) - YOUNG_ACCOUNT_MS : 0,
      ...candidates.map((c) => c.accountCreatedAt.getTime()),
    );
    const flag = { raterKeys, ratingIds, score: raterKeys.length };
    const flagId =
      pending?.id ??
      (await insertBurstFlag(tx, {
        ...flag,
        signature: `burst:${rating.playerId}:${ratingIds[0]}`,
        playerId: rating.playerId,
        evidence: {},
      }));
    const held = await holdRatingsForBurst(
      tx,
      candidates.map((c) => c.id),
      flagId,
    );
    const others = await countedRatingsSummary(tx, rating.playerId);
    const evidence: BurstEvidence = {
      youngAccounts: raterKeys.length,
      burstMean: round2(burstMean),
      othersMean: others.mean === null ? null : round2(others.mean),
      othersCount: others.count,
      siteYoungShare: round2(youngShare ?? 0),
      releasesAt: new Date(latestAccount + YOUNG_ACCOUNT_MS).toISOString(),
    };
    await updateBurstFlag(tx, flagId, { ...flag, evidence });
    return held.includes(rating.id);
  });
}

/**
 * An admin's review of a burst, on the review's transaction: confirmed, its ratings are held for good (those an
 * account's age released already are taken back again); dismissed, they are released and count at once.
 */
export async function settleBurstReview(
  tx: Executor,
  flag: { id: number; ratingIds: number[] },
  action: 'confirm' | 'dismiss',
): Promise<void> {
  if (action === 'confirm') await holdRatingsForBurst(tx, flag.ratingIds, flag.id);
  else await releaseBurstRatings(tx, flag.ratingIds);
}

/**
 * The periodic release: each held rating of a burst still awaiting review counts once its account is 7 days old
 * (or gone). One instance at a time (an advisory lock); answers how many were released.
 */
export async function releaseAgedBurstHolds(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await takeBurstReleaseLock(tx);
    const ids = await findAgedHeldRatings(tx, new Date(now.getTime() - YOUNG_ACCOUNT_MS));
    await releaseBurstRatings(tx, ids);
    return ids.length;
  });
}
