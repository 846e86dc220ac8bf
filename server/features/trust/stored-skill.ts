import type { StoredSkill } from '../../db/schema/index';
import { round2 } from './model/round2';
import type { PlayerEstimate, TrustRating } from './model/types';
import type { SkillWrite } from './trust.repo';

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

/** What the stored counts read of a player's ratings. */
type CountedRating = Pick<TrustRating, 'id' | 'raterKey' | 'at' | 'excluded'>;

/** The stored form of an estimate, with the counts a player reads beside it. */
export function toStoredSkill(
  estimate: PlayerEstimate,
  ratings: CountedRating[],
  communityMean: number,
  now: number,
): StoredSkill {
  const mine = ratings.filter((rating) => !rating.excluded);
  const { fields } = estimate;
  return {
    categories: {
      serveReturn: fields.serveReturn,
      groundstrokesThirdShot: fields.groundstrokesThirdShot,
      netPlayVolleysDinks: fields.netPlayVolleysDinks,
      movementCourtAwareness: fields.movementCourtAwareness,
      mentalPhysicalGame: fields.mentalPhysicalGame,
    },
    overall: fields.overall,
    communityMean: round2(communityMean),
    reliability: {
      label: estimate.reliability.label,
      score: estimate.reliability.score,
      ratings: mine.length,
      distinctRaters: new Set(mine.map((rating) => rating.raterKey)).size,
      ratingsLast12Months: mine.filter((rating) => now - rating.at <= YEAR_MS).length,
    },
  };
}

export function skillWrite(
  playerId: number,
  estimate: PlayerEstimate,
  ratings: CountedRating[],
  communityMean: number,
  now: number,
): SkillWrite {
  const weights: Record<string, number> = {};
  for (const rating of ratings) weights[rating.id] = round2(estimate.weights.get(rating.id) ?? 0);
  return { playerId, skill: toStoredSkill(estimate, ratings, communityMean, now), weights };
}
