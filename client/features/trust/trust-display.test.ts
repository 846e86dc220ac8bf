import type { TrustFlag, TrustRun } from '@common/schemas/trust';
import { describe, expect, it } from 'vitest';
import { trustReviewBody } from './api/review-trust-flag';
import {
  boostSummary,
  calibrationText,
  calibrationTone,
  durationText,
  isRing,
  isRunOpen,
  playerName,
  ratingIdsText,
  ringRows,
  ringSummary,
  runProgress,
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

const running = (phase: string | null, done: number, total: number): TrustRun => ({
  id: 3,
  state: 'running',
  requestedAt: '2026-11-28T10:00:00.000Z',
  requestedByAdmin: true,
  startedAt: '2026-11-28T10:00:01.000Z',
  finishedAt: null,
  phase,
  progress: { done, total },
  error: null,
});

describe('full run progress', () => {
  it('follows a queued or running run, not a finished one', () => {
    expect(isRunOpen({ ...running('estimates', 0, 1), state: 'queued' })).toBe(true);
    expect(isRunOpen(running('estimates', 0, 1))).toBe(true);
    expect(isRunOpen({ ...running('done', 0, 0), state: 'done' })).toBe(false);
    expect(isRunOpen({ ...running('loading', 0, 0), state: 'failed' })).toBe(false);
    expect(isRunOpen(null)).toBe(false);
  });

  it('says which step a run is at, with its count where the step knows its end', () => {
    expect(runProgress({ ...running(null, 0, 0), state: 'queued' })).toEqual({
      text: 'Queued, waiting to start',
      share: null,
    });
    expect(runProgress(running('starting', 0, 0)).text).toBe('Starting');
    expect(runProgress(running(null, 0, 0)).text).toBe('Starting');
    expect(runProgress(running('reading players', 3, 0))).toEqual({ text: 'Reading players', share: null });
    expect(runProgress(running('reading ratings', 120_000, 0))).toEqual({
      text: 'Reading ratings: 120,000 so far',
      share: null,
    });
    expect(runProgress(running('leniency', 2, 10))).toEqual({
      text: 'Measuring rater leniency: pass 3 of up to 10',
      share: 0.2,
    });
    expect(runProgress(running('estimates', 40_000, 87_027))).toEqual({
      text: 'Computing estimates: 40,000 of 87,027 players',
      share: 40_000 / 87_027,
    });
    expect(runProgress(running('estimates', 0, 0)).text).toBe('Computing estimates');
    // A single step's 0 of 1, or a count that does not move, says nothing.
    expect(runProgress(running('collusion', 0, 1))).toEqual({ text: 'Checking for collusion', share: null });
    expect(runProgress(running('raters', 0, 5400)).text).toBe('Saving rater scores and flags');
  });

  it('shows a step it does not know by its name, and its count', () => {
    expect(runProgress(running('writing history', 5, 8))).toEqual({ text: 'Writing history: 5 of 8', share: null });
    expect(runProgress(running('toString', 0, 0)).text).toBe('ToString');
  });
});
