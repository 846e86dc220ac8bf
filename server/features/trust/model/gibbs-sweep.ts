/**
 * One sweep of the Gibbs sampler behind fitHyper: latent scores, halos, leniencies, skills and improvement rates,
 * each drawn from its full conditional given the rest. The order of the steps is the order of the seeded draws.
 */
import type { HyperSample } from './hyper-sample';
import { symmetricEigen } from './matrix6';
import { truncatedNormal } from './normal-distribution';
import type { Hyper } from './types';

/** The six fields; a local constant because an imported binding is a property read in hot loops. */
const N = 6;

/** The sampler's current draws. */
export interface GibbsDraws {
  /** Latent score behind each rating's stars, per field. */
  z: Float64Array;
  /** Halo of each rating. */
  h: Float64Array;
  /** Leniency of each rater. */
  b: Float64Array;
  /** Skill of each player, per field. */
  s: Float64Array;
  /** Each player's own improvement rate. */
  rate: Float64Array;
}

/** Players with and without a self-reported level (their priors differ), and the level the slope is centred on. */
export interface SelfLevelGroups {
  withSelf: number[];
  noSelf: number[];
  selfCenter: number;
}

interface Sweep {
  hyper: Hyper;
  sample: HyperSample;
  draws: GibbsDraws;
  random: () => number;
  gauss: () => number;
}

/** A player's prior mean skill in a field: the group mean, or the line through the self-reported level. */
export function priorMeanOf(hyper: Hyper, selfLevel: Float64Array, selfCenter: number) {
  return (p: number, f: number): number =>
    Number.isNaN(selfLevel[p])
      ? hyper.meanNoSelf[f]
      : hyper.intercept[f] + hyper.slope[f] * (selfLevel[p] - selfCenter);
}

export function gibbsSweep(sweep: Sweep, groups: SelfLevelGroups): void {
  const { hyper, sample, draws } = sweep;
  const { ratingCount, playerCount, playerOf, ageYears, selfLevel } = sample;
  const shift = new Float64Array(ratingCount);
  for (let r = 0; r < ratingCount; r++) shift[r] = (hyper.improvementPerYear + draws.rate[playerOf[r]]) * ageYears[r];
  const priorMean = priorMeanOf(hyper, selfLevel, groups.selfCenter);
  const prior = new Float64Array(playerCount * N);
  for (let p = 0; p < playerCount; p++) for (let f = 0; f < N; f++) prior[p * N + f] = priorMean(p, f);
  drawLatentScores(sweep, shift);
  drawHalos(sweep, shift);
  drawLeniencies(sweep, shift);
  drawSkills(sweep, shift, prior, groups);
  drawImprovementRates(sweep);
}

/** Latent scores behind the stars: a 3 is somewhere in [2.5, 3.5], a 5 anywhere from 4.5 up. */
function drawLatentScores({ hyper, sample, draws, random, gauss }: Sweep, shift: Float64Array): void {
  const { ratingCount, playerOf, raterOf, stars } = sample;
  const { z, h, b, s } = draws;
  const sd = Math.sqrt(hyper.noiseVar);
  for (let r = 0; r < ratingCount; r++) {
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
}

function drawHalos({ hyper, sample, draws, gauss }: Sweep, shift: Float64Array): void {
  const { ratingCount, playerOf, raterOf } = sample;
  const { z, h, b, s } = draws;
  const { noiseVar, haloVar } = hyper;
  for (let r = 0; r < ratingCount; r++) {
    const p = playerOf[r];
    let e = 0;
    for (let f = 0; f < N; f++) e += z[r * N + f] - s[p * N + f] - b[raterOf[r]] + shift[r];
    const prec = N / noiseVar + 1 / haloVar;
    h[r] = e / noiseVar / prec + gauss() / Math.sqrt(prec);
  }
}

function drawLeniencies({ hyper, sample, draws, gauss }: Sweep, shift: Float64Array): void {
  const { ratingCount, raterCount, playerOf, raterOf } = sample;
  const { z, h, b, s } = draws;
  const { noiseVar, leniencyVar } = hyper;
  const raterPrec = new Float64Array(raterCount);
  const raterInfo = new Float64Array(raterCount);
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
}

/** Skills: prior precision plus a multiple of the identity, diagonal in the prior's eigenbasis. */
function drawSkills(
  { hyper, sample, draws, gauss }: Sweep,
  shift: Float64Array,
  prior: Float64Array,
  groups: SelfLevelGroups,
): void {
  const { ratingCount, playerCount, playerOf, raterOf } = sample;
  const { z, h, b, s } = draws;
  const { noiseVar } = hyper;
  const playerPrec = new Float64Array(playerCount);
  const playerInfo = new Float64Array(playerCount * N);
  for (let r = 0; r < ratingCount; r++) {
    const p = playerOf[r];
    const offset = b[raterOf[r]] + h[r] - shift[r];
    playerPrec[p] += 1 / noiseVar;
    for (let f = 0; f < N; f++) playerInfo[p * N + f] += (z[r * N + f] - offset) / noiseVar;
  }
  const t = new Float64Array(N);
  const q = new Float64Array(N);
  const byGroup: Array<[number[], number[]]> = [
    [groups.noSelf, hyper.covNoSelf],
    [groups.withSelf, hyper.covWithSelf],
  ];
  for (const [members, cov] of byGroup) {
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
}

/** Each player's own improvement rate, shared by its six fields. */
function drawImprovementRates({ hyper, sample, draws, gauss }: Sweep): void {
  const { ratingCount, playerCount, playerOf, raterOf, ageYears } = sample;
  const { z, h, b, s, rate } = draws;
  const { noiseVar, improvementPerYear, improvementVar } = hyper;
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
}
