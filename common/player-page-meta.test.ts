import { describe, expect, it } from 'vitest';
import { playerPageMeta } from './player-page-meta';
import { inEveryCategory } from './rating-categories.fixtures';
import type { PlayerPage } from './schemas/player-page';

const BASE = 'https://ratings.example/';
const estimate = { mean: 4.06, low: 3.72, high: 4.38, n: 12 };

function page(overrides: Partial<PlayerPage> = {}): PlayerPage {
  return {
    id: 1234,
    firstName: 'Jordan',
    lastName: 'Rivera',
    place: 'Austin, TX',
    path: '/players/1234/jordan-rivera-austin-tx',
    imagePath: '/og/players/1234.png?v=mhy3tq00',
    isVerified: true,
    skillLevel: '3.5-4.0',
    yearsPlaying: null,
    bio: null,
    isLinked: true,
    isClaimable: false,
    isPublic: true,
    isIndexable: true,
    skill: {
      categories: inEveryCategory(estimate),
      overall: estimate,
      communityMean: 3.4,
      reliability: { label: 'high', score: 70, ratings: 12, distinctRaters: 12, ratingsLast12Months: 9 },
      computedAt: '2026-11-25T12:00:00.000Z',
    },
    overallDistribution: { 1: 0, 2: 0, 3: 2, 4: 6, 5: 4 },
    history: [],
    viewer: { signedIn: false, isOwner: false, existingRatingId: null },
    ...overrides,
  };
}

describe('playerPageMeta', () => {
  it('titles the page by name and place, with the estimate and the ratings in words', () => {
    const meta = playerPageMeta(page(), BASE);
    expect(meta.title).toBe('Jordan Rivera · Austin, TX · Pickleball Ratings');
    expect(meta.description).toBe(
      'Jordan Rivera plays pickleball in Austin, TX. Rated 4.1 out of 5 by the community (90% range 3.7 to 4.4) from 12 ratings, high reliability.',
    );
    expect(meta.path).toBe('/players/1234/jordan-rivera-austin-tx');
    expect(meta.noindex).toBe(false);
    expect(meta.ogType).toBe('profile');
  });

  it('points at the player’s own preview picture, renewed with each recomputed estimate', () => {
    const meta = playerPageMeta(page(), BASE);
    expect(meta.image).toEqual({
      url: '/og/players/1234.png?v=mhy3tq00',
      alt: 'Jordan Rivera, Austin, TX: rated 4.1 out of 5 overall from 12 ratings, high reliability',
      width: 1200,
      height: 630,
    });
  });

  it('describes a Person with the locality and region only', () => {
    expect(playerPageMeta(page(), BASE).jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url: 'https://ratings.example/players/1234/jordan-rivera-austin-tx',
        mainEntity: {
          '@type': 'Person',
          name: 'Jordan Rivera',
          address: { '@type': 'PostalAddress', addressLocality: 'Austin', addressRegion: 'TX' },
        },
      },
    ]);
  });

  it('invites a first rating, and leaves out a place it does not know', () => {
    const unrated = page({
      place: '',
      skill: { ...page().skill, reliability: { ...page().skill.reliability, label: 'none', ratings: 0 } },
    });
    const meta = playerPageMeta(unrated, BASE);
    expect(meta.title).toBe('Jordan Rivera · Pickleball Ratings');
    expect(meta.description).toBe(
      'Jordan Rivera plays pickleball. No ratings yet: played with Jordan? Be the first to rate their game.',
    );
    expect(meta.jsonLd?.[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: 'https://ratings.example/players/1234/jordan-rivera-austin-tx',
      mainEntity: { '@type': 'Person', name: 'Jordan Rivera' },
    });
  });

  it('keeps a members-only page out of search engines', () => {
    expect(playerPageMeta(page({ isPublic: false }), BASE).noindex).toBe(true);
  });

  it('keeps a new player nobody else has rated out of search engines', () => {
    expect(playerPageMeta(page({ isIndexable: false }), BASE).noindex).toBe(true);
    expect(playerPageMeta(page(), BASE).noindex).toBe(false);
  });
});
