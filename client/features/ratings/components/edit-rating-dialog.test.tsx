import { fakeApi, type ApiCall } from '@client/test/fake-api';
import { renderWithApp, SIGNED_IN_USER } from '@client/test/render-with-app';
import type { RatingReply } from '@common/schemas/ratings';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { EditRatingDialog } from './edit-rating-dialog';

const rating = {
  id: 5,
  playerId: 13,
  playerName: 'Pat Partner',
  raterEmail: SIGNED_IN_USER.email,
  isAnonymous: false,
  serveReturn: 4,
  groundstrokesThirdShot: 4,
  netPlayVolleysDinks: 4,
  movementCourtAwareness: 4,
  mentalPhysicalGame: 3,
  overallRating: 4,
  strengthsImprovements: 'Good hands',
  serveReturnComments: null,
  groundstrokesThirdShotComments: null,
  netPlayVolleysDinksComments: null,
  movementCourtAwarenessComments: null,
  mentalPhysicalGameComments: null,
  isHeld: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  pendingRelease: false,
  countsFrom: null,
  removal: null,
  reply: null,
} satisfies RatingReply;

let calls: ApiCall[];
beforeEach(() => {
  calls = fakeApi(({ method }) => (method === 'PUT' ? { body: rating } : undefined));
});

function openDialog() {
  renderWithApp(<EditRatingDialog rating={rating} onClose={() => undefined} />, { user: SIGNED_IN_USER });
  return screen.getByRole('dialog', { name: 'Edit your rating of Pat Partner' });
}

const note = (dialog: HTMLElement) => within(dialog).getByText(/makes the overall the average of the five/);

describe('EditRatingDialog', () => {
  it('says beside the overall why it is the mean of the five, with the sum and the rater’s own answer', () => {
    const dialog = openDialog();
    expect(note(dialog).textContent).toBe(
      'Saving an edit makes the overall the average of the five categories, to one decimal: (4 + 4 + 4 + 4 + 3) ÷ 5 = 3.8. You gave 4 stars overall.',
    );
  });

  it('follows the stars as a category changes', async () => {
    const dialog = openDialog();
    await userEvent.setup().click(
      within(within(dialog).getByRole('radiogroup', { name: 'Mental & Physical Game' })).getByRole('radio', {
        name: '5 stars',
      }),
    );
    expect(note(dialog).textContent).toContain('(4 + 4 + 4 + 4 + 5) ÷ 5 = 4.2');
  });

  it('counts the feedback against its limit, and refuses to save a longer one with a message', async () => {
    const dialog = openDialog();
    const feedback = within(dialog).getByLabelText(/^Strengths and areas to improve/);
    expect(within(dialog).getAllByText('10 / 2,000')).toHaveLength(1);

    // Pasted whole: nothing is cut at the limit.
    fireEvent.change(feedback, { target: { value: 'x'.repeat(2005) } });
    expect((feedback as HTMLTextAreaElement).value).toHaveLength(2005);
    expect(within(dialog).getByText('2,005 / 2,000')).toBeTruthy();
    expect(within(dialog).getByText('5 characters too many: shorten it to 2,000 at most.')).toBeTruthy();
    expect(feedback.getAttribute('aria-invalid')).toBe('true');

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Comment too long')).toBeTruthy();
    expect(document.activeElement).toBe(feedback);
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
