/** What the planted-truth evaluation counts, summed over the seeds. */
import { newBurstTally, type BurstTally } from './burst';
import type { TrustRating } from '../../server/features/trust/model/types';

export const N = 6;
export const BUCKETS = [
  { name: '1', lo: 1, hi: 1, errorTarget: 30 },
  { name: '2-4', lo: 2, hi: 4, errorTarget: 20 },
  { name: '5-9', lo: 5, hi: 9, errorTarget: 12 },
  { name: '10+', lo: 10, hi: Infinity, errorTarget: 5 },
  { name: 'all', lo: 1, hi: Infinity, errorTarget: 20 },
] as const;
export const WIDTH_AT = [
  { name: 'exactly 5', lo: 5, hi: 5, target: 1.1 },
  { name: 'exactly 7', lo: 7, hi: 7, target: 1.0 },
  { name: '11+', lo: 11, hi: Infinity, target: 0.8 },
] as const;

/** Few ratings and a true skill far from the community's mean: where shrinkage toward the community misleads most. */
export const FAR = { lo: 1, hi: 2, distance: 0.7, target: 0.85 } as const;

export interface Tally {
  raw: number;
  model: number;
  modelBefore: number;
  rawBefore: number;
  covered: number;
  coveredBefore: number;
  cells: number;
  cellsBefore: number;
  widths: number[];
}
export const newTally = (): Tally => ({
  raw: 0,
  model: 0,
  modelBefore: 0,
  rawBefore: 0,
  covered: 0,
  coveredBefore: 0,
  cells: 0,
  cellsBefore: 0,
  widths: [],
});

export interface Totals {
  buckets: Map<string, Tally>;
  /** Player-fields with FAR.lo-FAR.hi ratings whose truth lies more than FAR.distance from the field's mean. */
  far: Tally;
  widthAt: Map<string, number[]>;
  ringAccounts: number;
  ringFlagged: number;
  honestAccounts: number;
  honestFlagged: number;
  otherAccounts: number;
  otherFlagged: number;
  boosts: number;
  boostsFlagged: number;
  honestPerfect: number;
  honestPerfectFlagged: number;
  ringFlags: number;
  steadyBoostsFlagged: number;
  steadyHonestFlagged: number;
  boostFlags: number;
  helpfulHits: number;
  helpfulPicks: number;
  reliabilityAt5: number[];
  predicted: number;
  predictedInside: number;
  agreeMax: number;
  fitMs: number[];
  seeds: number[];
  burst: BurstTally;
}

export const newTotals = (seeds: number[]): Totals => ({
  buckets: new Map(),
  far: newTally(),
  widthAt: new Map(),
  ringAccounts: 0,
  ringFlagged: 0,
  honestAccounts: 0,
  honestFlagged: 0,
  otherAccounts: 0,
  otherFlagged: 0,
  boosts: 0,
  boostsFlagged: 0,
  honestPerfect: 0,
  honestPerfectFlagged: 0,
  ringFlags: 0,
  steadyBoostsFlagged: 0,
  steadyHonestFlagged: 0,
  boostFlags: 0,
  helpfulHits: 0,
  helpfulPicks: 0,
  reliabilityAt5: [],
  predicted: 0,
  predictedInside: 0,
  agreeMax: 0,
  fitMs: [],
  seeds,
  burst: newBurstTally(),
});

export const median = (xs: number[]): number => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
export const countsOf = (ratings: TrustRating[]): Map<number, TrustRating[]> => {
  const byPlayer = new Map<number, TrustRating[]>();
  for (const r of ratings) {
    if (r.excluded) continue;
    const list = byPlayer.get(r.playerId);
    if (list) list.push(r);
    else byPlayer.set(r.playerId, [r]);
  }
  return byPlayer;
};
