import type { Hyper } from './types';

/** The six fields. */
const N = 6;

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
