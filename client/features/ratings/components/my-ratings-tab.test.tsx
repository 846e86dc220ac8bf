import { fakeApi } from '@client/test/fake-api';
import { renderWithApp, SIGNED_IN_USER } from '@client/test/render-with-app';
import type { RatingReply } from '@common/schemas/ratings';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import MyRatingsTab from './my-ratings-tab';

const NEXT_RELEASE = '2026-11-30T00:00:00.000Z';

const rating = (id: number, playerName: string, changes: Partial<RatingReply>): RatingReply => ({
  id,
  playerId: id + 100,
  playerName,
  raterEmail: SIGNED_IN_USER.email,
  isAnonymous: true,
  serveReturn: 4,
  groundstrokesThirdShot: 4,
  netPlayVolleysDinks: 4,
  movementCourtAwareness: 4,
  mentalPhysicalGame: 4,
  overallRating: 4,
  strengthsImprovements: 'Good hands',
  serveReturnComments: null,
  groundstrokesThirdShotComments: null,
  netPlayVolleysDinksComments: null,
  movementCourtAwarenessComments: null,
  mentalPhysicalGameComments: null,
  isHeld: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  pendingRelease: false,
  countsFrom: null,
  removal: null,
  reply: null,
  ...changes,
});

const ratings = [
  rating(1, 'Nell New', { pendingRelease: true, countsFrom: NEXT_RELEASE }),
  rating(2, 'Eddie Edited', { updatedAt: '2026-11-27T09:00:00.000Z', pendingRelease: true, countsFrom: NEXT_RELEASE }),
  rating(3, 'Rory Released', { createdAt: '2026-11-10T10:00:00.000Z', updatedAt: '2026-11-10T10:00:00.000Z' }),
  rating(4, 'Nora Named', { isAnonymous: false }),
];

async function cardOf(playerName: string) {
  const heading = await screen.findByRole('heading', { name: playerName });
  return heading.closest<HTMLElement>('li') ?? heading.parentElement!.parentElement!.parentElement!;
}

describe('My Ratings', () => {
  it('marks an anonymous rating, or its edit, that others do not see yet with the day it counts from', async () => {
    fakeApi(({ path }) => (path === '/api/my-ratings' ? { body: ratings } : undefined));
    renderWithApp(<MyRatingsTab />, { user: SIGNED_IN_USER });

    const fresh = await cardOf('Nell New');
    expect(within(fresh).getByText('Counts from Monday')).toBeTruthy();
    expect(
      within(fresh).getByText(
        'Anonymous ratings are released together once a week, so nobody can tell who wrote one. Until then only you see it.',
      ),
    ).toBeTruthy();

    const edited = await cardOf('Eddie Edited');
    expect(within(edited).getByText('Your edit counts from Monday')).toBeTruthy();
    expect(within(edited).getByText(/Until then only you see your edit\.$/)).toBeTruthy();

    for (const counted of ['Rory Released', 'Nora Named']) {
      expect(within(await cardOf(counted)).queryByText(/counts from/i)).toBeNull();
    }
  });

  it('marks a rating a moderator removed with the rule’s sentence, and offers no Edit on it', async () => {
    fakeApi(({ path }) =>
      path === '/api/my-ratings'
        ? {
            body: [
              rating(5, 'Rosa Removed', {
                isAnonymous: false,
                removal: { rule: 'not-based-on-play', removedAt: '2026-11-26T08:00:00.000Z' },
              }),
              rating(6, 'Stan Standing', { isAnonymous: false }),
            ],
          }
        : undefined,
    );
    renderWithApp(<MyRatingsTab />, { user: SIGNED_IN_USER });

    const removed = await cardOf('Rosa Removed');
    expect(
      within(removed).getByText('Removed by a moderator: It is not based on playing with or against the player.'),
    ).toBeTruthy();
    expect(within(removed).queryByRole('button', { name: /edit/i })).toBeNull();

    const standing = await cardOf('Stan Standing');
    expect(within(standing).queryByText(/Removed by a moderator/)).toBeNull();
    expect(within(standing).getByRole('button', { name: 'Edit: rating of Stan Standing' })).toBeTruthy();
  });
});
