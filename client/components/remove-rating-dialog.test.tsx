import { fakeApi, type ApiCall } from '@client/test/fake-api';
import { renderWithApp } from '@client/test/render-with-app';
import { REMOVAL_RULE_LABELS, REMOVAL_RULES } from '@common/removal-rules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RemoveRatingDialog, type RatingToRemove } from './remove-rating-dialog';

const rating: RatingToRemove = {
  ratingId: 7,
  playerId: 13,
  playerName: 'Pat Partner',
  rater: 'rita@example.com',
  overallRating: 5,
  excerpt: 'Never played with Pat, heard things.',
};

function openDialog(answer: Parameters<typeof fakeApi>[0] = () => ({ body: { ratingId: 7, removal: null } })) {
  const calls: ApiCall[] = fakeApi(answer);
  const onClose = vi.fn();
  renderWithApp(<RemoveRatingDialog rating={rating} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Remove the rating of Pat Partner' });
  return { dialog, calls, onClose, user: userEvent.setup() };
}

const removals = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

describe('RemoveRatingDialog', () => {
  it('offers every rule by its label and shows the chosen rule’s sentence as the rater will read it', async () => {
    const { dialog, user } = openDialog();
    const rule = within(dialog).getByRole('combobox', { name: 'Rule it breaks' });
    const options = within(rule).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Choose a rule…',
      ...REMOVAL_RULES.map((value) => REMOVAL_RULE_LABELS[value]),
    ]);
    expect(within(dialog).getByText('Choose a rule to see its sentence.')).toBeTruthy();

    await user.selectOptions(rule, 'Conflict of interest');
    expect(
      within(dialog).getByText('Removed by a moderator: The rater has a conflict of interest with the player.'),
    ).toBeTruthy();
    // The admin sees which rating it is.
    expect(within(dialog).getByText('rita@example.com')).toBeTruthy();
    expect(within(dialog).getByText('“Never played with Pat, heard things.”')).toBeTruthy();
  });

  it('asks for a rule before removing, and sends nothing without one', async () => {
    const { dialog, calls, user } = openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Remove rating' }));
    expect(within(dialog).getByText('Choose the rule this rating breaks.')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: 'Rule it breaks' }));
    expect(removals(calls)).toEqual([]);
  });

  it('removes under the chosen rule with the trimmed note, says so and closes', async () => {
    const { dialog, calls, onClose, user } = openDialog();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Rule it breaks' }), 'not-based-on-play');
    await user.type(within(dialog).getByLabelText(/^Note for other admins/), '  They never met.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Remove rating' }));

    expect(await screen.findByText('Rating removed')).toBeTruthy();
    expect(removals(calls)).toEqual([
      expect.objectContaining({
        path: '/api/admin/ratings/7/remove',
        body: { rule: 'not-based-on-play', note: 'They never met.' },
      }),
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('leaves the note out when empty', async () => {
    const { dialog, calls, user } = openDialog();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Rule it breaks' }), 'duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Remove rating' }));
    await screen.findByText('Rating removed');
    expect(removals(calls)[0].body).toEqual({ rule: 'duplicate' });
  });

  it('keeps the dialog open with the server’s reason when the removal is refused', async () => {
    const { dialog, onClose, user } = openDialog(() => ({
      status: 409,
      body: { message: 'This rating is already removed', code: 'rating_already_removed' },
    }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Rule it breaks' }), 'offensive');
    await user.click(within(dialog).getByRole('button', { name: 'Remove rating' }));

    expect(await screen.findByText('Could not remove the rating')).toBeTruthy();
    expect(screen.getByText('This rating is already removed')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Remove the rating of Pat Partner' })).toBeTruthy();
  });
});
