import { fakeApi, type ApiCall } from '@client/test/fake-api';
import { foundPlayer } from '@client/test/found-player';
import { renderWithApp, SIGNED_IN_USER } from '@client/test/render-with-app';
import type { LinkedPlayer } from '@common/schemas/auth';
import { PLACE_UNKNOWN_MESSAGE } from '@common/schemas/locations';
import type { RatingReply } from '@common/schemas/ratings';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import RatePlayerTab from './rate-player-tab';

// Confetti draws on a canvas the test DOM does not have.
vi.mock('../celebrate', () => ({ celebrate: () => Promise.resolve() }));

const dana = foundPlayer(12, 'Dana', 'Reyes');
const own = foundPlayer(7, 'Olive', 'Own', { userId: SIGNED_IN_USER.id });
const pat = foundPlayer(13, 'Pat', 'Partner', { alreadyRated: true, existingRatingId: 3 });

const ownPlayer = { id: 7, userId: SIGNED_IN_USER.id, firstName: 'Olive', lastName: 'Own' } as LinkedPlayer;

const earlierRating = {
  id: 3,
  playerId: 13,
  playerName: 'Pat Partner',
  isAnonymous: false,
  serveReturn: 2,
  groundstrokesThirdShot: 3,
  netPlayVolleysDinks: 4,
  movementCourtAwareness: 3,
  mentalPhysicalGame: 5,
  overallRating: 3.4,
  strengthsImprovements: 'Good hands',
  serveReturnComments: 'Work on depth',
  groundstrokesThirdShotComments: null,
  netPlayVolleysDinksComments: null,
  movementCourtAwarenessComments: null,
  mentalPhysicalGameComments: null,
  pendingRelease: false,
  countsFrom: null,
} as RatingReply;

/** Monday 00:00 UTC: when the next release of anonymous ratings is due (docs/product.md#anonymity). */
const NEXT_RELEASE = '2026-11-30T00:00:00.000Z';

let calls: ApiCall[];

beforeEach(() => {
  calls = fakeApi(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/players/search') return { body: [dana, own, pat] };
    if (method === 'GET' && path === '/api/ratings/3') return { body: earlierRating };
    if (method === 'POST' && path === '/api/ratings') {
      const { isAnonymous } = body as { isAnonymous: boolean };
      // An anonymous rating waits for the next release; a named one counts at once.
      const pending = { isAnonymous, pendingRelease: isAnonymous, countsFrom: isAnonymous ? NEXT_RELEASE : null };
      return { status: 201, body: { ...earlierRating, id: 9, ...pending } };
    }
    if (method === 'PUT' && path === '/api/ratings/3') return { body: earlierRating };
    return undefined;
  });
});

const user = () => userEvent.setup();
type User = ReturnType<typeof user>;

function renderWizard() {
  renderWithApp(<RatePlayerTab />, { user: SIGNED_IN_USER, linkedPlayer: ownPlayer });
}

async function search(u: User) {
  await u.type(screen.getByRole('searchbox', { name: 'Search for the player you want to rate' }), 'pa');
  return screen.findByRole('list', { name: 'Players found' });
}

async function pick(u: User, name: RegExp) {
  const list = await search(u);
  await u.click(within(list).getByRole('button', { name }));
}

/** The line naming who is being rated ("Rating: Dana Reyes" to a screen reader). */
const ratedPlayer = () => screen.getByText('Rating:', { exact: false }).closest('p')?.textContent;

const step = (title: string) => screen.findByRole('heading', { name: title });

async function giveStars(u: User, category: string, stars: number) {
  const group = screen.getByRole('radiogroup', { name: category });
  await u.click(within(group).getByRole('radio', { name: `${stars} star${stars === 1 ? '' : 's'}` }));
}

const CATEGORIES = [
  'Serve & Return',
  'Groundstrokes & Third Shot',
  'Net Play, Volleys & Dinks',
  'Movement & Court Awareness',
  'Mental & Physical Game',
];

describe('Rate a Player wizard', () => {
  it('goes on to comments only once all five categories and the overall have stars, then submits', async () => {
    const u = user();
    renderWizard();
    await pick(u, /Dana Reyes/);
    await step('Step 2: Rate skills');
    expect(ratedPlayer()).toContain('Dana Reyes');

    for (const category of CATEGORIES) await giveStars(u, category, 4);
    expect(screen.getByText('5 of 6 ratings given')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Continue to Comments/ })).toBeNull();

    await giveStars(u, 'Overall rating', 5);
    expect(screen.getByText('6 of 6 ratings given')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: /Continue to Comments/ }));
    await step('Step 3: Comments & submit');

    await u.type(screen.getByRole('textbox', { name: /Strengths and areas to improve/ }), 'Great dinks');
    await u.click(screen.getByRole('button', { name: /Submit Rating/ }));

    await screen.findByText('Rating submitted!');
    // docs/product.md#anonymity: the wizard's default is anonymous, which counts from the next release.
    expect(
      screen.getByText(
        'Rating saved. Anonymous ratings count from Monday, released together with others. Your 10 points arrive then.',
      ),
    ).toBeTruthy();
    const posted = calls.find((call) => call.method === 'POST' && call.path === '/api/ratings');
    expect(posted?.body).toMatchObject({
      playerId: 12,
      isNewPlayer: false,
      serveReturn: 4,
      mentalPhysicalGame: 4,
      overallRating: 5,
      isAnonymous: true,
      strengthsImprovements: 'Great dinks',
    });
    // The form starts over for the next rating.
    await step('Step 1: Find player');
  });

  it('says beside the anonymous switch that anonymous ratings are released weekly; a named one counts at once', async () => {
    const u = user();
    renderWizard();
    await pick(u, /Dana Reyes/);
    await step('Step 2: Rate skills');
    const anonymous = screen.getByRole('switch', { name: 'Submit anonymously' });
    expect(anonymous.getAttribute('aria-checked')).toBe('true');
    const hint = 'Anonymous ratings are released weekly, so the player can’t tell when you rated.';
    expect(screen.getByText(hint)).toBeTruthy();
    expect(anonymous.getAttribute('aria-describedby')).toContain(screen.getByText(hint).id);

    await u.click(anonymous);
    for (const category of [...CATEGORIES, 'Overall rating']) await giveStars(u, category, 4);
    await u.click(screen.getByRole('button', { name: /Continue to Comments/ }));
    await step('Step 3: Comments & submit');
    await u.click(screen.getByRole('button', { name: /Submit Rating/ }));

    await screen.findByText('Rating submitted!');
    expect(screen.getByText('Thanks for rating Dana Reyes. You earned 10 points.')).toBeTruthy();
    expect(screen.queryByText(/count from/)).toBeNull();
  });

  it('lists the caller’s own player as "This is you" and does not let them pick it', async () => {
    const u = user();
    renderWizard();
    const list = await search(u);
    const self = within(list).getByRole<HTMLButtonElement>('button', { name: /Olive Own/ });
    expect(within(self).getByText('This is you')).toBeTruthy();
    expect(self.disabled).toBe(true);

    await u.click(self);
    expect(screen.getByRole('heading', { name: 'Step 1: Find player' })).toBeTruthy();
    expect(within(list).getByRole<HTMLButtonElement>('button', { name: /Dana Reyes/ }).disabled).toBe(false);
  });

  it('loads the earlier rating of an already-rated player and updates it', async () => {
    const u = user();
    renderWizard();
    const list = await search(u);
    expect(within(within(list).getByRole('button', { name: /Pat Partner/ })).getByText('Rated by you')).toBeTruthy();
    await pick(u, /Pat Partner/);

    await step('Step 2: Rate skills');
    expect(screen.getByText('Updating your earlier rating')).toBeTruthy();
    const serve = screen.getByRole('radiogroup', { name: 'Serve & Return' });
    expect(within(serve).getByRole('radio', { name: '2 stars' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('switch', { name: 'Submit anonymously' }).disabled).toBe(true);

    await giveStars(u, 'Serve & Return', 3);
    await u.click(screen.getByRole('button', { name: /Continue to Comments/ }));
    await step('Step 3: Comments & submit');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Strengths and areas to improve/ }).value).toBe(
      'Good hands',
    );
    await u.click(screen.getByRole('button', { name: /Update Rating/ }));

    await screen.findByText('Rating updated!');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/ratings/3');
    expect(put?.body).toMatchObject({ serveReturn: 3, netPlayVolleysDinks: 4, serveReturnComments: 'Work on depth' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('adds a new player only with a first and last name', async () => {
    const u = user();
    renderWizard();
    await u.type(screen.getByRole('searchbox', { name: 'Search for the player you want to rate' }), 'Nia');
    await u.click(screen.getByRole('button', { name: /Add as new player/ }));
    const form = screen.getByRole('form', { name: 'Add a new player' });
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'First name' }).value).toBe('Nia');

    await u.click(within(form).getByRole('button', { name: /Continue to Ratings/ }));
    expect(within(form).getByText('Last name is required')).toBeTruthy();
    expect(await screen.findByText('Missing player details')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Step 1: Find player' })).toBeTruthy();

    await u.type(within(form).getByRole('textbox', { name: 'Last name' }), 'Newcomer');
    await u.click(within(form).getByRole('button', { name: /Continue to Ratings/ }));
    await step('Step 2: Rate skills');
    expect(screen.getByText('New player')).toBeTruthy();
    expect(ratedPlayer()).toContain('Nia Newcomer');
  });

  it('refuses a new player’s place the ZIP data does not know, under the City field', async () => {
    calls = fakeApi(({ method, path, query }) => {
      if (method === 'GET' && path === '/api/players/search') return { body: [] };
      if (method === 'GET' && path === '/api/locations/resolve') {
        const known = query.get('q') === 'Austin, TX';
        return { body: { place: known ? { city: 'Austin', state: 'TX', zip: null, location: 'Austin, TX' } : null } };
      }
      return undefined;
    });
    const u = user();
    renderWizard();
    await u.type(screen.getByRole('searchbox', { name: 'Search for the player you want to rate' }), 'Nia Newcomer');
    await u.click(screen.getByRole('button', { name: /Add as new player/ }));
    const form = screen.getByRole('form', { name: 'Add a new player' });
    const city = within(form).getByRole('combobox', { name: /City/ });
    await u.type(city, 'Mars Base One');
    await u.type(within(form).getByRole('textbox', { name: /State/ }), 'TX');
    await u.click(within(form).getByRole('button', { name: /Continue to Ratings/ }));
    expect(await within(form).findByText(PLACE_UNKNOWN_MESSAGE)).toBeTruthy();
    expect(city.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Step 1: Find player' })).toBeTruthy();

    await u.clear(city);
    await u.type(city, 'Austin');
    expect(within(form).queryByText(PLACE_UNKNOWN_MESSAGE)).toBeNull();
    await u.click(within(form).getByRole('button', { name: /Continue to Ratings/ }));
    await step('Step 2: Rate skills');
  });
});
