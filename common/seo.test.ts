import { describe, expect, it } from 'vitest';
import { leaderboardAwardLabel, leaderboardJsonLd, pageMetaFor, NOT_FOUND_META } from './seo';

describe('leaderboard structured data (docs/product.md#page-metadata)', () => {
  it('labels Gold, Silver, Bronze, then "Rank N"', () => {
    expect([1, 2, 3, 4, 10].map(leaderboardAwardLabel)).toEqual(['Gold', 'Silver', 'Bronze', 'Rank 4', 'Rank 10']);
  });

  it('keeps only the top 10, in rank order, with points and rank in the description', () => {
    const entries = Array.from({ length: 12 }, (_, i) => ({
      rank: 12 - i,
      name: `r${12 - i}`,
      totalPoints: 100 - i,
      currentRank: 'Rookie',
    }));
    const data = leaderboardJsonLd(entries, 'https://example.test');
    expect(data['@type']).toBe('ItemList');
    expect(data.itemListElement).toHaveLength(10);
    expect(data.itemListElement.map((item) => item.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(data.itemListElement[0].item).toEqual({
      '@type': 'Person',
      name: 'r1',
      award: 'Gold',
      description: '89 points · Rookie',
    });
    expect(data.itemListElement[3].item.award).toBe('Rank 4');
  });

  it('gives unknown paths the 404 meta', () => {
    expect(pageMetaFor('/login').path).toBe('/login');
    expect(pageMetaFor('/nope')).toBe(NOT_FOUND_META);
  });
});
