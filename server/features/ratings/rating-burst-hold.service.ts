import type { Executor } from '../../db/client';
import type { RatingRow } from '../../db/schema/index';
import { applyRating, takeBackRatings, type CountedRating } from './rating-effects.service';
import { findReleasedVotesOf, lockStandingRatings, markBurstHeld, markBurstReleased } from './rating-burst-hold.repo';

/*
 * A burst of young accounts' ratings on one player is held for a second look (docs/product.md#bursts): the trust
 * feature decides which ratings and when; this module, the ratings table's owner, unlists them and takes their
 * effects back (rating-effects.service.ts), so a held rating counts nowhere, like a take-down, and lists and applies
 * them again on a release. A take-down of a held rating takes nothing back (it is unlisted); a restore leaves it held.
 */

async function counted(db: Executor, rows: RatingRow[]): Promise<CountedRating[]> {
  const votes = await findReleasedVotesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    listedAt: row.listedAt!,
    releasedVotes: votes.get(row.id) ?? { sum: 0, count: 0 },
  }));
}

/**
 * Holds the given standing ratings for the flag, on the caller's transaction; those counted are taken back. Answers
 * the ids now held (a taken-down rating is left alone).
 */
export async function holdRatingsForBurst(db: Executor, ratingIds: number[], flagId: number): Promise<number[]> {
  const rows = await lockStandingRatings(db, ratingIds);
  const toHold = rows.filter((row) => row.burstHeldAt === null || row.burstFlagId !== flagId);
  await markBurstHeld(
    db,
    toHold.map((row) => row.id),
    flagId,
    new Date(),
  );
  await takeBackRatings(
    db,
    await counted(
      db,
      toHold.filter((row) => row.listedAt !== null),
    ),
  );
  return rows.map((row) => row.id);
}

/** Ends the hold of the given ratings, on the caller's transaction: a named one is listed and counts at once. */
export async function releaseBurstRatings(db: Executor, ratingIds: number[]): Promise<void> {
  const rows = (await lockStandingRatings(db, ratingIds)).filter((row) => row.burstHeldAt !== null);
  const now = new Date();
  await markBurstReleased(
    db,
    rows.map((row) => row.id),
    now,
  );
  for (const rating of await counted(
    db,
    rows.filter((row) => !row.isAnonymous).map((row) => ({ ...row, listedAt: now })),
  ))
    await applyRating(db, rating, now);
}
