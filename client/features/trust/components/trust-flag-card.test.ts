import type { TrustFlag } from '@common/schemas/trust';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TrustFlagCard } from './trust-flag-card';

const ring: TrustFlag = {
  id: 7,
  type: 'ring',
  status: 'pending',
  score: 3.456,
  createdAt: '2026-11-25T12:00:00.000Z',
  accounts: [
    { userId: 'a', email: 'rita@example.com', name: 'Rita Ring' },
    { userId: null, email: 'rob@example.com', name: null },
  ],
  players: [
    { id: 1, name: 'Rita Ring' },
    { id: 2, name: 'Rob Ring' },
  ],
  ratingIds: [11, 12],
  evidence: {
    density: 1,
    meanZ: 2.5,
    players: [
      { playerId: 1, insideMean: 5, insideCount: 1, outsideMean: 3, outsideCount: 4 },
      { playerId: 2, insideMean: 5, insideCount: 1, outsideMean: null, outsideCount: 0 },
    ],
  },
  reviewedAt: null,
  reviewNotes: null,
};

describe('TrustFlagCard', () => {
  it('shows a ring’s accounts, players, ratings and evidence, and offers Review when pending', () => {
    const html = renderToStaticMarkup(createElement(TrustFlagCard, { flag: ring, onReview: () => undefined }));
    for (const text of [
      'Ring',
      'Score 3.46',
      'Rita Ring, Rob Ring',
      'rita@example.com',
      'No name',
      '#11 and #12',
      'Density',
      '100%',
      '5.0 from 1 rating',
      '3.0 from 4 ratings',
      'no other ratings',
      '+2.0',
      'Review',
    ]) {
      expect(html, text).toContain(text);
    }
  });

  it('shows the review of a confirmed flag, without Review', () => {
    const confirmed = {
      ...ring,
      status: 'confirmed' as const,
      reviewedAt: '2026-11-26T09:00:00.000Z',
      reviewNotes: 'Same club',
    };
    const html = renderToStaticMarkup(createElement(TrustFlagCard, { flag: confirmed }));
    expect(html).toContain('Confirmed');
    expect(html).toContain('Same club');
    expect(html).not.toContain('>Review<');
  });
});
