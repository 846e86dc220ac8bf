import { describe, expect, it } from 'vitest';
import { RATING_CATEGORIES } from './constants';
import { STAR_DESCRIPTIONS, starDescription } from './star-descriptions';

describe('star descriptions', () => {
  it('describes each of the five categories at each of the five stars: 25 plain lines', () => {
    expect(Object.keys(STAR_DESCRIPTIONS).sort()).toEqual(RATING_CATEGORIES.map(({ key }) => key).sort());
    const all = Object.values(STAR_DESCRIPTIONS).flat();
    expect(all).toHaveLength(25);
    for (const text of all) {
      expect(text.trim()).not.toBe('');
      expect(text.length).toBeLessThanOrEqual(80);
    }
    expect(new Set(all).size).toBe(25);
  });

  it('finds a star by number and nothing for no star', () => {
    expect(starDescription('serveReturn', 1)).toBe('Often misses the serve; returns rarely land deep');
    expect(starDescription('serveReturn', 5)).toBe('Deep, varied serves and returns that set up the point');
    expect(starDescription('serveReturn', 0)).toBeUndefined();
    expect(starDescription('serveReturn', 6)).toBeUndefined();
    expect(starDescription('serveReturn', 2.5)).toBeUndefined();
  });
});
