import { fakeApi, type ApiCall } from '@client/test/fake-api';
import { renderWithApp, SIGNED_IN_USER } from '@client/test/render-with-app';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import VerifyPage from './verify-page';

const UNCONFIRMED = { message: 'Please confirm your e-mail address first', code: 'email_unconfirmed' };

let calls: ApiCall[];
let refuse: boolean;

beforeEach(() => {
  refuse = false;
  calls = fakeApi(({ method, path }) => {
    if (refuse) return { status: 403, body: UNCONFIRMED };
    if (method === 'POST' && path === '/api/verify/request') return { body: { playerName: 'Vera Verify' } };
    if (method === 'POST' && path === '/api/verify/confirm') return { status: 403, body: UNCONFIRMED };
    return undefined;
  });
});

/** The warning above the steps (role alert), as opposed to a field's error text. */
const noticeShown = () =>
  screen.queryAllByRole('alert').some((alert) => alert.textContent?.includes(UNCONFIRMED.message));

async function sendCode(email = 'vera@example.com') {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText('Email'), email);
  await u.click(screen.getByRole('button', { name: 'Send Verification Code' }));
  return u;
}

describe('the verify screen for a signed-in account whose e-mail is not confirmed', () => {
  it('says up front that the account’s own address must be confirmed, naming it, with the way to resend', () => {
    renderWithApp(<VerifyPage />, { route: '/verify', user: { ...SIGNED_IN_USER, emailConfirmed: false } });
    expect(noticeShown()).toBe(true);
    expect(screen.getByText(SIGNED_IN_USER.email)).toBeDefined();
    expect(screen.getByRole('link', { name: 'resend it from your workspace' }).getAttribute('href')).toBe('/');
  });

  it('shows the server’s refusal above the steps, not as a problem with the profile’s e-mail', async () => {
    // The account looked confirmed when the page loaded (say, a stale lookup); the server knows better.
    renderWithApp(<VerifyPage />, { route: '/verify', user: SIGNED_IN_USER });
    expect(noticeShown()).toBe(false);
    refuse = true;
    await sendCode();
    await expect.poll(noticeShown).toBe(true);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/api/verify/request']);
  });

  it('shows the refusal of the code step the same way', async () => {
    renderWithApp(<VerifyPage />, { route: '/verify', user: SIGNED_IN_USER });
    const u = await sendCode();
    await u.type(await screen.findByLabelText('Verification code'), 'ABCD2345');
    await u.click(screen.getByRole('button', { name: 'Verify Account' }));
    await expect.poll(noticeShown).toBe(true);
    expect(screen.getByLabelText('Verification code').getAttribute('aria-invalid')).toBeNull();
  });

  it('says nothing of it to a visitor who is signed out or confirmed', () => {
    renderWithApp(<VerifyPage />, { route: '/verify', user: null });
    expect(noticeShown()).toBe(false);
  });
});
