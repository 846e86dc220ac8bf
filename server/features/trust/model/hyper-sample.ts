/**
 * The ratings the hyper-parameter sampler reads. On a large site a random subsample of players (all their ratings)
 * is enough for twenty-odd global numbers.
 */
import type { PackedRatings } from './packed-ratings';

/** The six fields; a local constant because an imported binding is a property read in hot loops. */
const N = 6;

export interface HyperSample {
  playerCount: number;
  raterCount: number;
  ratingCount: number;
  selfLevel: Float64Array;
  playerOf: Int32Array;
  raterOf: Int32Array;
  stars: Uint8Array;
  /** Years between the rating and now. */
  ageYears: Float64Array;
}

/** All the ratings when there are at most maxRatings; otherwise whole players, in a seeded random order, up to that many. */
export function subsample(data: PackedRatings, maxRatings: number, random: () => number): HyperSample {
  if (data.ratingCount <= maxRatings) return data;
  const chosen = choosePlayers(data, maxRatings, random);
  const total = chosen.reduce((sum, p) => sum + data.playerStart[p + 1] - data.playerStart[p], 0);
  const raterIndex = new Int32Array(data.raterCount).fill(-1);
  let raterCount = 0;
  const sample: HyperSample = {
    playerCount: chosen.length,
    raterCount: 0,
    ratingCount: total,
    selfLevel: new Float64Array(chosen.length),
    playerOf: new Int32Array(total),
    raterOf: new Int32Array(total),
    stars: new Uint8Array(total * N),
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

/** Players with ratings, shuffled, taken until they hold maxRatings ratings (the last one may pass it). */
function choosePlayers(data: PackedRatings, maxRatings: number, random: () => number): number[] {
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
  return chosen;
}
