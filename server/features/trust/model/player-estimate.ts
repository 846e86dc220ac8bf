/** A player's estimate as the product shows it: per-field mean and 90% interval, rating shares, reliability. */
import { reliabilityOf } from '../../../../common/reliability';
import { round2 } from './round2';
import { Z90 } from './normal-distribution';
import {
  modelConstants,
  newPosteriorOut,
  priorFor,
  priorShare,
  ratingShare,
  solvePlayer,
  type ModelConstants,
  type PosteriorOut,
  type Prior,
  type RatingArrays,
} from './player-posterior';
import {
  TRUST_FIELDS,
  type FieldEstimate,
  type Hyper,
  type Leniency,
  type PlayerEstimate,
  type TrustField,
  type TrustPlayer,
  type TrustRating,
} from './types';

/** The six fields; a local constant because an imported binding is a property read in hot loops. */
const N = 6;

const MONTH_MS = (365.25 / 12) * 24 * 3600 * 1000;

export function ageInYears(at: number, now: number): number {
  return Math.max(0, (now - at) / (12 * MONTH_MS));
}

/** Older ratings count less: a rating one half-life old counts half (players improve). */
export function recencyWeight(at: number, now: number, halfLifeMonths: number): number {
  const ageMonths = Math.max(0, (now - at) / MONTH_MS);
  return Math.pow(0.5, ageMonths / halfLifeMonths);
}

/** A star as the model reads it: a whole star 1-5 (an edited 'overall' can be a one-decimal mean). */
export function wholeStar(value: number): number {
  return Math.min(5, Math.max(1, Math.round(value)));
}

function fieldEstimate(mean: number, sd: number, n: number): FieldEstimate {
  const m = Math.min(5, Math.max(1, mean));
  const low = Math.max(1, Math.min(m, mean - Z90 * sd));
  const high = Math.min(5, Math.max(m, mean + Z90 * sd));
  return { mean: round2(m), low: round2(low), high: round2(high), n };
}

/**
 * The range's score: its width against an unrated player's with no stated level; 0 knows nothing beyond the
 * community, 100 would be a point. The label (and the cap below three raters) is common/reliability.ts.
 */
function rangeScore(constants: ModelConstants, cov: Float64Array): number {
  let width = 0;
  let priorWidth = 0;
  for (let f = 0; f < N; f++) {
    width += Math.sqrt(cov[f * N + f]);
    priorWidth += constants.priorSdNoSelf[f];
  }
  return 100 * (1 - width / priorWidth);
}

export function buildEstimate(
  constants: ModelConstants,
  prior: Prior,
  posterior: PosteriorOut,
  arrays: RatingArrays,
  start: number,
  ratingIds: ArrayLike<number>,
  distinctRaters: number,
): PlayerEstimate {
  const n = ratingIds.length;
  const fields = {} as Record<TrustField, FieldEstimate>;
  TRUST_FIELDS.forEach((field, f) => {
    fields[field] = fieldEstimate(posterior.mean[f], Math.sqrt(posterior.cov[f * N + f]), n);
  });
  // Shares of the ratings and the prior; normalised because the own-improvement term widens the posterior
  // without being anybody's share.
  const shares = new Float64Array(n);
  let total = priorShare(prior, posterior.cov);
  for (let i = 0; i < n; i++) {
    shares[i] = ratingShare(constants, arrays, start + i, posterior.cov);
    total += shares[i];
  }
  const weights = new Map<number, number>();
  for (let i = 0; i < n; i++) weights.set(ratingIds[i], shares[i] / total);
  let sixVar = 0;
  for (let k = 0; k < N * N; k++) sixVar += posterior.cov[k];
  return {
    fields,
    weights,
    reliability: reliabilityOf(rangeScore(constants, posterior.cov), n, distinctRaters),
    priorWeight: priorShare(prior, posterior.cov) / total,
    sixMeanSd: Math.sqrt(Math.max(0, sixVar)) / N,
  };
}

export function newRatingArrays(count: number): RatingArrays {
  return {
    stars: new Uint8Array(count * N),
    recency: new Float64Array(count),
    ageYears: new Float64Array(count),
    lenMean: new Float64Array(count),
    lenVar: new Float64Array(count),
    siteValue: new Float64Array(count * N),
    siteVar: new Float64Array(count * N),
    siteBase: 0,
  };
}

/** Nobody rated the player: the community's (or the self-reported level's) prior, label 'none', score 0. */
export function priorEstimate(hyper: Hyper, player: TrustPlayer): PlayerEstimate {
  const constants = modelConstants(hyper);
  const prior = priorFor(constants, player.selfLevel);
  const cov = player.selfLevel === null ? hyper.covNoSelf : hyper.covWithSelf;
  return buildEstimate(
    constants,
    prior,
    { mean: prior.mean, cov: Float64Array.from(cov) },
    newRatingArrays(0),
    0,
    [],
    0,
  );
}

function countedRatingArrays(
  hyper: Hyper,
  leniencyOf: (raterKey: string) => Leniency | undefined,
  counted: TrustRating[],
  now: number,
): RatingArrays {
  const arrays = newRatingArrays(counted.length);
  counted.forEach((rating, i) => {
    for (let f = 0; f < N; f++) arrays.stars[i * N + f] = wholeStar(rating.stars[f]);
    arrays.recency[i] = recencyWeight(rating.at, now, hyper.halfLifeMonths);
    arrays.ageYears[i] = ageInYears(rating.at, now);
    const leniency = leniencyOf(rating.raterKey);
    arrays.lenMean[i] = leniency?.mean ?? 0;
    arrays.lenVar[i] = leniency ? leniency.sd * leniency.sd : hyper.leniencyVar;
  });
  return arrays;
}

/** The posterior of one player's six skills from the given (counted) ratings, for the collusion checks. */
export function playerPosterior(
  hyper: Hyper,
  leniencyOf: (raterKey: string) => Leniency | undefined,
  selfLevel: number | null,
  counted: TrustRating[],
  now: number,
): PosteriorOut {
  const constants = modelConstants(hyper);
  const posterior = newPosteriorOut();
  solvePlayer(
    constants,
    priorFor(constants, selfLevel),
    countedRatingArrays(hyper, leniencyOf, counted, now),
    0,
    counted.length,
    posterior,
  );
  return posterior;
}

/**
 * The worker's recomputation of one player, with leniency held fixed between full runs. Gives exactly what
 * fitAll gives for the same ratings and leniency. Excluded (confirmed-flag) ratings get weight 0 and count in nothing.
 */
export function estimatePlayer(
  hyper: Hyper,
  leniencyOf: (raterKey: string) => Leniency | undefined,
  player: TrustPlayer,
  ratings: TrustRating[],
  now: number,
): PlayerEstimate {
  const counted = ratings.filter((r) => !r.excluded && r.playerId === player.id);
  if (counted.length === 0) {
    const estimate = priorEstimate(hyper, player);
    for (const r of ratings) estimate.weights.set(r.id, 0);
    return estimate;
  }
  const constants = modelConstants(hyper);
  const arrays = countedRatingArrays(hyper, leniencyOf, counted, now);
  const prior = priorFor(constants, player.selfLevel);
  const posterior = newPosteriorOut();
  solvePlayer(constants, prior, arrays, 0, counted.length, posterior);
  const estimate = buildEstimate(
    constants,
    prior,
    posterior,
    arrays,
    0,
    counted.map((r) => r.id),
    new Set(counted.map((r) => r.raterKey)).size,
  );
  for (const r of ratings) if (!estimate.weights.has(r.id)) estimate.weights.set(r.id, 0);
  return estimate;
}
