import { describe, expect, it } from 'vitest';
import { commentLength, filledTextCount, overallFromCategories, starBucket, textLength } from './rating-rules';

describe('rating rules', () => {
  it('means the five categories to one decimal', () => {
    expect(
      overallFromCategories({
        serveReturn: 4,
        groundstrokesThirdShot: 4,
        netPlayVolleysDinks: 4,
        movementCourtAwareness: 4,
        mentalPhysicalGame: 3,
      }),
    ).toBe(3.8);
  });

  it('counts an emoji as one character, as PostgreSQL length() does', () => {
    expect(textLength('🏓'.repeat(25))).toBe(25);
    expect(commentLength(['  🏓🏓 ', null, undefined, 'ab'])).toBe(4);
  });

  it('counts the texts that say something', () => {
    expect(filledTextCount(['a', ' ', null, 'b'])).toBe(2);
  });

  it('files a half star upwards and keeps buckets within 1-5', () => {
    expect(starBucket(2.5)).toBe(3);
    expect(starBucket(2.4)).toBe(2);
    expect(starBucket(1)).toBe(1);
    expect(starBucket(5)).toBe(5);
  });
});
