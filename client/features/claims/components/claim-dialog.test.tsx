import { fakeApi, type ApiCall } from '@client/test/fake-api';
import { foundPlayer } from '@client/test/found-player';
import { renderWithApp, SIGNED_IN_USER } from '@client/test/render-with-app';
import { CLAIM_PLACE_UNKNOWN_MESSAGE } from '@common/schemas/locations';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it } from 'vitest';
import { ClaimProfileButton } from './claim-dialog';

let calls: ApiCall[];

beforeEach(() => {
  calls = fakeApi(({ method, path, query }) => {
    if (method === 'GET' && path === '/api/locations/resolve') {
      const known = query.get('q') === 'Denver, CO 80202';
      return { body: { place: known ? { city: 'Denver', state: 'CO', zip: '80202', location: 'Denver, CO' } : null } };
    }
    if (method === 'POST' && path === '/api/players/5/match-request') return { status: 201, body: { request: {} } };
    return undefined;
  });
});

it('says under City that a city, state and ZIP are no known place, and sends nothing until they are', async () => {
  const u = userEvent.setup();
  const clara = foundPlayer(5, 'Clara', 'Claimable', { location: 'Denver, CO' });
  renderWithApp(<ClaimProfileButton player={clara} />, { user: SIGNED_IN_USER });
  await u.click(screen.getByRole('button', { name: 'Claim Profile: Clara Claimable' }));
  const dialog = await screen.findByRole('dialog', { name: 'Claim Clara Claimable' });
  const city = within(dialog).getByRole('textbox', { name: 'City' });
  expect((city as HTMLInputElement).value).toBe('Denver');
  await u.type(within(dialog).getByRole('textbox', { name: 'ZIP' }), '80202');
  await u.clear(city);
  await u.type(city, 'Mars Base One');
  const send = within(dialog).getByRole('button', { name: 'Send Claim Request' });
  await u.click(send);

  expect(await within(dialog).findByText(CLAIM_PLACE_UNKNOWN_MESSAGE)).toBeTruthy();
  expect(city.getAttribute('aria-invalid')).toBe('true');
  expect(calls.some((call) => call.method === 'POST')).toBe(false);

  await u.clear(city);
  await u.type(city, 'Denver');
  expect(within(dialog).queryByText(CLAIM_PLACE_UNKNOWN_MESSAGE)).toBeNull();
  await u.click(send);
  expect(await screen.findByText('Claim request sent')).toBeTruthy();
  expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
    city: 'Denver',
    state: 'CO',
    zip: '80202',
  });
});
