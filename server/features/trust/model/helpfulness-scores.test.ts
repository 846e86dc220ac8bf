import { describe, expect, it } from 'vitest';
import { helpfulnessScores, type HelpfulnessVote } from './helpfulness-scores';

const vote = (raterKey: string, v: number, above = 0): HelpfulnessVote => ({
  raterKey,
  vote: v,
  ratingMean: 3 + above,
  playerEstimateMean: 3,
});

describe('helpfulnessScores', () => {
  const crowd = Array.from({ length: 30 }, (_, i) => [vote(`c${i}`, 3), vote(`c${i}`, 4), vote(`c${i}`, 3)]).flat();

  it('a single lucky 5 does not top a rater with many good votes', () => {
    const scores = helpfulnessScores([
      ...crowd,
      vote('lucky', 5),
      ...Array.from({ length: 8 }, () => vote('steady', 5)),
      ...Array.from({ length: 4 }, () => vote('steady', 4)),
    ]);
    expect(scores.get('steady')).toBeGreaterThan(scores.get('lucky') ?? Infinity);
  });

  it('discounts votes earned by flattering ratings', () => {
    // Across the crowd, votes rise with how far a rating sits above the player's estimate.
    const flatteryCrowd = Array.from({ length: 40 }, (_, i) => [vote(`f${i}`, 3, 0), vote(`f${i}`, 5, 1.5)]).flat();
    const flatterer = Array.from({ length: 6 }, () => vote('flatterer', 5, 1.5));
    const honest = Array.from({ length: 6 }, () => vote('honest', 4.5, 0));
    const scores = helpfulnessScores([...flatteryCrowd, ...flatterer, ...honest]);
    expect(scores.get('honest')).toBeGreaterThan(scores.get('flatterer') ?? Infinity);
  });

  it('stays on the 1-5 scale', () => {
    for (const score of helpfulnessScores(crowd).values()) {
      expect(score).toBeGreaterThanOrEqual(1);
      expect(score).toBeLessThanOrEqual(5);
    }
  });
});
