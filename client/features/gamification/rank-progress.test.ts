import { RANKS } from '@common/gamification';
import { describe, expect, it } from 'vitest';
import { rankProgress } from './rank-progress';

describe('rankProgress', () => {
  it('starts at Rookie with the whole way to Bronze ahead', () => {
    expect(rankProgress(0)).toEqual({ rank: 'Rookie', next: 'Bronze', pointsNeeded: RANKS[1].minPoints, percent: 0 });
  });

  it('measures the way between two thresholds', () => {
    const bronze = RANKS[1].minPoints;
    const silver = RANKS[2].minPoints;
    const halfway = bronze + (silver - bronze) / 2;
    expect(rankProgress(halfway)).toEqual({
      rank: 'Bronze',
      next: 'Silver',
      pointsNeeded: silver - halfway,
      percent: 50,
    });
  });

  it('is full at the top rank', () => {
    const top = RANKS[RANKS.length - 1];
    expect(rankProgress(top.minPoints + 10)).toEqual({ rank: top.name, next: null, pointsNeeded: 0, percent: 100 });
  });
});
