import type { Executor } from '../../db/client';
import {
  COMMENT_FIELD_COUNT,
  isDetailedFeedback,
  pointsForHelpfulness,
  pointsForRating,
} from '../../../common/gamification';
import { commentLength, filledTextCount, starBucket, type StarBucket } from '../../../common/rating-rules';
import {
  RATING_SCORE_FIELDS,
  RATING_TEXT_FIELDS,
  type RatingScoreField,
  type RatingTextField,
} from '../../../common/schemas/ratings';
import { applyEffectValues, applyPlayerDeltas, takeBackDays, type EffectValues } from './rating-effects.repo';

/*
 * The one owner of what a rating changes besides its own row (docs/architecture.md#table-owners): the rated
 * player's aggregates and skill mark, the rater's points, rank, counts, day and badges. Every path that makes a
 * rating count or stop counting goes through here: submit (its statement composes the same SQL,
 * submit-rating.repo.ts), an anonymous release, an edit (the difference of two versions), a helpfulness vote, a
 * take-down and restore, a merge and an erasure. Taking a rating back applies its effect negated, so the two can
 * never disagree; the recount (features/integrity) checks the figures against the rows.
 */

/** The version of a rating others see, and what its rater's figures count of it. */
export type CountedRating = Record<RatingScoreField, number> &
  Record<RatingTextField, string | null> & {
    playerId: number;
    raterUserId: string | null;
    overallRating: number;
    /** When others first saw it: the day it counts on in the period boards. */
    listedAt: Date;
    /** Its helpfulness votes as its rater's figures count them (the released scores). */
    releasedVotes: { sum: number; count: number };
  };

const STARS: StarBucket[] = [1, 2, 3, 4, 5];
const zeroScores = () => Object.fromEntries(RATING_SCORE_FIELDS.map((field) => [field, 0])) as EffectValues['scores'];
const zeroStars = () => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }) as EffectValues['stars'];

/** The UTC calendar day a rating counts towards in the period leaderboards (docs/product.md#leaderboard-rules). */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const textsOf = (rating: Record<RatingTextField, string | null>) => RATING_TEXT_FIELDS.map((field) => rating[field]);

/** What a rating's written feedback earns: the detailed-feedback bonus, and whether it is a full breakdown. */
export function feedbackFacts(rating: Record<RatingTextField, string | null>) {
  const texts = textsOf(rating);
  const length = commentLength(texts);
  return { detailed: isDetailedFeedback(length), fullBreakdown: filledTextCount(texts) >= COMMENT_FIELD_COUNT, length };
}

/** A counted rating's whole effect, times `sign`: +1 applies it, -1 takes it back. */
export function ratingEffect(rating: CountedRating, sign: 1 | -1): EffectValues {
  const feedback = feedbackFacts(rating);
  const stars = zeroStars();
  stars[starBucket(rating.overallRating)] = sign;
  return {
    playerId: rating.playerId,
    count: sign,
    overall: sign * rating.overallRating,
    scores: Object.fromEntries(
      RATING_SCORE_FIELDS.map((field) => [field, sign * rating[field]]),
    ) as EffectValues['scores'],
    stars,
    raterUserId: rating.raterUserId,
    points: sign * (pointsForRating(feedback.length) + pointsForHelpfulness(rating.releasedVotes.sum)),
    ratingsSubmitted: sign,
    detailedComments: sign * Number(feedback.detailed),
    helpfulnessSum: sign * rating.releasedVotes.sum,
    helpfulnessCount: sign * rating.releasedVotes.count,
    day: utcDay(rating.listedAt),
    dayRatings: sign,
    activityAt: null,
    fullBreakdown: sign > 0 && feedback.fullBreakdown,
    improvedRating: false,
    withdraw: sign < 0,
  };
}

/** The sum of two effects on the same player and rater (an edit: the new version's less the old one's). */
function addEffects(a: EffectValues, b: EffectValues): EffectValues {
  return {
    ...a,
    count: a.count + b.count,
    overall: a.overall + b.overall,
    scores: Object.fromEntries(
      RATING_SCORE_FIELDS.map((field) => [field, a.scores[field] + b.scores[field]]),
    ) as EffectValues['scores'],
    stars: Object.fromEntries(STARS.map((star) => [star, a.stars[star] + b.stars[star]])) as EffectValues['stars'],
    points: a.points + b.points,
    ratingsSubmitted: a.ratingsSubmitted + b.ratingsSubmitted,
    detailedComments: a.detailedComments + b.detailedComments,
    helpfulnessSum: a.helpfulnessSum + b.helpfulnessSum,
    helpfulnessCount: a.helpfulnessCount + b.helpfulnessCount,
    dayRatings: a.dayRatings + b.dayRatings,
  };
}

/**
 * An edit of a counted rating: the new version's effect less the old one's. An edit that makes the feedback
 * detailed earns the bonus then (and the Second Look badge); one that removes the detail takes it back
 * (docs/product.md#gamification-rules, "improvement"). Badges already held stay.
 */
export function editEffect(before: CountedRating, after: CountedRating, editedAt: Date): EffectValues {
  const sum = addEffects(ratingEffect(after, 1), ratingEffect(before, -1));
  return {
    ...sum,
    activityAt: editedAt,
    fullBreakdown: feedbackFacts(after).fullBreakdown,
    improvedRating: sum.detailedComments > 0,
    withdraw: false,
  };
}

/** A change in the released helpfulness of one counted rating: its rater's points, reviews and day. */
export function voteEffect(
  rating: { raterUserId: string | null; listedAt: Date },
  change: { sumDelta: number; countDelta: number },
): EffectValues {
  return {
    playerId: null,
    count: 0,
    overall: 0,
    scores: zeroScores(),
    stars: zeroStars(),
    raterUserId: rating.raterUserId,
    points: pointsForHelpfulness(change.sumDelta),
    ratingsSubmitted: 0,
    detailedComments: 0,
    helpfulnessSum: change.sumDelta,
    helpfulnessCount: change.countDelta,
    day: utcDay(rating.listedAt),
    dayRatings: 0,
    activityAt: null,
    fullBreakdown: false,
    improvedRating: false,
    withdraw: false,
  };
}

/** Applies an effect on the caller's transaction (or as one statement on its own). */
export async function applyEffect(db: Executor, effect: EffectValues): Promise<void> {
  await applyEffectValues(db, effect);
}

/** Makes a rating count: its release, its restore, its arrival on a merged player. */
export async function applyRating(db: Executor, rating: CountedRating, activityAt: Date | null = null): Promise<void> {
  await applyEffect(db, { ...ratingEffect(rating, 1), activityAt });
}

/** Stops a rating counting, after it left the counted ones (unlisted or deleted) on the caller's transaction. */
export async function takeBackRating(db: Executor, rating: CountedRating): Promise<void> {
  await applyEffect(db, ratingEffect(rating, -1));
}

/** Players per statement of a batched take-back: one array parameter per column, a few hundred kB each. */
const PLAYERS_PER_STATEMENT = 5000;

/**
 * Stops many ratings counting at once (an erasure: the busiest rater has tens of thousands), after they left the
 * counted ones on the caller's transaction. The same effects as takeBackRating on each, summed: each player's
 * aggregates move once (one statement per 5,000 players, in id order so two take-backs lock shared players alike),
 * each rater's days once (one statement), and each rater's totals and badges once, with the withdrawal after them.
 */
export async function takeBackRatings(db: Executor, ratings: CountedRating[]): Promise<void> {
  const effects = ratings.map((rating) => ratingEffect(rating, -1));
  const byPlayer = new Map<number, EffectValues>();
  const byRater = new Map<string, EffectValues>();
  const byDay = new Map<string, EffectValues>();
  const add = (into: Map<string | number, EffectValues>, key: string | number, effect: EffectValues) => {
    const held = into.get(key);
    into.set(key, held ? addEffects(held, effect) : { ...effect });
  };
  for (const effect of effects) {
    add(byPlayer, effect.playerId!, effect);
    if (!effect.raterUserId) continue;
    add(byRater, effect.raterUserId, effect);
    add(byDay, `${effect.raterUserId} ${effect.day}`, effect);
  }
  const players = [...byPlayer.values()].sort((a, b) => a.playerId! - b.playerId!);
  for (let start = 0; start < players.length; start += PLAYERS_PER_STATEMENT) {
    const chunk = players.slice(start, start + PLAYERS_PER_STATEMENT);
    await applyPlayerDeltas(db, {
      playerIds: chunk.map((effect) => effect.playerId!),
      counts: chunk.map((effect) => effect.count),
      overalls: chunk.map((effect) => effect.overall),
      scores: Object.fromEntries(
        RATING_SCORE_FIELDS.map((field) => [field, chunk.map((effect) => effect.scores[field])]),
      ) as Record<RatingScoreField, number[]>,
      stars: Object.fromEntries(STARS.map((star) => [star, chunk.map((effect) => effect.stars[star])])) as Record<
        StarBucket,
        number[]
      >,
    });
  }
  const days = [...byDay.values()];
  await takeBackDays(db, {
    days: days.map((effect) => effect.day!),
    userIds: days.map((effect) => effect.raterUserId!),
    ratings: days.map((effect) => effect.dayRatings),
    helpfulnessSums: days.map((effect) => effect.helpfulnessSum),
    helpfulnessCounts: days.map((effect) => effect.helpfulnessCount),
  });
  // Each rater's totals, then the badges their remaining counted ratings no longer earn (the days moved above).
  for (const rater of byRater.values()) {
    await applyEffect(db, { ...rater, playerId: null, day: null, dayRatings: 0, withdraw: true });
  }
}
