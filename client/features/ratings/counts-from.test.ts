import { describe, expect, it } from 'vitest';
import { countsFromDay } from './counts-from';

describe('countsFromDay', () => {
  it('names the release’s weekday in UTC, where the release falls', () => {
    // 00:00 UTC on a Monday is Sunday evening west of Greenwich: still Monday's release.
    expect(countsFromDay({ pendingRelease: true, countsFrom: '2026-11-30T00:00:00.000Z' })).toBe('Monday');
    expect(countsFromDay({ pendingRelease: true, countsFrom: '2026-11-28T00:00:00.000Z' })).toBe('Saturday');
  });

  it('is null for a rating that counts already', () => {
    expect(countsFromDay({ pendingRelease: false, countsFrom: null })).toBeNull();
    expect(countsFromDay({ pendingRelease: true, countsFrom: null })).toBeNull();
  });
});
