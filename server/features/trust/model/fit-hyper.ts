/**
 * Hyper-parameters from a Gibbs sampler (stochastic EM): latent scores, halos, leniencies and skills are drawn
 * from their full conditionals and the settings re-estimated from the draws. Plug-in EM ignores the posterior
 * correlation between a player's skill and its raters' leniency, over-shrinks and under-covers; draws carry
 * that uncertainty, so the prior covariance they give is not biased low.
 * On a large site a random subsample of players (all their ratings) is enough for twenty-odd global numbers.
 */
import { symmetricEigen } from './matrix6';
import { gaussianSampler, seededRandom, truncatedNormal } from './normal-distribution';
import type { PackedRatings } from './packed-ratings';
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

/** A neutral start: mid-scale, categories correlated 0.85, the noise of a typical rater. */
export function defaultHyper(halfLifeMonths: number, selfCenter = 3): Hyper {
  const cov: number[] = [];
  for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) cov.push(i === j ? 0.5 : 0.85 * 0.5);
  return {
    version: 1,
    meanNoSelf: Array<number>(N).fill(3.2),
    covNoSelf: cov.slice(),
    intercept: Array<number>(N).fill(3.2),
    slope: Array<number>(N).fill(0),
    selfCenter,
    covWithSelf: cov.slice(),
    noiseVar: 0.25,
    haloVar: 0.1,
    leniencyVar: 0.1,
    improvementPerYear: 0,
    improvementVar: 0.01,
    roundingVar: 1 / 12,
    halfLifeMonths,
    ordinalPasses: 4,
    fit: { players: 0, ratings: 0, sampledRatings: 0, sweeps: 0 },
  };
}

interface Sample {
  playerCount: number;
  raterCount: number;
  ratingCount: number;
  selfLevel: Float64Array;
  playerOf: Int32Array;
  raterOf: Int32Array;
  stars: Float64Array;
  /** Years between the rating and now. */
  ageYears: Float64Array;
}

function subsample(data: PackedRatings, maxRatings: number, random: () => number): Sample {
  if (data.ratingCount <= maxRatings) return data;
  const order = Array.from({ length: data.playerCount }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const chosen: number[] = [];
  let total = 0;
  for (const p of order) {
    if (total >= maxRatings) break;
    const count = data.playerStart[p + 1] - data.playerStart[p];
    if (count === 0) continue;
    chosen.push(p);
    total += count;
  }
  const raterIndex = new Int32Array(data.raterCount).fill(-1);
  let raterCount = 0;
  const sample: Sample = {
    playerCount: chosen.length,
    raterCount: 0,
    ratingCount: total,
    selfLevel: new Float64Array(chosen.length),
    playerOf: new Int32Array(total),
    raterOf: new Int32Array(total),
    stars: new Float64Array(total * N),
    ageYears: new Float64Array(total),
  };
  let slot = 0;
  chosen.forEach((p, i) => {
    sample.selfLevel[i] = data.selfLevel[p];
    for (let r = data.playerStart[p]; r < data.playerStart[p + 1]; r++) {
      const k = data.raterOf[r];
      if (raterIndex[k] < 0) raterIndex[k] = raterCount++;
      sample.playerOf[slot] = i;
      sample.raterOf[slot] = raterIndex[k];
      sample.ageYears[slot] = data.ageYears[r];
      for (let f = 0; f < N; f++) sample.stars[slot * N + f] = data.stars[r * N + f];
      slot++;
    }
  });
  sample.raterCount = raterCount;
  return sample;
}

/** Weak priors keep a tiny site's fit sane; with thousands of ratings they weigh nothing. */
const PRIOR_COUNT = 8;
const MID_SCALE = 3;

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

export function fitHyper(data: PackedRatings, options: HyperFitOptions, previous?: Hyper): Hyper {
  const random = seededRandom(options.seed ?? 20261125);
  const gauss = gaussianSampler(random);
  // Recency weights are not part of the generative model (weighting old ratings down here would read as less
  // noise); the estimates apply them on top. Players' improvement is modelled: a rating `age` years old saw
  // skill − (improvementPerYear + the player's own rate) × age.
  const sample = subsample(data, options.maxRatings ?? DEFAULT_MAX_RATINGS, random);
  const { playerCount, raterCount, ratingCount, playerOf, raterOf, stars, selfLevel, ageYears } = sample;

  let selfSum = 0;
  let selfCount = 0;
  for (let p = 0; p < playerCount; p++) {
    if (!Number.isNaN(selfLevel[p])) {
      selfSum += selfLevel[p];
      selfCount++;
    }
  }
  const selfCenter = previous?.selfCenter ?? (selfCount > 0 ? Math.round((selfSum / selfCount) * 100) / 100 : 3);
  let hyper: Hyper = previous ? structuredClone(previous) : defaultHyper(options.halfLifeMonths, selfCenter);
  hyper.halfLifeMonths = options.halfLifeMonths;
  if (!previous) {
    let sum = 0;
    for (let k = 0; k < ratingCount * N; k++) sum += stars[k];
    const mean = ratingCount > 0 ? sum / (ratingCount * N) : 3.2;
    hyper.meanNoSelf.fill(mean);
    hyper.intercept.fill(mean);
  }
  const burnIn = options.burnIn ?? (previous ? 10 : 30);
  const keep = options.keep ?? (previous ? 30 : 40);
  if (ratingCount === 0) return hyper;

  const withSelf: number[] = [];
  const noSelf: number[] = [];
  for (let p = 0; p < playerCount; p++) (Number.isNaN(selfLevel[p]) ? noSelf : withSelf).push(p);

  const z = Float64Array.from(stars);
  const h = new Float64Array(ratingCount);
  const b = new Float64Array(raterCount);
  const s = new Float64Array(playerCount * N);
  const rate = new Float64Array(playerCount);
  const shift = new Float64Array(ratingCount);
  const priorMean = (p: number, f: number): number =>
    Number.isNaN(selfLevel[p])
      ? hyper.meanNoSelf[f]
      : hyper.intercept[f] + hyper.slope[f] * (selfLevel[p] - selfCenter);
  for (let p = 0; p < playerCount; p++) for (let f = 0; f < N; f++) s[p * N + f] = priorMean(p, f);
  const prior = new Float64Array(playerCount * N);

  const raterPrec = new Float64Array(raterCount);
  const raterInfo = new Float64Array(raterCount);
  const playerPrec = new Float64Array(playerCount);
  const playerInfo = new Float64Array(playerCount * N);
  const t = new Float64Array(N);
  const q = new Float64Array(N);

  const sums = {
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
  };

  const sweeps = burnIn + keep;
  for (let sweep = 0; sweep < sweeps; sweep++) {
    const { noiseVar, haloVar, leniencyVar, improvementPerYear, improvementVar } = hyper;
    const noiseSd = Math.sqrt(noiseVar);
    for (let r = 0; r < ratingCount; r++) shift[r] = (improvementPerYear + rate[playerOf[r]]) * ageYears[r];
    for (let p = 0; p < playerCount; p++) for (let f = 0; f < N; f++) prior[p * N + f] = priorMean(p, f);
    // Latent scores behind the stars: a 3 is somewhere in [2.5, 3.5], a 5 anywhere from 4.5 up.
    for (let r = 0; r < ratingCount; r++) {
      const sd = noiseSd;
      const base = b[raterOf[r]] + h[r] - shift[r];
      const p = playerOf[r];
      for (let f = 0; f < N; f++) {
        const y = stars[r * N + f];
        const mu = s[p * N + f] + base;
        const lo = y <= 1 ? -Infinity : (y - 0.5 - mu) / sd;
        const hi = y >= 5 ? Infinity : (y + 0.5 - mu) / sd;
        z[r * N + f] = mu + sd * truncatedNormal(lo, hi, random, gauss);
      }
    }
    // Halo of each rating.
    for (let r = 0; r < ratingCount; r++) {
      const p = playerOf[r];
      let e = 0;
      for (let f = 0; f < N; f++) e += z[r * N + f] - s[p * N + f] - b[raterOf[r]] + shift[r];
      const prec = N / noiseVar + 1 / haloVar;
      h[r] = e / noiseVar / prec + gauss() / Math.sqrt(prec);
    }
    // Leniency of each rater.
    raterPrec.fill(0);
    raterInfo.fill(0);
    for (let r = 0; r < ratingCount; r++) {
      const p = playerOf[r];
      let e = 0;
      for (let f = 0; f < N; f++) e += z[r * N + f] - s[p * N + f] - h[r] + shift[r];
      raterPrec[raterOf[r]] += N / noiseVar;
      raterInfo[raterOf[r]] += e / noiseVar;
    }
    for (let k = 0; k < raterCount; k++) {
      const prec = raterPrec[k] + 1 / leniencyVar;
      b[k] = raterInfo[k] / prec + gauss() / Math.sqrt(prec);
    }
    // Skills: prior precision plus a multiple of the identity, diagonal in the prior's eigenbasis.
    playerPrec.fill(0);
    playerInfo.fill(0);
    for (let r = 0; r < ratingCount; r++) {
      const p = playerOf[r];
      const offset = b[raterOf[r]] + h[r] - shift[r];
      playerPrec[p] += 1 / noiseVar;
      for (let f = 0; f < N; f++) playerInfo[p * N + f] += (z[r * N + f] - offset) / noiseVar;
    }
    const groups: Array<[number[], number[]]> = [
      [noSelf, hyper.covNoSelf],
      [withSelf, hyper.covWithSelf],
    ];
    for (const [members, cov] of groups) {
      const { values, vectors } = symmetricEigen(cov);
      for (let i = 0; i < N; i++) values[i] = Math.max(values[i], 1e-6);
      for (const p of members) {
        for (let i = 0; i < N; i++) {
          let um = 0;
          let ur = 0;
          for (let f = 0; f < N; f++) {
            um += vectors[f * N + i] * prior[p * N + f];
            ur += vectors[f * N + i] * playerInfo[p * N + f];
          }
          q[i] = 1 / values[i] + playerPrec[p];
          t[i] = (um / values[i] + ur) / q[i] + gauss() / Math.sqrt(q[i]);
        }
        for (let f = 0; f < N; f++) {
          let v = 0;
          for (let i = 0; i < N; i++) v += vectors[f * N + i] * t[i];
          s[p * N + f] = v;
        }
      }
    }
    // Each player's own improvement rate, shared by its six fields.
    const rateInfo = new Float64Array(playerCount);
    const ratePrec = new Float64Array(playerCount).fill(1 / improvementVar);
    for (let r = 0; r < ratingCount; r++) {
      const p = playerOf[r];
      const age = ageYears[r];
      let u = 0;
      for (let f = 0; f < N; f++) u += z[r * N + f] - s[p * N + f] - b[raterOf[r]] - h[r] + improvementPerYear * age;
      rateInfo[p] -= (age * u) / noiseVar;
      ratePrec[p] += (N * age * age) / noiseVar;
    }
    for (let p = 0; p < playerCount; p++) rate[p] = rateInfo[p] / ratePrec[p] + gauss() / Math.sqrt(ratePrec[p]);
    hyper = updateHyper(hyper, sample, { z, h, b, s, rate, withSelf, noSelf, selfCenter });
    if (sweep >= burnIn) {
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
  }
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
    fit: { players: data.playerCount, ratings: data.ratingCount, sampledRatings: ratingCount, sweeps },
  };
}

function updateHyper(
  hyper: Hyper,
  sample: Sample,
  state: {
    z: Float64Array;
    h: Float64Array;
    b: Float64Array;
    s: Float64Array;
    rate: Float64Array;
    withSelf: number[];
    noSelf: number[];
    selfCenter: number;
  },
): Hyper {
  const { z, h, b, s, rate, withSelf, noSelf, selfCenter } = state;
  const { ratingCount, raterCount, playerCount, playerOf, raterOf, ageYears, selfLevel } = sample;
  // The population's improvement per year: least squares of what the ratings' age leaves unexplained.
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
  const improvementPerYear = ageSquares > 0 ? Math.max(-0.5, Math.min(0.5, ageInfo / ageSquares)) : 0;
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
  const next: Hyper = {
    ...hyper,
    noiseVar: (noise + 2 * 0.25) / (ratingCount * N + 2),
    haloVar: Math.max(1e-3, (halo + 2 * 0.05) / (ratingCount + 2)),
    leniencyVar: Math.max(1e-3, (leniency + 2 * 0.05) / (raterCount + 2)),
    improvementPerYear,
    improvementVar: Math.max(1e-4, (rates + 2 * 0.01) / (playerCount + 2)),
  };

  const fallback = defaultHyper(hyper.halfLifeMonths).covNoSelf;
  // Small sites: the means lean toward mid-scale and the slope toward zero by PRIOR_COUNT pseudo-players.
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
