import { describe, expect, it } from 'vitest';
import { formatOverall, overallMean } from './overall-mean';

const scores = (
  serveReturn: number,
  groundstrokesThirdShot: number,
  netPlayVolleysDinks: number,
  movementCourtAwareness: number,
  mentalPhysicalGame: number,
) => ({
  serveReturn,
  groundstrokesThirdShot,
  netPlayVolleysDinks,
  movementCourtAwareness,
  mentalPhysicalGame,
});

describe('overallMean (docs/product.md#rating-rules)', () => {
  it('is the mean of the five categories', () => {
    expect(overallMean(scores(4, 4, 4, 4, 4))).toBe(4);
    expect(overallMean(scores(1, 2, 3, 4, 5))).toBe(3);
  });

  it('rounds to one decimal', () => {
    expect(overallMean(scores(5, 4, 4, 4, 4))).toBe(4.2);
    expect(overallMean(scores(3, 3, 4, 4, 3))).toBe(3.4);
    expect(overallMean(scores(5, 5, 5, 5, 4))).toBe(4.8);
  });

  it('prints one decimal even for a whole number', () => {
    expect(formatOverall(scores(4, 4, 4, 4, 4))).toBe('4.0');
    expect(formatOverall(scores(2, 3, 3, 3, 3))).toBe('2.8');
  });
});
