import { describe, expect, it } from 'vitest';
import {
  checkScreen,
  gone,
  linkedPlayerId,
  person,
  registerPlayerViaApi,
  see,
  signUpViaApi,
  takeErrors,
  toast,
} from './support/app';
import { newTrackedPage } from './support/browser';
import { serverAndBrowserPerFile } from './support/suite';

/* docs/product.md#places: forms take a place the ZIP data knows, shown as "City, ST"; an unknown one is said so. */

const UNKNOWN_PLACE = 'Choose a place from the suggestions: a US ZIP code or "City, ST", e.g. 78701 or Austin, TX.';
const NEAR_UNKNOWN = 'We could not find that place. Try a ZIP code or "City, ST".';

describe('places', () => {
  const suite = serverAndBrowserPerFile();

  it('registers with the suggestion "78701 — Austin, TX" and shows "Austin, TX" on the public page', async () => {
    const tracked = await newTrackedPage(suite.browser, suite.server.baseUrl);
    const { page, context } = tracked;
    const paloma = person('Paloma', 'Place');
    await signUpViaApi(context, paloma);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Player registration' });
    // The account's name fills the name fields, as its e-mail fills the e-mail.
    await expect.poll(() => form.getByLabel('First name').inputValue()).toBe('Paloma');
    expect(await form.getByLabel('Last name').inputValue()).toBe('Place');
    await form.getByLabel('Skill level').selectOption('4.0');

    // A place the ZIP data does not know is said so as the field is left, before anything is sent.
    const location = form.getByRole('combobox', { name: 'Location' });
    await location.fill('Mars Base One');
    await location.press('Tab');
    await see(form.getByText(UNKNOWN_PLACE));
    expect(await location.getAttribute('aria-invalid')).toBe('true');

    await location.fill('7870');
    await page.getByRole('listbox', { name: 'Location suggestions' }).getByRole('option', { name: /78701/ }).click();
    await expect.poll(() => location.inputValue()).toBe('78701 — Austin, TX');
    await gone(form.getByText(UNKNOWN_PLACE));
    await form.getByRole('button', { name: 'Register Player' }).click();
    await see(page.getByRole('heading', { name: 'Your player profile' }));
    await see(page.getByText('Austin, TX', { exact: true }));

    await page.goto(`/players/${await linkedPlayerId(context)}`);
    await page.waitForURL(/\/players\/\d+\/paloma-place-austin-tx$/);
    await see(page.getByRole('heading', { level: 1, name: 'Paloma Place' }));
    await see(page.getByText('Austin, TX', { exact: true }));
    expect(await page.getByText('— Austin').count()).toBe(0);
    await checkScreen(tracked, 'places-public-page');
    expect(takeErrors(tracked)).toEqual([]);
    await context.close();
  });

  it('refuses "Mars Base One" in the profile edit, under the Location field, and keeps the saved place', async () => {
    const tracked = await newTrackedPage(suite.browser, suite.server.baseUrl);
    const { page, context } = tracked;
    const rover = person('Rover', 'Mars');
    await signUpViaApi(context, rover);
    await registerPlayerViaApi(context, rover, '78701 — Austin, TX');
    await page.goto('/');
    await page.getByRole('button', { name: 'Edit your profile' }).click();
    const form = page.getByRole('form', { name: 'Edit your profile' });
    const location = form.getByRole('combobox', { name: 'Location' });
    await expect.poll(() => location.inputValue()).toBe('Austin, TX');

    await location.fill('Mars Base One');
    await location.press('Tab');
    await see(form.getByText(UNKNOWN_PLACE));
    await form.getByRole('button', { name: 'Save profile' }).click();
    await see(form.getByText(UNKNOWN_PLACE));
    expect(await location.getAttribute('aria-invalid')).toBe('true');
    expect(await toast(page, 'Profile saved').count()).toBe(0);
    await checkScreen(tracked, 'places-profile-refusal');

    const saved = await context.request.get('/api/auth/user/player');
    expect(((await saved.json()) as { player: { location: string } }).player.location).toBe('Austin, TX');
    expect(takeErrors(tracked)).toEqual([]);
    await context.close();
  });

  it('says a place searched near is unknown, and how to write one', async () => {
    const tracked = await newTrackedPage(suite.browser, suite.server.baseUrl);
    const { page, context } = tracked;
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Find players' });
    const near = section.getByLabel('Near');
    await near.fill('zzzz');
    await see(section.getByText(NEAR_UNKNOWN));
    expect(await near.getAttribute('aria-invalid')).toBe('true');
    await checkScreen(tracked, 'places-near-unknown');
    // A place it knows puts it right.
    await near.fill('Austin, TX');
    await near.press('Escape');
    await gone(section.getByText(NEAR_UNKNOWN));
    expect(takeErrors(tracked)).toEqual([]);
    await context.close();
  });
});
