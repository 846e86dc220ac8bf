/**
 * Hyper-parameters from a Gibbs sampler (stochastic EM): latent scores, halos, leniencies and skills are drawn
 * from their full conditionals and the settings re-estimated from the draws. Plug-in EM ignores the posterior
 * correlation between a player's skill and its raters' leniency, over-shrinks and under-covers; draws carry
 * that uncertainty, so the prior covariance they give is not biased low.
 * On a large site a random subsample of players (all their ratings) is enough for twenty-odd global numbers.
 */
import { defaultHyper } from './default-hyper';
import { gibbsSweep, priorMeanOf, type GibbsDraws, type SelfLevelGroups } from './gibbs-sweep';
import { subsample, type HyperSample } from './hyper-sample';
import { gaussianSampler, seededRandom } from './normal-distribution';
import type { PackedRatings } from './packed-ratings';
import { updateHyper } from './update-hyper';
import type { Hyper } from './types';

/** The six fields; a local constant because an imported binding is a property read in hot loops. */
const N = 6;

export interface HyperFitOptions {
  /** At most this many ratings go into the sampler. */
  maxRatings?: number;
  burnIn?: number;
  keep?: number;
  seed?: number;
  halfLifeMonths: number;
}

const DEFAULT_MAX_RATINGS = 30_000;

export function fitHyper(data: PackedRatings, options: HyperFitOptions, previous?: Hyper): Hyper {
  const random = seededRandom(options.seed ?? 20261125);
  const gauss = gaussianSampler(random);
  // Recency weights are not part of the generative model (weighting old ratings down here would read as less
  // noise); the estimates apply them on top. Players' improvement is modelled: a rating `age` years old saw
  // skill − (improvementPerYear + the player's own rate) × age.
  const sample = subsample(data, options.maxRatings ?? DEFAULT_MAX_RATINGS, random);
  const { playerCount, raterCount, ratingCount, stars, selfLevel } = sample;

  const selfCenter = previous?.selfCenter ?? meanSelfLevel(sample);
  let hyper = startingHyper(sample, options.halfLifeMonths, selfCenter, previous);
  // A warm start burns in as long as a cold one: the previous settings may come from other ratings (collusion set
  // aside since), and ten sweeps left their halo in the average, over-shrinking few-rating players (decision 019).
  const burnIn = options.burnIn ?? 30;
  const keep = options.keep ?? (previous ? 30 : 40);
  if (ratingCount === 0) return hyper;

  const groups: SelfLevelGroups = { withSelf: [], noSelf: [], selfCenter };
  for (let p = 0; p < playerCount; p++) (Number.isNaN(selfLevel[p]) ? groups.noSelf : groups.withSelf).push(p);

  const draws: GibbsDraws = {
    z: Float64Array.from(stars),
    h: new Float64Array(ratingCount),
    b: new Float64Array(raterCount),
    s: new Float64Array(playerCount * N),
    rate: new Float64Array(playerCount),
  };
  const priorMean = priorMeanOf(hyper, selfLevel, selfCenter);
  for (let p = 0; p < playerCount; p++) for (let f = 0; f < N; f++) draws.s[p * N + f] = priorMean(p, f);

  const kept = keptSums();
  const sweeps = burnIn + keep;
  for (let sweep = 0; sweep < sweeps; sweep++) {
    gibbsSweep({ hyper, sample, draws, random, gauss }, groups);
    hyper = updateHyper(hyper, sample, draws, groups);
    if (sweep >= burnIn) addKept(kept, hyper);
  }
  return {
    ...averageKept(hyper, kept, keep),
    fit: { players: data.playerCount, ratings: data.ratingCount, sampledRatings: ratingCount, sweeps },
  };
}

/** The self-reported levels' mean, to two decimals; 3 when no player gave one. */
function meanSelfLevel({ playerCount, selfLevel }: HyperSample): number {
  let selfSum = 0;
  let selfCount = 0;
  for (let p = 0; p < playerCount; p++) {
    if (!Number.isNaN(selfLevel[p])) {
      selfSum += selfLevel[p];
      selfCount++;
    }
  }
  return selfCount > 0 ? Math.round((selfSum / selfCount) * 100) / 100 : 3;
}

/** The previous run's settings (a warm start), or the neutral ones centred on the mean star. */
function startingHyper(sample: HyperSample, halfLifeMonths: number, selfCenter: number, previous?: Hyper): Hyper {
  const hyper: Hyper = previous ? structuredClone(previous) : defaultHyper(halfLifeMonths, selfCenter);
  hyper.halfLifeMonths = halfLifeMonths;
  if (!previous) {
    const { ratingCount, stars } = sample;
    let sum = 0;
    for (let k = 0; k < ratingCount * N; k++) sum += stars[k];
    const mean = ratingCount > 0 ? sum / (ratingCount * N) : 3.2;
    hyper.meanNoSelf.fill(mean);
    hyper.intercept.fill(mean);
  }
  return hyper;
}

/** Sums of the settings over the sweeps kept after the burn-in. */
const keptSums = () => ({
  noiseVar: 0,
  improvementPerYear: 0,
  improvementVar: 0,
  haloVar: 0,
  leniencyVar: 0,
  meanNoSelf: new Float64Array(N),
  intercept: new Float64Array(N),
  slope: new Float64Array(N),
  covNoSelf: new Float64Array(N * N),
  covWithSelf: new Float64Array(N * N),
});
type KeptSums = ReturnType<typeof keptSums>;

function addKept(sums: KeptSums, hyper: Hyper): void {
  sums.noiseVar += hyper.noiseVar;
  sums.improvementPerYear += hyper.improvementPerYear;
  sums.improvementVar += hyper.improvementVar;
  sums.haloVar += hyper.haloVar;
  sums.leniencyVar += hyper.leniencyVar;
  for (let f = 0; f < N; f++) {
    sums.meanNoSelf[f] += hyper.meanNoSelf[f];
    sums.intercept[f] += hyper.intercept[f];
    sums.slope[f] += hyper.slope[f];
  }
  for (let k = 0; k < N * N; k++) {
    sums.covNoSelf[k] += hyper.covNoSelf[k];
    sums.covWithSelf[k] += hyper.covWithSelf[k];
  }
}

/** The last sweep's settings with each sampled one replaced by its mean over the kept sweeps. */
function averageKept(hyper: Hyper, sums: KeptSums, keep: number): Hyper {
  const avg = (x: number): number => x / keep;
  return {
    ...hyper,
    meanNoSelf: Array.from(sums.meanNoSelf, avg),
    intercept: Array.from(sums.intercept, avg),
    slope: Array.from(sums.slope, avg),
    covNoSelf: Array.from(sums.covNoSelf, avg),
    covWithSelf: Array.from(sums.covWithSelf, avg),
    noiseVar: avg(sums.noiseVar),
    haloVar: avg(sums.haloVar),
    leniencyVar: avg(sums.leniencyVar),
    improvementPerYear: avg(sums.improvementPerYear),
    improvementVar: avg(sums.improvementVar),
  };
}
