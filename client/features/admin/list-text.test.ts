import { describe, expect, it } from 'vitest';
import { countText, plural } from './list-text';

describe('admin list counts', () => {
  it('pluralises', () => {
    expect(plural(1, 'player')).toBe('1 player');
    expect(plural(0, 'user')).toBe('0 users');
    expect(plural(1204, 'player')).toBe('1,204 players');
  });

  it('says when a search matched and when the list is capped', () => {
    expect(countText(24, 24, 'player')).toBe('24 players');
    expect(countText(1, 1, 'user', 'ann')).toBe('1 user matches “ann”');
    expect(countText(3, 3, 'user', 'ann')).toBe('3 users match “ann”');
    expect(countText(500, 1204, 'player')).toBe('Showing 500 of 1,204 players');
  });
});
