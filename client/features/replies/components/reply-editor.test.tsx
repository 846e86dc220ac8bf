import { fakeApi } from '@client/test/fake-api';
import { renderWithApp, SIGNED_IN_USER } from '@client/test/render-with-app';
import type { ReplyView } from '@common/schemas/replies';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ReplyEditor } from './reply-editor';

const held: ReplyView = {
  text: 'Thanks for the notes',
  authorFirstName: 'Pat',
  held: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('ReplyEditor (docs/product.md#replies)', () => {
  it('counts characters as people do (an emoji is one) and sends the text', async () => {
    const calls = fakeApi(({ method }) =>
      method === 'PUT' ? { body: { ratingId: 5, reply: { ...held, held: false } } } : { body: [] },
    );
    renderWithApp(<ReplyEditor ratingId={5} playerId={13} reply={null} />, { user: SIGNED_IN_USER });
    await userEvent.click(screen.getByRole('button', { name: 'Reply publicly' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your public reply' }), 'Nice 🏓');
    expect(screen.getByText('6 / 1,000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    await screen.findByRole('button', { name: 'Reply publicly' });
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/ratings/5/reply',
      body: { text: 'Nice 🏓' },
    });
  });

  it('shows the server’s refusal', async () => {
    fakeApi(() => ({
      status: 403,
      body: { message: 'Only the rated player can reply to this rating', code: 'reply_not_rated_player' },
    }));
    renderWithApp(<ReplyEditor ratingId={5} playerId={13} reply={null} />, { user: SIGNED_IN_USER });
    await userEvent.click(screen.getByRole('button', { name: 'Reply publicly' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your public reply' }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Post reply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only the rated player can reply to this rating');
  });

  it('marks a held reply as waiting for review', () => {
    fakeApi(() => ({ body: [] }));
    renderWithApp(<ReplyEditor ratingId={5} playerId={13} reply={held} />, { user: SIGNED_IN_USER });
    expect(screen.getByRole('group', { name: 'Reply from Pat' }).textContent).toContain('Waiting for review');
    expect(screen.getByRole('button', { name: 'Edit reply' })).toBeTruthy();
  });
});
