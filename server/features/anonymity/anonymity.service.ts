import type { Db } from '../../db/client';
import {
  ANONYMITY_CROWD,
  nextReleaseAt,
  releasePeriodStart,
  type AnonymityCadence,
} from '../../../common/anonymity';
import type { AnonymityReleaseReply, AnonymityStatusReply } from '../../../common/schemas/anonymity';
import { lockUnreleasedVotes, releaseVote } from '../helpfulness/helpfulness.service';
import {
  applyReleasedEdit,
  applyReleasedRating,
  lockRatingsAwaitingRelease,
  markRatingsReleased,
} from '../ratings/ratings.service';
import { findLastRelease, insertRelease, takeReleaseLock } from './anonymity.repo';

/*
 * The release of anonymous ratings (docs/product.md#anonymity, decision 023). Until it, an anonymous rating, an
 * edit of one and a helpfulness vote on one count nowhere but in what their own author sees; a release applies all
 * of them together, dated to its period's start, so no time, order, count or version points at one rater. It applies
 * nothing unless at least ANONYMITY_CROWD different raters are in it: each then hides among that many.
 */

export type ReleaseOptions = { now: Date; cadence: AnonymityCadence; ranBy: string };

/** Runs a release now, under the crowd rule, in one transaction (admins and the schedule). */
export async function releaseAnonymousRatings(db: Db, options: ReleaseOptions): Promise<AnonymityReleaseReply> {
  return db.transaction(async (tx) => {
    await takeReleaseLock(tx);
    const periodStart = releasePeriodStart(options.now, options.cadence);
    const { newRatings, edits } = await lockRatingsAwaitingRelease(tx);
    const votes = await lockUnreleasedVotes(tx);
    const waiting = newRatings.length + edits.length + votes.length;
    const raters = new Set([
      ...newRatings.map((row) => row.rating.raterEmail.toLowerCase()),
      ...edits.map((row) => row.rating.raterEmail.toLowerCase()),
      ...votes.map((vote) => vote.raterEmail.toLowerCase()),
    ]);
    if (raters.size < ANONYMITY_CROWD) {
      await insertRelease(tx, { periodStart, released: 0, held: waiting, ranBy: options.ranBy });
      return { released: 0, held: waiting };
    }
    for (const row of newRatings) await applyReleasedRating(tx, row, periodStart);
    await markRatingsReleased(
      tx,
      newRatings.map((row) => row.rating.id),
      periodStart,
    );
    for (const row of edits) await applyReleasedEdit(tx, row, periodStart);
    for (const vote of votes) await releaseVote(tx, vote);
    await insertRelease(tx, { periodStart, released: waiting, held: 0, ranBy: options.ranBy });
    return { released: waiting, held: 0 };
  });
}

/** The schedule's pass: a release once the period it would date to has none yet. */
export async function releaseIfDue(db: Db, now: Date, cadence: AnonymityCadence): Promise<boolean> {
  const last = await findLastRelease(db);
  if (last && last.periodStart >= releasePeriodStart(now, cadence)) return false;
  await releaseAnonymousRatings(db, { now, cadence, ranBy: 'schedule' });
  return true;
}

/** GET /api/admin/anonymity: the last release and when the next is due, for operators. */
export async function getAnonymityStatus(db: Db, now: Date, cadence: AnonymityCadence): Promise<AnonymityStatusReply> {
  const last = await findLastRelease(db);
  return {
    cadence,
    crowd: ANONYMITY_CROWD,
    nextReleaseAt: nextReleaseAt(now, cadence).toISOString(),
    lastRelease: last
      ? {
          ranAt: last.ranAt.toISOString(),
          periodStart: last.periodStart.toISOString(),
          released: last.released,
          held: last.held,
          ranBy: last.ranBy,
        }
      : null,
  };
}
