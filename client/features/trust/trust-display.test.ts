import type { TrustFlag } from '@common/schemas/trust';
import { describe, expect, it } from 'vitest';
import { trustReviewBody } from './api/review-trust-flag';
import {
  boostSummary,
  calibrationText,
  calibrationTone,
  durationText,
  isRing,
  playerName,
  ratingIdsText,
  ringRows,
  ringSummary,
  type BoostEvidence,
  type RingEvidence,
} from './trust-display';

const players: TrustFlag['players'] = [
  { id: 1, name: 'Rita Ring' },
  { id: 2, name: 'Rob Ring' },
];

const ring: RingEvidence = {
  density: 1,
  meanZ: 2.345,
  players: [
    { playerId: 1, insideMean: 5, insideCount: 2, outsideMean: 3.14, outsideCount: 7 },
    { playerId: 2, insideMean: 4.5, insideCount: 1, outsideMean: null, outsideCount: 0 },
    { playerId: 9, insideMean: 3, insideCount: 2, outsideMean: 3.5, outsideCount: 1 },
  ],
};

const boost: BoostEvidence = { z: 3.1, ratingMean: 5, playerOthersMean: 2.96, playerOthersCount: 6 };

describe('trust flag display', () => {
  it('tells a ring from a boost by its evidence', () => {
    expect(isRing(ring)).toBe(true);
    expect(isRing(boost)).toBe(false);
  });

  it('sets each ring player’s ratings inside the group against everyone else’s', () => {
    expect(ringRows({ players }, ring)).toEqual([
      { playerId: 1, name: 'Rita Ring', inside: '5.0 from 2 ratings', outside: '3.1 from 7 ratings', gap: '+1.9' },
      { playerId: 2, name: 'Rob Ring', inside: '4.5 from 1 rating', outside: 'no other ratings', gap: null },
      { playerId: 9, name: 'Player #9', inside: '3.0 from 2 ratings', outside: '3.5 from 1 rating', gap: '−0.5' },
    ]);
    expect(ringSummary(ring)).toEqual([
      { label: 'Density', value: '100%' },
      { label: 'Mean z', value: '2.35' },
    ]);
    expect(playerName({ players }, 2)).toBe('Rob Ring');
  });

  it('sets a boost against the player’s other ratings', () => {
    expect(boostSummary(boost)).toEqual([
      { label: 'This rating', value: '5.0' },
      { label: 'Player’s other ratings', value: '3.0 from 6 ratings' },
      { label: 'z', value: '3.10' },
    ]);
    expect(boostSummary({ ...boost, playerOthersCount: 0 })[1].value).toBe('none');
  });

  it('lists rating ids and durations in words', () => {
    expect(ratingIdsText([12])).toBe('#12');
    expect(ratingIdsText([12, 13, 14])).toBe('#12, #13 and #14');
    expect(durationText(850)).toBe('850 ms');
    expect(durationText(2440)).toBe('2.4 s');
  });

  it('says how well the 90% ranges held, and whether that is near 90%', () => {
    expect(calibrationText({ ratings: 0, insideShare: null })).toBe('No new ratings in the last 30 days');
    expect(calibrationText({ ratings: 1200, insideShare: 0.894 })).toBe(
      '89% of 1,200 new ratings fell inside their 90% range',
    );
    expect(calibrationTone({ ratings: 1200, insideShare: 0.894 })).toBe('ok');
    expect(calibrationTone({ ratings: 50, insideShare: 0.7 })).toBe('off');
    expect(calibrationTone({ ratings: 0, insideShare: null })).toBe('unknown');
  });

  it('sends review notes trimmed, and none when empty', () => {
    expect(trustReviewBody('confirm', '  ring of club mates ')).toEqual({
      action: 'confirm',
      notes: 'ring of club mates',
    });
    expect(trustReviewBody('dismiss', '   ')).toEqual({ action: 'dismiss' });
  });
});
