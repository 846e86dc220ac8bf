import { describe, expect, it } from 'vitest';
import { helpfulnessText, plural } from './format-entry';

describe('leaderboard entry text (§2)', () => {
  it('pluralises counts', () => {
    expect(plural(1, 'rating')).toBe('1 rating');
    expect(plural(0, 'rating')).toBe('0 ratings');
    expect(plural(12, 'review')).toBe('12 reviews');
  });

  it('shows helpfulness to one decimal only when above 0', () => {
    expect(helpfulnessText(0)).toBeNull();
    expect(helpfulnessText(4)).toBe('4.0');
    expect(helpfulnessText(3.45)).toBe('3.5');
  });
});
