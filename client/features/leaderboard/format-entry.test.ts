import { describe, expect, it } from 'vitest';
import { helpfulnessText, initialsOf, plural } from './format-entry';

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

  it('gives the avatar the initials of a name, or the first letter of a masked e-mail', () => {
    expect(initialsOf('Jordan R.')).toBe('JR');
    expect(initialsOf('Mary Ann L.')).toBe('MA');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('j***n@example.com')).toBe('J');
  });
});
