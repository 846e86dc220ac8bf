/**
 * A small seeded generator for the bulk of the seed's numbers: faker's own generator is fine for
 * names but too slow to call tens of millions of times.
 */
export type Random = {
  /** Uniform in [0, 1). */
  next: () => number;
  /** Integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** Standard normal (Box-Muller). */
  normal: () => number;
};

/** mulberry32: 32-bit state, good enough spread for fake data, and fast. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)],
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
  };
}

/** Draws indexes 0..n-1 in proportion to their weights (cumulative table + binary search). */
export function weightedPicker(weights: ArrayLike<number>, random: Random): () => number {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  for (let i = 0; i < weights.length; i += 1) {
    total += weights[i];
    cumulative[i] = total;
  }
  return () => {
    const target = random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle] > target) high = middle;
      else low = middle + 1;
    }
    return low;
  };
}

/** One of `items`, each as likely as its weight (for a short list; weightedPicker serves the long ones). */
export function pickWeighted<T>(items: readonly T[], weights: readonly number[], random: Random): T {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let target = random.next() * total;
  for (let i = 0; i < items.length; i += 1) {
    target -= weights[i];
    if (target < 0) return items[i];
  }
  return items[items.length - 1];
}

/** Splits `total` into integer parts proportional to `weights`, each at most `cap`. */
export function apportion(total: number, given: ArrayLike<number>, cap: number, random: Random): Int32Array {
  const counts = new Int32Array(given.length);
  if (total === 0) return counts;
  let weightSum = 0;
  for (let i = 0; i < given.length; i += 1) weightSum += given[i];
  // All weights zero: spread evenly rather than place nothing.
  const weights = weightSum > 0 ? given : new Float64Array(given.length).fill(1);
  if (weightSum === 0) weightSum = given.length;
  let assigned = 0;
  for (let i = 0; i < weights.length; i += 1) {
    counts[i] = Math.min(cap, Math.floor((total * weights[i]) / weightSum));
    assigned += counts[i];
  }
  let positive = 0;
  for (let i = 0; i < weights.length; i += 1) if (weights[i] > 0) positive += 1;
  if (total > positive * cap) throw new Error(`cannot place ${total} items, at most ${cap} in each of ${positive}`);
  const pickIndex = weightedPicker(weights, random);
  while (assigned < total) {
    const i = pickIndex();
    if (counts[i] >= cap) continue;
    counts[i] += 1;
    assigned += 1;
  }
  return counts;
}
