import { foundPlayer } from '@client/test/found-player';
import { pointsForRating } from '@common/gamification';
import type { RatingReply } from '@common/schemas/ratings';
import { describe, expect, it } from 'vitest';
import {
  allRated,
  commentLength,
  createBody,
  draftFromRating,
  draftProblem,
  editBody,
  freshDraft,
  ratedCount,
  type RatingDraft,
} from './rating-draft';

const player = foundPlayer(12, 'Dana', 'Reyes', { path: '/players/12/dana-reyes-austin-tx' });

const complete = (): RatingDraft => ({
  ...freshDraft(),
  scores: {
    serveReturn: 4,
    groundstrokesThirdShot: 3,
    netPlayVolleysDinks: 5,
    movementCourtAwareness: 4,
    mentalPhysicalGame: 4,
    overallRating: 5,
  },
});

/** The five comment fields of a body: one on serve and return, the others empty (null). */
const serveComment = (serveReturnComments: string) => ({
  serveReturnComments,
  groundstrokesThirdShotComments: null,
  netPlayVolleysDinksComments: null,
  movementCourtAwarenessComments: null,
  mentalPhysicalGameComments: null,
});

describe('rating draft (docs/product.md#rate-a-player)', () => {
  it('starts fresh with every score at 0 and anonymous on', () => {
    const draft = freshDraft();
    expect(ratedCount(draft.scores)).toBe(0);
    expect(allRated(draft.scores)).toBe(false);
    expect(draft.isAnonymous).toBe(true);
  });

  it('counts as complete only when all six scores are above 0', () => {
    const draft = complete();
    expect(allRated(draft.scores)).toBe(true);
    expect(allRated({ ...draft.scores, overallRating: 0 })).toBe(false);
    expect(ratedCount({ ...draft.scores, mentalPhysicalGame: 0 })).toBe(5);
  });

  it('names the docs/product.md#validation-messages problem of a draft, in order', () => {
    const target = { kind: 'existing', player } as const;
    expect(draftProblem(freshDraft(), target, true)).toMatchObject({
      title: 'Please provide ratings for all categories',
      field: 'serveReturn',
    });
    expect(draftProblem(complete(), target, false)?.title).toBe('Authentication required');
    expect(draftProblem(complete(), null, true)?.title).toBe('Please select a player');
    expect(
      draftProblem(complete(), { kind: 'new', details: { firstName: 'Ann', lastName: ' ', city: '', state: '' } }, true)
        ?.title,
    ).toBe('Missing player details');
    expect(draftProblem(complete(), target, true)).toBeNull();
  });

  it('refuses a comment past 2,000 characters, counted as the server counts it (trimmed)', () => {
    const target = { kind: 'existing', player } as const;
    const long = (text: string) => ({ ...complete(), strengthsImprovements: text });
    expect(draftProblem(long('x'.repeat(2001)), target, true)?.title).toBe('Comment too long');
    expect(draftProblem(long(`  ${'x'.repeat(2000)}  `), target, true)).toBeNull();
    const longCategory = { ...complete(), comments: { ...complete().comments, netPlayVolleysDinks: 'y'.repeat(2001) } };
    expect(draftProblem(longCategory, target, true)?.title).toBe('Comment too long');
  });

  it('builds the POST body for a found player, with empty texts as null', () => {
    const draft = {
      ...complete(),
      isAnonymous: false,
      strengthsImprovements: '  Great dinks ',
      comments: { ...complete().comments, serveReturn: 'Deep serves' },
    };
    expect(createBody(draft, { kind: 'existing', player }, 'me@example.com')).toEqual({
      playerId: 12,
      playerName: 'Dana Reyes',
      raterEmail: 'me@example.com',
      isAnonymous: false,
      isNewPlayer: false,
      ...complete().scores,
      strengthsImprovements: 'Great dinks',
      ...serveComment('Deep serves'),
    });
  });

  it('builds the POST body for a new player (optional city, free-text state)', () => {
    const body = createBody(
      complete(),
      { kind: 'new', details: { firstName: ' Ann ', lastName: 'Lee', city: '', state: 'Oregon' } },
      null,
    );
    expect(body).toMatchObject({
      playerName: 'Ann Lee',
      isNewPlayer: true,
      newPlayerFirstName: 'Ann',
      newPlayerLastName: 'Lee',
      newPlayerCity: null,
      newPlayerState: 'Oregon',
      isAnonymous: true,
    });
    expect(body).not.toHaveProperty('playerId');
    expect(body).not.toHaveProperty('raterEmail');
  });

  it('loads an earlier rating for the update flow and builds the PUT body', () => {
    const categories = {
      serveReturn: 2,
      groundstrokesThirdShot: 3,
      netPlayVolleysDinks: 4,
      movementCourtAwareness: 3,
      mentalPhysicalGame: 5,
    };
    const rating = {
      id: 3,
      isAnonymous: false,
      ...categories,
      overallRating: 3.4,
      strengthsImprovements: null,
      ...serveComment('Work on depth'),
    } as RatingReply;
    const draft = draftFromRating(rating);
    expect(draft.isAnonymous).toBe(false);
    expect(draft.scores.overallRating).toBe(3);
    expect(draft.comments.serveReturn).toBe('Work on depth');
    expect(editBody(draft.scores, draft)).toEqual({
      ...categories,
      overallRating: 3,
      strengthsImprovements: null,
      ...serveComment('Work on depth'),
    });
  });
});

describe('commentLength (docs/product.md#gamification-rules)', () => {
  it('counts characters as the server does, an emoji as one, so the wizard promises the points the server gives', () => {
    const emoji = { ...freshDraft(), strengthsImprovements: '🏓'.repeat(25) };
    expect(commentLength(emoji)).toBe(25);
    expect(pointsForRating(commentLength(emoji))).toBe(10);
    const detailed = { ...freshDraft(), strengthsImprovements: ` ${'🏓'.repeat(50)} ` };
    expect(pointsForRating(commentLength(detailed))).toBe(15);
  });
});
