/**
 * The full run: hyper-parameters, every rater's leniency and every player's estimate.
 * Skills and leniencies are solved alternately (each in closed form given the other) until the leniencies
 * settle; the last pass is exactly what estimatePlayer computes, so the worker's incremental results match.
 */
import { RECENCY_HALF_LIFE_MONTHS } from '../../../../common/schemas/trust';
import { fitHyper } from './fit-hyper';
import { packRatings, type PackedRatings } from './packed-ratings';
import { buildEstimate, newRatingArrays } from './player-estimate';
import {
  modelConstants,
  newPosteriorOut,
  priorFor,
  solvePlayer,
  type ModelConstants,
  type RatingArrays,
} from './player-posterior';
import type { FullFit, Hyper, Leniency, PlayerEstimate, TrustPlayer, TrustRating } from './types';

/** The six fields; a local constant because an imported binding is a property read in hot loops. */
const N = 6;

/** While leniencies settle, two ordinal passes are close enough; the final pass does them all. */
const ALTERNATION_ORDINAL_PASSES = 2;
const OVER_RELAXATION = 1.5;

export interface FitOptions {
  /** Most alternations of skills and leniencies (they usually settle in fewer). */
  maxIterations?: number;
  /** Ratings the hyper-parameter sampler looks at, at most. */
  maxSampledRatings?: number;
  seed?: number;
}

export function fitAll(
  players: TrustPlayer[],
  ratings: TrustRating[],
  now: number,
  previous?: Hyper,
  options: FitOptions = {},
): FullFit {
  const packed = packRatings(players, ratings, now, RECENCY_HALF_LIFE_MONTHS);
  const hyper = fitHyper(
    packed,
    { halfLifeMonths: RECENCY_HALF_LIFE_MONTHS, maxRatings: options.maxSampledRatings, seed: options.seed },
    previous,
  );
  const constants = modelConstants(hyper);
  const { raterMean, raterVar } = solveLeniency(constants, packed, options.maxIterations ?? 10);

  const arrays = ratingArraysOf(packed);
  fillLeniency(packed, arrays, raterMean, raterVar);
  const posterior = newPosteriorOut();
  const estimates = new Map<number, PlayerEstimate>();
  for (let p = 0; p < packed.playerCount; p++) {
    const start = packed.playerStart[p];
    const end = packed.playerStart[p + 1];
    const prior = priorFor(constants, selfLevelOf(packed, p));
    solvePlayer(constants, prior, arrays, start, end, posterior);
    estimates.set(
      packed.playerIds[p],
      buildEstimate(
        constants,
        prior,
        posterior,
        arrays,
        start,
        packed.ratingIds.subarray(start, end),
        distinctRaters(packed, start, end),
      ),
    );
  }
  for (const r of ratings) if (r.excluded) estimates.get(r.playerId)?.weights.set(r.id, 0);

  const raterCounts = new Int32Array(packed.raterCount);
  for (let r = 0; r < packed.ratingCount; r++) raterCounts[packed.raterOf[r]]++;
  const leniency = new Map<string, Leniency>();
  packed.raterKeys.forEach((key, k) => {
    leniency.set(key, { mean: raterMean[k], sd: Math.sqrt(raterVar[k]), count: raterCounts[k] });
  });

  let overallSum = 0;
  for (let r = 0; r < packed.ratingCount; r++) overallSum += packed.stars[r * N + N - 1];
  const communityMean = packed.ratingCount > 0 ? overallSum / packed.ratingCount : hyper.meanNoSelf[N - 1];
  return { hyper, communityMean: Math.round(communityMean * 100) / 100, leniency, estimates };
}

function distinctRaters(packed: PackedRatings, start: number, end: number): number {
  return new Set(packed.raterOf.subarray(start, end)).size;
}

function selfLevelOf(packed: PackedRatings, p: number): number | null {
  return Number.isNaN(packed.selfLevel[p]) ? null : packed.selfLevel[p];
}

function ratingArraysOf(packed: PackedRatings): RatingArrays {
  const arrays = newRatingArrays(0);
  arrays.stars = packed.stars;
  arrays.recency = packed.recency;
  arrays.ageYears = packed.ageYears;
  arrays.lenMean = new Float64Array(packed.ratingCount);
  arrays.lenVar = new Float64Array(packed.ratingCount);
  arrays.siteValue = new Float64Array(packed.ratingCount * N);
  arrays.siteVar = new Float64Array(packed.ratingCount * N);
  return arrays;
}

function fillLeniency(
  packed: PackedRatings,
  arrays: RatingArrays,
  raterMean: Float64Array,
  raterVar: Float64Array,
): void {
  for (let r = 0; r < packed.ratingCount; r++) {
    arrays.lenMean[r] = raterMean[packed.raterOf[r]];
    arrays.lenVar[r] = raterVar[packed.raterOf[r]];
  }
}

/**
 * Alternates: skills given leniencies, then leniencies given skills. The leniency mean is the exact conditional
 * (so the pair converges to the joint posterior mean); its variance also counts the skills' uncertainty, since
 * the players' estimates pass it on into their intervals.
 */
function solveLeniency(
  constants: ModelConstants,
  packed: PackedRatings,
  maxIterations: number,
): { raterMean: Float64Array; raterVar: Float64Array } {
  const { hyper } = constants;
  const improvement = hyper.improvementPerYear;
  const raterMean = new Float64Array(packed.raterCount);
  const raterVar = new Float64Array(packed.raterCount).fill(hyper.leniencyVar);
  const arrays = ratingArraysOf(packed);
  const posterior = newPosteriorOut();
  const playerMean = new Float64Array(packed.playerCount * N);
  const playerSixVar = new Float64Array(packed.playerCount);
  const condPrec = new Float64Array(packed.raterCount);
  const margPrec = new Float64Array(packed.raterCount);
  const info = new Float64Array(packed.raterCount);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    fillLeniency(packed, arrays, raterMean, raterVar);
    for (let p = 0; p < packed.playerCount; p++) {
      solvePlayer(
        constants,
        priorFor(constants, selfLevelOf(packed, p)),
        arrays,
        packed.playerStart[p],
        packed.playerStart[p + 1],
        posterior,
        ALTERNATION_ORDINAL_PASSES,
      );
      let sixVar = 0;
      for (let k = 0; k < N * N; k++) sixVar += posterior.cov[k];
      playerSixVar[p] = sixVar / (N * N);
      for (let f = 0; f < N; f++) playerMean[p * N + f] = posterior.mean[f];
    }
    condPrec.fill(0);
    margPrec.fill(0);
    info.fill(0);
    for (let r = 0; r < packed.ratingCount; r++) {
      const p = packed.playerOf[r];
      let sumA = 0;
      let sumAr = 0;
      for (let f = 0; f < N; f++) {
        const a = 1 / arrays.siteVar[r * N + f];
        sumA += a;
        sumAr += a * (arrays.siteValue[r * N + f] - playerMean[p * N + f] + improvement * packed.ageYears[r]);
      }
      const w = packed.recency[r];
      const condVar = (1 / sumA + hyper.haloVar) / w;
      const k = packed.raterOf[r];
      condPrec[k] += 1 / condVar;
      info[k] += sumAr / sumA / condVar;
      margPrec[k] += 1 / (condVar + playerSixVar[p]);
    }
    let change = 0;
    // Over-relaxed after the first pass: plain alternation closes only about 60% of the gap per pass.
    const relax = iteration === 0 ? 1 : OVER_RELAXATION;
    for (let k = 0; k < packed.raterCount; k++) {
      const mean = info[k] / (condPrec[k] + 1 / hyper.leniencyVar);
      change = Math.max(change, Math.abs(mean - raterMean[k]));
      raterMean[k] += relax * (mean - raterMean[k]);
      raterVar[k] = 1 / (margPrec[k] + 1 / hyper.leniencyVar);
    }
    if (change < 1e-3) break;
  }
  return { raterMean, raterVar };
}
