import type { Db } from '../../db/client';
import { ANONYMITY_CROWD, nextReleaseAt, releasePeriodStart, type AnonymityCadence } from '../../../common/anonymity';
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

/** One kind of waiting change: the raters it points at, and how to apply it. */
type WaitingKind = { count: number; raterKeys: string[]; apply: () => Promise<void> };

/**
 * Runs a release now, under the crowd rule, in one transaction (admins and the schedule). The rule holds for each
 * kind of change on its own, because each moves its own figures: new ratings a rater's ratings count, edits the
 * rated player's averages, votes a rater's reviews. A kind with fewer than ANONYMITY_CROWD raters waits whole.
 */
export async function releaseAnonymousRatings(db: Db, options: ReleaseOptions): Promise<AnonymityReleaseReply> {
  return db.transaction(async (tx) => {
    await takeReleaseLock(tx);
    const periodStart = releasePeriodStart(options.now, options.cadence);
    const { newRatings, edits } = await lockRatingsAwaitingRelease(tx);
    const votes = await lockUnreleasedVotes(tx);
    const kinds: WaitingKind[] = [
      {
        count: newRatings.length,
        raterKeys: newRatings.map((row) => row.rating.raterEmail),
        apply: async () => {
          for (const row of newRatings) await applyReleasedRating(tx, row, periodStart);
          await markRatingsReleased(
            tx,
            newRatings.map((row) => row.rating.id),
            periodStart,
          );
        },
      },
      {
        count: edits.length,
        raterKeys: edits.map((row) => row.rating.raterEmail),
        apply: async () => {
          for (const row of edits) await applyReleasedEdit(tx, row, periodStart);
        },
      },
      {
        count: votes.length,
        raterKeys: votes.map((vote) => vote.raterEmail),
        apply: async () => {
          for (const vote of votes) await releaseVote(tx, vote);
        },
      },
    ];
    let released = 0;
    let held = 0;
    for (const kind of kinds) {
      if (new Set(kind.raterKeys.map((key) => key.toLowerCase())).size >= ANONYMITY_CROWD) {
        await kind.apply();
        released += kind.count;
      } else {
        held += kind.count;
      }
    }
    await insertRelease(tx, { periodStart, released, held, ranBy: options.ranBy });
    return { released, held };
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
