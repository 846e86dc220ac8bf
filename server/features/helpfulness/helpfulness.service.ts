import type { Db, Tx } from '../../db/client';
import { forbidden, notFound } from '../../lib/app-error';
import type { HelpfulnessReply } from '../../../common/schemas/helpfulness';
import { averageToOneDecimal } from '../../../common/gamification';
import { isOwnRating } from '../../../common/own-rating';
import { applyEffect, voteEffect } from '../ratings/rating-effects.service';
import { addVoteToRatingTotals } from '../ratings/rating-helpfulness-totals.service';
import {
  findVoteScore,
  lockRatingForVote,
  lockUnreleasedVotes,
  markVoteReleased,
  upsertVote,
} from './helpfulness.repo';

export type Voter = { userId: string; email: string };
export type HelpfulnessInput = { helpfulnessScore: number; comment: string | null };

/**
 * docs/product.md#helpfulness-rules: only the rated player's linked user judges a rating's helpfulness, never on a rating they
 * wrote themselves (docs/product.md#ratings-about-me). The vote, the rating's totals and the rater's stats
 * change in one transaction.
 */
export async function rateHelpfulness(
  db: Db,
  voter: Voter,
  ratingId: number,
  input: HelpfulnessInput,
): Promise<HelpfulnessReply> {
  return db.transaction(async (tx) => {
    const rating = await lockRatingForVote(tx, ratingId);
    // An anonymous rating waiting for its release is its rater's alone (docs/product.md#anonymity).
    if (!rating || rating.listedAt === null) throw notFound('Rating not found', 'rating_not_found');
    if (rating.playerUserId !== voter.userId) {
      throw forbidden('Only the rated player can rate the helpfulness of this rating', 'helpfulness_not_rated_player');
    }
    if (isOwnRating(rating, { id: voter.userId, email: voter.email })) {
      throw forbidden('You cannot rate the helpfulness of your own rating', 'helpfulness_own_rating');
    }

    const previous = await findVoteScore(tx, ratingId, voter.userId);
    // A vote on an anonymous rating reaches its rater's figures at the next release: moved now, they would name the
    // rater (docs/product.md#anonymity). The rating's own totals, seen by the voter and the rater, move now.
    const releasedNow = !rating.isAnonymous;
    await upsertVote(tx, { ratingId, userId: voter.userId, ...input }, releasedNow);
    const sumDelta = input.helpfulnessScore - (previous ?? 0);
    const countDelta = previous === undefined ? 1 : 0;
    if (sumDelta !== 0 || countDelta !== 0) {
      await addVoteToRatingTotals(tx, ratingId, { sumDelta, countDelta });
      if (rating.raterUserId && releasedNow) {
        await applyEffect(
          tx,
          voteEffect({ raterUserId: rating.raterUserId, listedAt: rating.listedAt }, { sumDelta, countDelta }),
        );
      }
    }
    const helpfulnessCount = rating.helpfulnessCount + countDelta;
    return {
      ratingId,
      helpfulnessScore: input.helpfulnessScore,
      helpfulnessAvg: averageToOneDecimal(rating.helpfulnessSum + sumDelta, helpfulnessCount),
      helpfulnessCount,
    };
  });
}

/** A vote waiting for the release of anonymous changes (lockUnreleasedVotes). */
export type UnreleasedVote = Awaited<ReturnType<typeof lockUnreleasedVotes>>[number];

/** Everything a vote on an anonymous rating waits for, on the release's transaction: the rater's figures. */
export async function releaseVote(tx: Tx, vote: UnreleasedVote): Promise<void> {
  if (vote.raterUserId && vote.listedAt) {
    await applyEffect(
      tx,
      voteEffect(
        { raterUserId: vote.raterUserId, listedAt: vote.listedAt },
        { sumDelta: vote.score - (vote.releasedScore ?? 0), countDelta: vote.releasedScore === null ? 1 : 0 },
      ),
    );
  }
  await markVoteReleased(tx, vote.id);
}

export { lockUnreleasedVotes };
