/** The M-step of the sampler behind fitHyper: the settings re-estimated from one sweep's draws. */
import { defaultHyper } from './default-hyper';
import type { GibbsDraws, SelfLevelGroups } from './gibbs-sweep';
import type { HyperSample } from './hyper-sample';
import type { Hyper } from './types';

/** The six fields; a local constant because an imported binding is a property read in hot loops. */
const N = 6;

/** Weak priors keep a tiny site's fit sane; with thousands of ratings they weigh nothing. */
const PRIOR_COUNT = 8;
const MID_SCALE = 3;

export function updateHyper(hyper: Hyper, sample: HyperSample, draws: GibbsDraws, groups: SelfLevelGroups): Hyper {
  const { s } = draws;
  const { withSelf, noSelf, selfCenter } = groups;
  const { selfLevel } = sample;
  const improvementPerYear = populationImprovement(sample, draws);
  const next: Hyper = { ...hyper, ...populationVariances(sample, draws, improvementPerYear) };
  const fallback = defaultHyper(hyper.halfLifeMonths).covNoSelf;
  const { meanNoSelf, intercept, slope } = groupMeans(sample, s, groups);
  next.meanNoSelf = meanNoSelf;
  next.intercept = intercept;
  next.slope = slope;
  next.covNoSelf = groupCovariance(
    s,
    noSelf,
    (_p, f) => meanNoSelf[f],
    noSelf.length >= 30 ? fallback : hyper.covWithSelf,
  );
  next.covWithSelf = groupCovariance(
    s,
    withSelf,
    (p, f) => intercept[f] + slope[f] * (selfLevel[p] - selfCenter),
    fallback,
  );
  return next;
}

/** The population's improvement per year: least squares of what the ratings' age leaves unexplained. */
function populationImprovement(sample: HyperSample, draws: GibbsDraws): number {
  const { ratingCount, playerOf, raterOf, ageYears } = sample;
  const { z, h, b, s, rate } = draws;
  let ageInfo = 0;
  let ageSquares = 0;
  for (let r = 0; r < ratingCount; r++) {
    const p = playerOf[r];
    const age = ageYears[r];
    if (age <= 0) continue;
    const offset = b[raterOf[r]] + h[r] - rate[p] * age;
    for (let f = 0; f < N; f++) ageInfo += age * (s[p * N + f] + offset - z[r * N + f]);
    ageSquares += N * age * age;
  }
  return ageSquares > 0 ? Math.max(-0.5, Math.min(0.5, ageInfo / ageSquares)) : 0;
}

/** The variances of the noise, the halos, the leniencies and the players' own improvement rates. */
function populationVariances(
  sample: HyperSample,
  draws: GibbsDraws,
  improvementPerYear: number,
): Pick<Hyper, 'noiseVar' | 'haloVar' | 'leniencyVar' | 'improvementPerYear' | 'improvementVar'> {
  const { ratingCount, raterCount, playerCount, playerOf, raterOf, ageYears } = sample;
  const { z, h, b, s, rate } = draws;
  let noise = 0;
  let halo = 0;
  for (let r = 0; r < ratingCount; r++) {
    const p = playerOf[r];
    const offset = b[raterOf[r]] + h[r] - (improvementPerYear + rate[p]) * ageYears[r];
    for (let f = 0; f < N; f++) {
      const e = z[r * N + f] - s[p * N + f] - offset;
      noise += e * e;
    }
    halo += h[r] * h[r];
  }
  let rates = 0;
  for (let p = 0; p < playerCount; p++) rates += rate[p] * rate[p];
  let leniency = 0;
  for (let k = 0; k < raterCount; k++) leniency += b[k] * b[k];
  return {
    noiseVar: (noise + 2 * 0.25) / (ratingCount * N + 2),
    haloVar: Math.max(1e-3, (halo + 2 * 0.05) / (ratingCount + 2)),
    leniencyVar: Math.max(1e-3, (leniency + 2 * 0.05) / (raterCount + 2)),
    improvementPerYear,
    improvementVar: Math.max(1e-4, (rates + 2 * 0.01) / (playerCount + 2)),
  };
}

/**
 * The prior means: one per field for players without a self-reported level, a line through the level for the others.
 * Small sites: the means lean toward mid-scale and the slope toward zero by PRIOR_COUNT pseudo-players.
 */
function groupMeans(
  sample: HyperSample,
  s: Float64Array,
  { withSelf, noSelf, selfCenter }: SelfLevelGroups,
): Pick<Hyper, 'meanNoSelf' | 'intercept' | 'slope'> {
  const { selfLevel } = sample;
  const meanNoSelf = new Array<number>(N).fill(0);
  for (let f = 0; f < N; f++) {
    let sum = PRIOR_COUNT * MID_SCALE;
    for (const p of noSelf) sum += s[p * N + f];
    meanNoSelf[f] = sum / (noSelf.length + PRIOR_COUNT);
  }
  const intercept = new Array<number>(N).fill(0);
  const slope = new Array<number>(N).fill(0);
  if (withSelf.length > 0) {
    let mx = 0;
    for (const p of withSelf) mx += (selfLevel[p] - selfCenter) / withSelf.length;
    let sxx = 0;
    for (const p of withSelf) sxx += (selfLevel[p] - selfCenter - mx) ** 2;
    for (let f = 0; f < N; f++) {
      let my = 0;
      for (const p of withSelf) my += s[p * N + f] / withSelf.length;
      let sxy = 0;
      for (const p of withSelf) sxy += (selfLevel[p] - selfCenter - mx) * (s[p * N + f] - my);
      slope[f] = sxy / (sxx + PRIOR_COUNT * 0.25);
      const shrunk = (my * withSelf.length + MID_SCALE * PRIOR_COUNT) / (withSelf.length + PRIOR_COUNT);
      intercept[f] = shrunk - slope[f] * mx;
    }
  }
  if (noSelf.length === 0) meanNoSelf.splice(0, N, ...intercept);
  if (withSelf.length === 0) intercept.splice(0, N, ...meanNoSelf);
  return { meanNoSelf, intercept, slope };
}

function groupCovariance(
  s: Float64Array,
  members: number[],
  meanOf: (p: number, f: number) => number,
  fallback: readonly number[],
): number[] {
  const cov = fallback.map((v) => v * PRIOR_COUNT);
  for (const p of members) {
    for (let i = 0; i < N; i++) {
      const di = s[p * N + i] - meanOf(p, i);
      for (let j = 0; j < N; j++) cov[i * N + j] += di * (s[p * N + j] - meanOf(p, j));
    }
  }
  return cov.map((v) => v / (members.length + PRIOR_COUNT));
}
