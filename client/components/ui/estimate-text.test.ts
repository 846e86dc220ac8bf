import { describe, expect, it } from 'vitest';
import { estimateAlt, oneDecimal, rangeText, ratingsCount, scalePercent } from './estimate-text';
import { estimateBadgeText } from './estimate-badge';

describe('estimate text', () => {
  it('shows one decimal, and the range with an en dash', () => {
    expect(oneDecimal(3.75)).toBe('3.8');
    expect(oneDecimal(4)).toBe('4.0');
    expect(rangeText({ low: 3.36, high: 4.24 })).toBe('3.4–4.2');
  });

  it('places values on the 1-5 scale, clamped', () => {
    expect(scalePercent(1)).toBe(0);
    expect(scalePercent(3)).toBe(50);
    expect(scalePercent(5)).toBe(100);
    expect(scalePercent(0.5)).toBe(0);
    expect(scalePercent(5.2)).toBe(100);
  });

  it('gives bars a text alternative and counts ratings', () => {
    expect(estimateAlt({ mean: 3.52, low: 3.1, high: 3.94, n: 7 })).toBe('3.5 out of 5, 90% range 3.1 to 3.9');
    expect(ratingsCount(1)).toBe('1 rating');
    expect(ratingsCount(1200)).toBe('1,200 ratings');
  });
});

describe('estimateBadgeText', () => {
  it('says the estimate, its range and its reliability, and more to a screen reader', () => {
    expect(estimateBadgeText({ mean: 3.81, low: 3.4, high: 4.2, n: 9, reliability: 'medium' })).toEqual({
      text: '3.8 (3.4–4.2) · medium',
      label: 'Estimated 3.8 out of 5, 90% range 3.4 to 4.2, medium reliability',
    });
  });

  it('shows no number for a player nobody rated (it would only be the community average)', () => {
    expect(estimateBadgeText({ mean: 3.2, low: 1.9, high: 4.5, n: 0, reliability: 'none' }).text).toBe('Not rated yet');
  });
});
