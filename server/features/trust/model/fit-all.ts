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

/** What the full run fitted, over packed ratings: the settings and every rater's leniency. */
export interface PackedFit {
  hyper: Hyper;
  constants: ModelConstants;
  raterMean: Float64Array;
  raterVar: Float64Array;
  /** Working arrays over every rating, filled with each rater's leniency; estimateRange writes its sites here. */
  arrays: RatingArrays;
  communityMean: number;
}

/** Called between the steps of a long fit (one per leniency pass), so a caller can report progress. */
export type FitProgress = (step: { phase: 'hyper' | 'leniency'; done: number; total: number }) => Promise<void>;

export function fitAll(
  players: TrustPlayer[],
  ratings: TrustRating[],
  now: number,
  previous?: Hyper,
  options: FitOptions = {},
): FullFit {
  const packed = packRatings(players, ratings, now, RECENCY_HALF_LIFE_MONTHS);
  const fitted = fitPackedSync(packed, previous, options);
  const estimates = new Map<number, PlayerEstimate>();
  estimateRange(fitted, packed, 0, packed.playerCount, (p, estimate) => estimates.set(packed.playerIds[p], estimate));
  for (const r of ratings) if (r.excluded) estimates.get(r.playerId)?.weights.set(r.id, 0);
  return { hyper: fitted.hyper, communityMean: fitted.communityMean, leniency: leniencyMap(packed, fitted), estimates };
}

function fitPackedSync(packed: PackedRatings, previous: Hyper | undefined, options: FitOptions): PackedFit {
  const hyper = fitHyperOf(packed, previous, options);
  const constants = modelConstants(hyper);
  const arrays = ratingArraysOf(packed);
  const solve = leniencySolver(constants, packed, arrays);
  const maxIterations = options.maxIterations ?? 10;
  for (let iteration = 0; iteration < maxIterations; iteration++) if (solve.pass(iteration)) break;
  return finishFit(packed, constants, arrays, solve);
}

/** fitAll over packed ratings, with a pause for `progress` after each leniency pass (the full run's worker). */
export async function fitPacked(
  packed: PackedRatings,
  previous: Hyper | undefined,
  progress: FitProgress,
  options: FitOptions = {},
): Promise<PackedFit> {
  await progress({ phase: 'hyper', done: 0, total: 1 });
  const hyper = fitHyperOf(packed, previous, options);
  const constants = modelConstants(hyper);
  const arrays = ratingArraysOf(packed);
  const solve = leniencySolver(constants, packed, arrays);
  const maxIterations = options.maxIterations ?? 10;
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    await progress({ phase: 'leniency', done: iteration, total: maxIterations });
    if (solve.pass(iteration)) break;
  }
  return finishFit(packed, constants, arrays, solve);
}

function fitHyperOf(packed: PackedRatings, previous: Hyper | undefined, options: FitOptions): Hyper {
  return fitHyper(
    packed,
    { halfLifeMonths: RECENCY_HALF_LIFE_MONTHS, maxRatings: options.maxSampledRatings, seed: options.seed },
    previous,
  );
}

function finishFit(
  packed: PackedRatings,
  constants: ModelConstants,
  arrays: RatingArrays,
  solve: { raterMean: Float64Array; raterVar: Float64Array },
): PackedFit {
  const { raterMean, raterVar } = solve;
  fillLeniency(packed, arrays, raterMean, raterVar);
  let overallSum = 0;
  for (let r = 0; r < packed.ratingCount; r++) overallSum += packed.stars[r * N + N - 1];
  const communityMean = packed.ratingCount > 0 ? overallSum / packed.ratingCount : constants.hyper.meanNoSelf[N - 1];
  return {
    hyper: constants.hyper,
    constants,
    raterMean,
    raterVar,
    arrays,
    communityMean: Math.round(communityMean * 100) / 100,
  };
}

/** Each player's estimate in [from, to), with the fitted leniencies: the last pass, as estimatePlayer computes it. */
export function estimateRange(
  fitted: PackedFit,
  packed: PackedRatings,
  from: number,
  to: number,
  visit: (p: number, estimate: PlayerEstimate) => void,
): void {
  const { constants, arrays } = fitted;
  const posterior = newPosteriorOut();
  for (let p = from; p < to; p++) {
    const start = packed.playerStart[p];
    const end = packed.playerStart[p + 1];
    const prior = priorFor(constants, selfLevelOf(packed, p));
    arrays.siteBase = start;
    solvePlayer(constants, prior, arrays, start, end, posterior);
    visit(
      p,
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
}

/** Each rater's leniency by key, with the number of ratings it gave (counted ones). */
export function leniencyMap(packed: PackedRatings, fitted: PackedFit): Map<string, Leniency> {
  const raterCounts = new Int32Array(packed.raterCount);
  for (let r = 0; r < packed.ratingCount; r++) raterCounts[packed.raterOf[r]]++;
  const leniency = new Map<string, Leniency>();
  packed.raterKeys.forEach((key, k) => {
    leniency.set(key, { mean: fitted.raterMean[k], sd: Math.sqrt(fitted.raterVar[k]), count: raterCounts[k] });
  });
  return leniency;
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
  // Sites for the largest player's ratings: each player is solved into them in turn (RatingArrays.siteBase).
  let most = 0;
  for (let p = 0; p < packed.playerCount; p++) most = Math.max(most, packed.playerStart[p + 1] - packed.playerStart[p]);
  arrays.siteValue = new Float64Array(most * N);
  arrays.siteVar = new Float64Array(most * N);
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
 * the players' estimates pass it on into their intervals. Each pass returns whether the leniencies settled.
 */
function leniencySolver(
  constants: ModelConstants,
  packed: PackedRatings,
  arrays: RatingArrays,
): { raterMean: Float64Array; raterVar: Float64Array; pass: (iteration: number) => boolean } {
  const { hyper } = constants;
  const improvement = hyper.improvementPerYear;
  const raterMean = new Float64Array(packed.raterCount);
  const raterVar = new Float64Array(packed.raterCount).fill(hyper.leniencyVar);
  const posterior = newPosteriorOut();
  const condPrec = new Float64Array(packed.raterCount);
  const margPrec = new Float64Array(packed.raterCount);
  const info = new Float64Array(packed.raterCount);
  const pass = (iteration: number): boolean => {
    fillLeniency(packed, arrays, raterMean, raterVar);
    condPrec.fill(0);
    margPrec.fill(0);
    info.fill(0);
    for (let p = 0; p < packed.playerCount; p++) {
      const start = packed.playerStart[p];
      const end = packed.playerStart[p + 1];
      arrays.siteBase = start;
      solvePlayer(
        constants,
        priorFor(constants, selfLevelOf(packed, p)),
        arrays,
        start,
        end,
        posterior,
        ALTERNATION_ORDINAL_PASSES,
      );
      let sixVar = 0;
      for (let k = 0; k < N * N; k++) sixVar += posterior.cov[k];
      const playerSixVar = sixVar / (N * N);
      // This player's ratings, in the same order a pass over all ratings would add them.
      for (let r = start; r < end; r++) {
        let sumA = 0;
        let sumAr = 0;
        for (let f = 0; f < N; f++) {
          const a = 1 / arrays.siteVar[(r - start) * N + f];
          sumA += a;
          sumAr += a * (arrays.siteValue[(r - start) * N + f] - posterior.mean[f] + improvement * packed.ageYears[r]);
        }
        const w = packed.recency[r];
        const condVar = (1 / sumA + hyper.haloVar) / w;
        const k = packed.raterOf[r];
        condPrec[k] += 1 / condVar;
        info[k] += sumAr / sumA / condVar;
        margPrec[k] += 1 / (condVar + playerSixVar);
      }
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
    return change < 1e-3;
  };
  return { raterMean, raterVar, pass };
}
