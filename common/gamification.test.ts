import { describe, expect, it } from 'vitest';
import {
  BADGES,
  DETAILED_FEEDBACK_MIN_CHARS,
  RANKS,
  averageToOneDecimal,
  isDetailedFeedback,
  newlyEarnedBadges,
  nextRank,
  pointsForHelpfulness,
  pointsForRating,
  rankForPoints,
  type BadgeFacts,
} from './gamification';

const noFacts: BadgeFacts = {
  ratingsSubmitted: 0,
  detailedCommentsCount: 0,
  helpfulnessSum: 0,
  helpfulnessCount: 0,
  fullBreakdown: false,
  improvedRating: false,
};
const types = (badges: { type: string }[]) => badges.map((badge) => badge.type);

describe('points', () => {
  it('gives 10 for a rating and 5 more for detailed feedback', () => {
    expect(pointsForRating(0)).toBe(10);
    expect(pointsForRating(DETAILED_FEEDBACK_MIN_CHARS - 1)).toBe(10);
    expect(pointsForRating(DETAILED_FEEDBACK_MIN_CHARS)).toBe(15);
    expect(isDetailedFeedback(DETAILED_FEEDBACK_MIN_CHARS - 1)).toBe(false);
  });

  it('gives 2 per helpfulness star, negative when a review is lowered', () => {
    expect(pointsForHelpfulness(5)).toBe(10);
    expect(pointsForHelpfulness(-3)).toBe(-6);
    expect(pointsForHelpfulness(0)).toBe(0);
  });
});

describe('ranks', () => {
  it('starts at Rookie and climbs Bronze, Silver, Gold, Platinum, Diamond in order', () => {
    expect(RANKS.map((rank) => rank.name)).toEqual(['Rookie', 'Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond']);
    const thresholds = RANKS.map((rank) => rank.minPoints);
    expect(thresholds[0]).toBe(0);
    expect([...thresholds].sort((a, b) => a - b)).toEqual(thresholds);
    expect(new Set(thresholds).size).toBe(thresholds.length);
  });

  it('maps points to the highest rank reached, exactly at each threshold', () => {
    expect(rankForPoints(0)).toBe('Rookie');
    for (const [index, rank] of RANKS.entries()) {
      expect(rankForPoints(rank.minPoints)).toBe(rank.name);
      if (index > 0) expect(rankForPoints(rank.minPoints - 1)).toBe(RANKS[index - 1].name);
    }
    expect(rankForPoints(1_000_000)).toBe('Diamond');
  });

  it('names the next rank and the points still needed, and null at the top', () => {
    expect(nextRank(0)).toEqual({ rank: 'Bronze', pointsNeeded: 50 });
    expect(nextRank(49)).toEqual({ rank: 'Bronze', pointsNeeded: 1 });
    expect(nextRank(50)).toEqual({ rank: 'Silver', pointsNeeded: 150 });
    expect(nextRank(2999)).toEqual({ rank: 'Diamond', pointsNeeded: 1 });
    expect(nextRank(3000)).toBeNull();
  });
});

describe('badges', () => {
  it('includes First Rating, Community Favorite and Five-Star Excellence, each with a rule text and icon', () => {
    const names = BADGES.map((badge) => badge.name);
    expect(names).toEqual(expect.arrayContaining(['First Rating', 'Community Favorite', 'Five-Star Excellence']));
    expect(new Set(BADGES.map((badge) => badge.type)).size).toBe(BADGES.length);
    for (const badge of BADGES) {
      expect(badge.description.length).toBeGreaterThan(10);
      expect(badge.icon).toMatch(/^[a-z-]+$/);
    }
  });

  it('awards a threshold badge only when it is crossed', () => {
    expect(types(newlyEarnedBadges(noFacts, { ...noFacts, ratingsSubmitted: 1 }))).toEqual(['first_rating']);
    expect(types(newlyEarnedBadges({ ...noFacts, ratingsSubmitted: 1 }, { ...noFacts, ratingsSubmitted: 2 }))).toEqual(
      [],
    );
    expect(types(newlyEarnedBadges({ ...noFacts, ratingsSubmitted: 9 }, { ...noFacts, ratingsSubmitted: 10 }))).toEqual(
      ['ten_ratings'],
    );
    expect(
      types(newlyEarnedBadges({ ...noFacts, detailedCommentsCount: 4 }, { ...noFacts, detailedCommentsCount: 5 })),
    ).toEqual(['detailed_reviewer']);
  });

  it('awards action badges from the action itself', () => {
    expect(types(newlyEarnedBadges(noFacts, { ...noFacts, fullBreakdown: true }))).toEqual(['full_breakdown']);
    expect(types(newlyEarnedBadges(noFacts, { ...noFacts, improvedRating: true }))).toEqual(['second_look']);
  });

  it('Community Favorite needs 10 reviews averaging at least 4.0', () => {
    const at = (sum: number, count: number) => ({ ...noFacts, helpfulnessSum: sum, helpfulnessCount: count });
    expect(types(newlyEarnedBadges(at(36, 9), at(40, 10)))).toContain('community_favorite');
    expect(types(newlyEarnedBadges(at(35, 9), at(39, 10)))).not.toContain('community_favorite');
  });

  it('Five-Star Excellence needs a perfect 5.0 over at least 5 reviews', () => {
    const at = (sum: number, count: number) => ({ ...noFacts, helpfulnessSum: sum, helpfulnessCount: count });
    expect(types(newlyEarnedBadges(at(20, 4), at(25, 5)))).toEqual(['five_star_excellence']);
    expect(types(newlyEarnedBadges(at(20, 4), at(24, 5)))).toEqual([]);
    // A re-vote from 4 to 5 stars can complete a perfect record too.
    expect(types(newlyEarnedBadges(at(24, 5), at(25, 5)))).toEqual(['five_star_excellence']);
  });
});

describe('averageToOneDecimal', () => {
  it('rounds to one decimal and is 0 without reviews', () => {
    expect(averageToOneDecimal(0, 0)).toBe(0);
    expect(averageToOneDecimal(13, 3)).toBe(4.3);
    expect(averageToOneDecimal(14, 3)).toBe(4.7);
    expect(averageToOneDecimal(9, 2)).toBe(4.5);
  });
});
