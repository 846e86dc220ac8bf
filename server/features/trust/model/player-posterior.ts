/**
 * One player's posterior with the hyper-parameters and the raters' leniency held fixed: the closed form both
 * the full run and the incremental worker use, so the two agree by construction.
 *
 * Each rating is six noisy views of the player's skill: stars = clip(round(skill + leniency + halo + noise)).
 * Per rating the noise covariance is diag(siteVar) + (haloVar + leniency variance)·11ᵀ, divided by the
 * rating's recency weight; Sherman-Morrison keeps its inverse a few multiply-adds.
 * Interior stars read as Gaussian views with the rounding variance added. A 1 or a 5 only says "at most 1.5"
 * or "at least 4.5": a few passes replace it by the Gaussian site that matches the posterior's moments
 * (expectation propagation), so players near the ends of the scale get honest intervals.
 */
import { cholesky, choleskyInverse, choleskySolve, invertSpd, matVec } from './matrix6';
import { probitTilted } from './normal-distribution';
import type { Hyper } from './types';

/** The six fields; a local constant because an imported binding is a property read in hot loops. */
const N = 6;

/** What a Hyper implies, computed once per Hyper object. */
export interface ModelConstants {
  hyper: Hyper;
  precNoSelf: Float64Array;
  precWithSelf: Float64Array;
  interiorVar: number;
  noiseSd: number;
  /** Per-field prior standard deviation of a player with no self-reported level: the reliability yardstick. */
  priorSdNoSelf: Float64Array;
  /** Priors by self-reported level (a handful of distinct values), so the full run allocates none per player. */
  priors: Map<number, Prior>;
}

const constantsCache = new WeakMap<Hyper, ModelConstants>();

export function modelConstants(hyper: Hyper): ModelConstants {
  const cached = constantsCache.get(hyper);
  if (cached) return cached;
  const priorSdNoSelf = new Float64Array(N);
  for (let f = 0; f < N; f++) priorSdNoSelf[f] = Math.sqrt(hyper.covNoSelf[f * N + f]);
  const constants: ModelConstants = {
    hyper,
    precNoSelf: invertSpd(hyper.covNoSelf),
    precWithSelf: invertSpd(hyper.covWithSelf),
    interiorVar: hyper.noiseVar + hyper.roundingVar,
    noiseSd: Math.sqrt(hyper.noiseVar),
    priorSdNoSelf,
    priors: new Map(),
  };
  constantsCache.set(hyper, constants);
  return constants;
}

export interface Prior {
  mean: Float64Array;
  prec: Float64Array;
  info: Float64Array;
}

/** The prior of a player with this self-reported level (null: none). Shared: read it, never write to it. */
export function priorFor(constants: ModelConstants, selfLevel: number | null): Prior {
  const key = selfLevel === null || !Number.isFinite(selfLevel) ? -1 : selfLevel;
  const cached = constants.priors.get(key);
  if (cached) return cached;
  const prior = computePrior(constants, key < 0 ? null : key);
  if (constants.priors.size < 1000) constants.priors.set(key, prior);
  return prior;
}

function computePrior(constants: ModelConstants, selfLevel: number | null): Prior {
  const { hyper } = constants;
  const mean = new Float64Array(N);
  let prec: Float64Array;
  if (selfLevel === null || !Number.isFinite(selfLevel)) {
    for (let f = 0; f < N; f++) mean[f] = hyper.meanNoSelf[f];
    prec = constants.precNoSelf;
  } else {
    for (let f = 0; f < N; f++) mean[f] = hyper.intercept[f] + hyper.slope[f] * (selfLevel - hyper.selfCenter);
    prec = constants.precWithSelf;
  }
  const info = new Float64Array(N);
  matVec(prec, mean, info);
  return { mean, prec, info };
}

/** Ratings laid out flat; a player's ratings are the contiguous range [start, end). */
export interface RatingArrays {
  /** 6 per rating, whole stars 1-5. */
  stars: Uint8Array;
  /** Recency weight 0-1 (a half-life decay). */
  recency: Float64Array;
  /** Years between the rating and now: the skill it saw was lower by the population's improvement since. */
  ageYears: Float64Array;
  /** The rater's leniency: mean and variance. */
  lenMean: Float64Array;
  lenVar: Float64Array;
  /**
   * Gaussian sites (6 per rating), written by solvePlayer and read right after it (the shares, the leniency step).
   * Rating r's sites sit at (r - siteBase) * 6: the full run solves one player at a time into a small scratch
   * (siteBase = the player's first rating) rather than keeping 96 bytes per rating of the whole site.
   */
  siteValue: Float64Array;
  siteVar: Float64Array;
  siteBase: number;
}

export interface PosteriorOut {
  mean: Float64Array;
  cov: Float64Array;
}

export function newPosteriorOut(): PosteriorOut {
  return { mean: new Float64Array(N), cov: new Float64Array(N * N) };
}

const prec = new Float64Array(N * N);
const info = new Float64Array(N);
const chol = new Float64Array(N * N);
const a = new Float64Array(N);
const tilted = { mean: 0, variance: 0 };

/** Adds rating r's information to `prec` and `info`. */
function addRating(constants: ModelConstants, arrays: RatingArrays, r: number): void {
  const w = arrays.recency[r];
  if (w <= 0) return;
  const shared = constants.hyper.haloVar + arrays.lenVar[r];
  const offset = arrays.lenMean[r] - constants.hyper.improvementPerYear * arrays.ageYears[r];
  const site = (r - arrays.siteBase) * N;
  let sumA = 0;
  let sumAv = 0;
  for (let f = 0; f < N; f++) {
    a[f] = 1 / arrays.siteVar[site + f];
    sumA += a[f];
    sumAv += a[f] * (arrays.siteValue[site + f] - offset);
  }
  const g = shared / (1 + shared * sumA);
  for (let i = 0; i < N; i++) {
    const v = arrays.siteValue[site + i] - offset;
    info[i] += w * a[i] * (v - g * sumAv);
    prec[i * N + i] += w * a[i];
    for (let j = 0; j < N; j++) prec[i * N + j] -= w * g * a[i] * a[j];
  }
}

export function resetSites(constants: ModelConstants, arrays: RatingArrays, start: number, end: number): boolean {
  let extreme = false;
  const shift = arrays.siteBase * N;
  for (let k = start * N; k < end * N; k++) {
    const y = arrays.stars[k];
    arrays.siteValue[k - shift] = y;
    arrays.siteVar[k - shift] = constants.interiorVar;
    if (y <= 1 || y >= 5) extreme = true;
  }
  return extreme;
}

/** Posterior of one player's six skills from its ratings [start, end), leaving the final sites in `arrays`. */
export function solvePlayer(
  constants: ModelConstants,
  prior: Prior,
  arrays: RatingArrays,
  start: number,
  end: number,
  out: PosteriorOut,
  ordinalPasses = constants.hyper.ordinalPasses,
): void {
  const { hyper } = constants;
  const extreme = resetSites(constants, arrays, start, end);
  const passes = extreme ? Math.max(1, ordinalPasses) : 1;
  for (let pass = 0; pass < passes; pass++) {
    prec.set(prior.prec);
    info.set(prior.info);
    for (let r = start; r < end; r++) addRating(constants, arrays, r);
    if (!cholesky(prec, chol)) {
      for (let i = 0; i < N; i++) prec[i * N + i] += 1e-6;
      cholesky(prec, chol);
    }
    choleskySolve(chol, info, out.mean);
    choleskyInverse(chol, out.cov);
    if (pass === passes - 1) break;
    for (let r = start; r < end; r++) {
      for (let f = 0; f < N; f++) {
        const k = (r - arrays.siteBase) * N + f;
        const y = arrays.stars[r * N + f];
        if (y > 1 && y < 5) continue;
        // The cavity is the posterior marginal of this field's latent score (skill + leniency + halo).
        const cavityMean = out.mean[f] + arrays.lenMean[r] - hyper.improvementPerYear * arrays.ageYears[r];
        const cavityVar = out.cov[f * N + f] + arrays.lenVar[r] + hyper.haloVar;
        if (y >= 5) probitTilted(cavityMean, cavityVar, 4.5, 1, constants.noiseSd, tilted);
        else probitTilted(cavityMean, cavityVar, 1.5, -1, constants.noiseSd, tilted);
        const sitePrec = 1 / tilted.variance - 1 / cavityVar;
        if (sitePrec <= 1e-4) {
          arrays.siteVar[k] = 1e4;
          arrays.siteValue[k] = tilted.mean;
          continue;
        }
        const siteVar = Math.max(hyper.noiseVar, 1 / sitePrec);
        arrays.siteVar[k] = siteVar;
        arrays.siteValue[k] = siteVar * (tilted.mean / tilted.variance - cavityMean / cavityVar);
      }
    }
  }
  addOwnImprovement(constants, arrays, start, end, out);
}

/**
 * A player's own improvement rate is unknown (variance improvementVar around the population's), and it moves
 * all of the player's ratings together: the skill today is the skill at the ratings' weighted age plus
 * rate × that age. Adding it as a shared term, rather than per rating, keeps intervals honest for a player
 * rated many times long ago.
 */
function addOwnImprovement(
  constants: ModelConstants,
  arrays: RatingArrays,
  start: number,
  end: number,
  out: PosteriorOut,
): void {
  let age = 0;
  for (let r = start; r < end; r++) age += ratingShare(constants, arrays, r, out.cov) * arrays.ageYears[r];
  const extra = constants.hyper.improvementVar * age * age;
  if (extra <= 0) return;
  for (let k = 0; k < N * N; k++) out.cov[k] += extra;
}

/**
 * Rating r's share in the estimate: tr(Σpost · R⁻¹)/6. With the prior's tr(Σpost · Σ0⁻¹)/6 the shares sum to 1,
 * since Σpost⁻¹ is the prior precision plus every rating's.
 */
export function ratingShare(constants: ModelConstants, arrays: RatingArrays, r: number, cov: Float64Array): number {
  const w = arrays.recency[r];
  if (w <= 0) return 0;
  const shared = constants.hyper.haloVar + arrays.lenVar[r];
  const site = (r - arrays.siteBase) * N;
  let sumA = 0;
  let trace = 0;
  for (let f = 0; f < N; f++) {
    a[f] = 1 / arrays.siteVar[site + f];
    sumA += a[f];
    trace += cov[f * N + f] * a[f];
  }
  const g = shared / (1 + shared * sumA);
  let quad = 0;
  for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) quad += a[i] * cov[i * N + j] * a[j];
  return (w * (trace - g * quad)) / N;
}

export function priorShare(prior: Prior, cov: Float64Array): number {
  let trace = 0;
  for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) trace += cov[i * N + j] * prior.prec[j * N + i];
  return trace / N;
}
