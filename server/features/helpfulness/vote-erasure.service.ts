import type { Tx } from '../../db/client';
import { applyEffect, utcDay, voteEffect } from '../ratings/rating-effects.service';
import { deleteVotesOfVoter } from './vote-erasure.repo';

/*
 * Erasing the helpfulness votes a person cast (docs/product.md#your-data): each vote leaves its rating's totals
 * (vote-erasure.repo.ts), and the score its rater's figures counted is taken back from them (points, reviews and the
 * rating's day), through the effects module. A vote still waiting for a release, or on a rating that counts nowhere
 * (taken down), moved no rater figure and takes nothing back.
 */

/** The voter's votes, erased with their effects taken back, on the caller's transaction; answers how many. */
export async function eraseVotesOfVoter(tx: Tx, userId: string): Promise<number> {
  const votes = await deleteVotesOfVoter(tx, userId);
  // One effect per rater and day: the figures a vote moves are the rater's totals and the rating's day.
  const changes = new Map<string, { raterUserId: string; listedAt: Date; sumDelta: number; countDelta: number }>();
  for (const vote of votes) {
    if (vote.releasedScore === null || !vote.raterUserId || !vote.listedAt) continue;
    const key = `${vote.raterUserId} ${utcDay(vote.listedAt)}`;
    const change = changes.get(key) ?? {
      raterUserId: vote.raterUserId,
      listedAt: vote.listedAt,
      sumDelta: 0,
      countDelta: 0,
    };
    change.sumDelta -= vote.releasedScore;
    change.countDelta -= 1;
    changes.set(key, change);
  }
  for (const { raterUserId, listedAt, sumDelta, countDelta } of changes.values()) {
    await applyEffect(tx, voteEffect({ raterUserId, listedAt }, { sumDelta, countDelta }));
  }
  return votes.length;
}
