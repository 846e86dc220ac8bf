import { describe, expect, it } from 'vitest';
import { helpfulnessText, placeText, plural } from './format-entry';

describe('leaderboard entry text (docs/product.md#leaderboard-screen)', () => {
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

  it('gives a place outside the list with the number of raters, or says it is outside while not known', () => {
    expect(placeText({ rank: 1234, rankedRaters: 56789 })).toBe('#1,234 of 56,789');
    expect(placeText({ rank: 51, rankedRaters: null })).toBe('#51');
    expect(placeText({ rank: null, rankedRaters: null })).toBe('outside the top 50');
  });
});
