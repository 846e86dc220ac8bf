import { describe, expect, it } from 'vitest';
import { reliabilityOf } from './reliability';

describe('reliabilityOf (docs/product.md#how-we-compute-your-numbers)', () => {
  it('is Low below three distinct raters however narrow the range, its score growing with each rater', () => {
    expect(reliabilityOf(44, 1, 1)).toEqual({ label: 'low', score: 13 });
    expect(reliabilityOf(75, 2, 2)).toEqual({ label: 'low', score: 26 });
    expect(reliabilityOf(75, 4, 2)).toEqual({ label: 'low', score: 26 });
    expect(reliabilityOf(9, 1, 1)).toEqual({ label: 'low', score: 9 });
  });

  it('reads the score from three distinct raters on', () => {
    expect(reliabilityOf(44, 3, 3)).toEqual({ label: 'medium', score: 44 });
    expect(reliabilityOf(60, 5, 5)).toEqual({ label: 'high', score: 60 });
    expect(reliabilityOf(39.6, 5, 5)).toEqual({ label: 'medium', score: 40 });
    expect(reliabilityOf(-5, 3, 3)).toEqual({ label: 'low', score: 0 });
  });

  it('is None with no ratings', () => {
    expect(reliabilityOf(50, 0, 0)).toEqual({ label: 'none', score: 0 });
  });
});
