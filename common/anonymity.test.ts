import { describe, expect, it } from 'vitest';
import { nextReleaseAt, releasePeriodStart, startOfWeek } from './anonymity';

const at = (iso: string) => new Date(iso);

describe('release periods (docs/product.md#anonymity)', () => {
  it('start on Monday 00:00 UTC for a weekly release, whatever the day and hour', () => {
    expect(startOfWeek(at('2026-11-27T15:04:05Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfWeek(at('2026-11-29T23:59:59.999Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfWeek(at('2026-11-30T00:00:00Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    // Across a month and a year.
    expect(releasePeriodStart(at('2027-01-01T08:00:00Z'), 'weekly').toISOString()).toBe('2026-12-28T00:00:00.000Z');
  });

  it('start at midnight UTC for a daily release', () => {
    expect(releasePeriodStart(at('2026-11-27T15:04:05Z'), 'daily').toISOString()).toBe('2026-11-27T00:00:00.000Z');
  });

  it('come next at the start of the following period', () => {
    expect(nextReleaseAt(at('2026-11-27T15:04:05Z'), 'weekly').toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(nextReleaseAt(at('2026-11-30T00:00:00Z'), 'weekly').toISOString()).toBe('2026-12-07T00:00:00.000Z');
    expect(nextReleaseAt(at('2026-11-27T23:59:59Z'), 'daily').toISOString()).toBe('2026-11-28T00:00:00.000Z');
  });
});
