import { describe, expect, it } from 'vitest';
import type { PlayerPage } from '@common/schemas/player-page';
import type { TransparencyReport } from '@common/schemas/transparency';
import { renderPlayerPage, renderSignedOutPage, renderTransparencyPage } from './prerender';

const config = { demoMode: false, googleEnabled: false };
const estimate = { mean: 3.62, low: 3.3, high: 3.9, n: 4 };

const page: PlayerPage = {
  id: 7,
  firstName: 'Jordan',
  lastName: 'Rivera',
  place: 'Austin, TX',
  path: '/players/7/jordan-rivera-austin-tx',
  imagePath: '/og/players/7.png?v=abc',
  isVerified: false,
  skillLevel: '3.5',
  yearsPlaying: null,
  bio: null,
  isLinked: false,
  isClaimable: true,
  isPublic: true,
  isIndexable: true,
  skill: {
    categories: {
      serveReturn: estimate,
      groundstrokesThirdShot: estimate,
      netPlayVolleysDinks: estimate,
      movementCourtAwareness: estimate,
      mentalPhysicalGame: estimate,
    },
    overall: estimate,
    communityMean: 3.2,
    reliability: { label: 'medium', score: 50, ratings: 4, distinctRaters: 4, ratingsLast12Months: 4 },
    computedAt: '2026-11-20T10:00:00.000Z',
  },
  overallDistribution: { 1: 0, 2: 0, 3: 1, 4: 2, 5: 1 },
  history: [
    { quarter: '2026-Q3', mean: 3.4, low: 2.9, high: 3.9, n: 2 },
    { quarter: '2026-Q4', ...estimate },
  ],
  viewer: { signedIn: false, isOwner: false, existingRatingId: null },
};
const comments = {
  items: [
    {
      id: 11,
      rating: 3.6,
      comment: 'Steady dinks.',
      raterName: 'Casey N.',
      createdAt: '2026-11-19T10:00:00.000Z',
      reply: null,
    },
    { id: 12, rating: 5, comment: 'Great hands.', raterName: null, createdAt: '2026-11-16T00:00:00.000Z', reply: null },
  ],
  nextCursor: undefined,
};

/** A Suspense boundary React left for the client to draw: such a page is not drawn. */
const LEFT_TO_CLIENT = '<!--$!-->';

describe('renderSignedOutPage', () => {
  it('draws a lazy page whole on its first call in a process, and the same HTML on the next ones', async () => {
    // The first call finds the player page's code not loaded yet: a quick draw could not finish it.
    const first = await renderPlayerPage(page, comments, config, 1);
    expect(first.root).not.toContain(LEFT_TO_CLIENT);
    expect(first.root).toContain('Jordan Rivera');
    expect(first.root).toContain('Steady dinks.');
    expect(first.root).toContain('aria-label="3.6 out of 5 stars"');
    for (let call = 0; call < 2; call += 1) {
      expect(await renderPlayerPage(page, comments, config, 1)).toEqual(first);
    }
  });

  it('draws a page that is not lazy, as before', async () => {
    const landing = await renderSignedOutPage('/', config, { renderedAt: 1, queries: [] });
    expect(landing.root).not.toContain(LEFT_TO_CLIENT);
    expect(landing.root).toContain('<main');
    expect(landing.head).toContain('"renderedAt":1');
  });

  it("draws /transparency with its figures, the report seeded under the page's query key", async () => {
    const report = {
      generatedAt: '2026-11-20T10:00:00.000Z',
      months: [
        {
          month: '2026-11',
          reports: { received: 3, byReason: [] },
          decisions: { total: 2, byOutcome: [], byRule: [], bySource: [], medianHoursFromReport: 36 },
          appeals: { received: 0, decided: 0, reversed: 0 },
          automaticHolds: 0,
          flags: [],
          ratingsRemoved: 4,
          accountsErased: 0,
        },
      ],
    } as unknown as TransparencyReport;
    const drawn = await renderTransparencyPage(report, config, 1);
    expect(drawn.root).not.toContain(LEFT_TO_CLIENT);
    expect(drawn.root).toContain('November 2026');
    expect(drawn.root).toMatch(/<dd[^>]*>36 hours<\/dd>/);
    expect(drawn.root).toMatch(/Ratings removed<\/dt><dd[^>]*>4<\/dd>/);
    expect(drawn.head).toContain('"queries":[{"key":["transparency"],"data":{"generatedAt"');
  });
});
