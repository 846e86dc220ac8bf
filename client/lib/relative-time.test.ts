import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2025-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

describe('relativeTime (docs/product.md#relative-time)', () => {
  it.each([
    [0, 'today'],
    [0.9, 'today'],
    [1, '1 day ago'],
    [2, '2 days ago'],
    [6, '6 days ago'],
    [7, '1 week ago'],
    [13, '1 week ago'],
    [14, '2 weeks ago'],
    [29, '4 weeks ago'],
    [30, '1 month ago'],
    [59, '1 month ago'],
    [60, '2 months ago'],
    [400, '13 months ago'],
  ])('%s days ago → %s', (days, expected) => {
    expect(relativeTime(daysAgo(days), now)).toBe(expected);
  });

  it('accepts ISO strings and says Unknown for garbage', () => {
    expect(relativeTime(daysAgo(3).toISOString(), now)).toBe('3 days ago');
    expect(relativeTime('not a date', now)).toBe('Unknown');
  });
});
