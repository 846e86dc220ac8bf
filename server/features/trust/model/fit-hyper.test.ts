import { describe, expect, it } from 'vitest';
import { fitHyper } from './fit-hyper';
import { packRatings } from './packed-ratings';
import { simulateRatings } from './simulate-ratings';

describe('fitHyper', () => {
  it('a run warm-started from settings fitted with collusion since set aside ends where a cold start does', () => {
    const sim = simulateRatings({ seed: 4, players: 600, accounts: 420, rings: 8, honestGroups: 9, boosts: 46 });
    const options = { halfLifeMonths: 18, seed: 1 };
    // The previous run counted the rings' and boosts' near-perfect ratings: they read as a large halo.
    const previous = fitHyper(packRatings(sim.players, sim.ratings, sim.now, 18), options);
    const reviewed = sim.ratings.map((r) =>
      sim.ringRatingIds.has(r.id) || sim.boostRatingIds.has(r.id) ? { ...r, excluded: true } : r,
    );
    const packed = packRatings(sim.players, reviewed, sim.now, 18);
    const cold = fitHyper(packed, options);
    const warm = fitHyper(packed, options, previous);
    expect(previous.haloVar).toBeGreaterThan(2 * cold.haloVar);
    // A halo left high shrinks every few-rating player too far toward the community (decision 019).
    expect(Math.abs(warm.haloVar - cold.haloVar)).toBeLessThan(0.015);
  });
});
