import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkScreen,
  gone,
  importPlayersViaApi,
  openTab,
  person,
  pickStars,
  SCORE_LABELS,
  see,
  signInViaApi,
  toast,
} from './support/app';
import { launchBrowser, newTrackedPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const UNCONFIRMED = 'Please confirm your e-mail address first';

describe('confirming the e-mail of a new password account', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await importPlayersViaApi(server.baseUrl, [
      { firstName: 'Pat', lastName: 'Partner', email: 'pat.partner@example.com', location: 'Austin, TX' },
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs up, is asked to confirm, opens the link, then registers a profile and rates', async () => {
    const cora = person('Cora', 'Confirm');
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page, context, consoleErrors } = tracked;

    await page.goto('/register');
    await page.getByLabel('First name').fill(cora.firstName);
    await page.getByLabel('Last name').fill(cora.lastName);
    await page.getByLabel('Email', { exact: true }).fill(cora.email);
    await page.getByLabel('Password', { exact: true }).fill(cora.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    // Sign-up says where the link went.
    await see(toast(page, new RegExp(`We sent a link to ${cora.email.replace(/[.+]/g, '\\$&')}`)));

    // The workspace opens with the reminder, the address it went to, and (DEMO_MODE) the link itself.
    const banner = page.getByRole('alert').filter({ hasText: 'Please confirm your e-mail address' });
    await see(banner);
    await see(banner.getByText(cora.email));
    await see(banner.getByRole('button', { name: 'Resend the link' }));
    const link = banner.getByRole('link', { name: 'open your confirmation link' });
    await see(link);
    await checkScreen(tracked, 'confirm-email-banner');

    // Until then, registering the profile is refused with the reason.
    const form = page.getByRole('form', { name: 'Player registration' });
    await form.getByLabel('First name').fill(cora.firstName);
    await form.getByLabel('Last name').fill(cora.lastName);
    await form.getByLabel('Skill level').selectOption('3.5');
    await form.getByRole('combobox', { name: 'Location' }).fill('Austin, TX');
    await form.getByRole('button', { name: 'Register Player' }).click();
    await see(toast(page, UNCONFIRMED));
    // And so is a rating (the API answers the same for every action that speaks for the e-mail).
    const refused = await context.request.post('/api/ratings', { data: {} });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: UNCONFIRMED, code: 'email_unconfirmed' });

    // Resending too soon says so (one link a minute).
    await banner.getByRole('button', { name: 'Resend the link' }).click();
    await see(toast(page, /less than a minute ago/));

    // Opening the link confirms and lands on the front page, still signed in: a note says so, the reminder is gone.
    const href = (await link.getAttribute('href')) ?? '';
    expect(new URL(href).pathname).toBe('/api/auth/confirm-email');
    await link.click();
    await see(toast(page, 'E-mail address confirmed'));
    await page.waitForURL(`${server.baseUrl}/`);
    await see(page.getByRole('heading', { level: 1, name: 'Player Registration' }));
    await gone(page.getByText('Please confirm your e-mail address'));
    await checkScreen(tracked, 'email-confirmed');

    // The profile registers through the form.
    await form.getByLabel('First name').fill(cora.firstName);
    await form.getByLabel('Last name').fill(cora.lastName);
    await form.getByLabel('Skill level').selectOption('3.5');
    await form.getByRole('combobox', { name: 'Location' }).fill('Austin, TX');
    await form.getByRole('button', { name: 'Register Player' }).click();
    await see(page.getByRole('status').filter({ hasText: 'Registration successful!' }));

    // And a rating goes through the wizard.
    await openTab(page, 'Rate a Player');
    await page.getByLabel('Search for the player you want to rate').fill('Pat Partner');
    await page
      .getByRole('list', { name: 'Players found' })
      .getByRole('button', { name: /^Pat Partner/ })
      .click();
    for (const label of SCORE_LABELS) await pickStars(page, label, 4);
    await pickStars(page, 'Overall rating', 4);
    await page.getByRole('button', { name: 'Continue to Comments' }).click();
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await see(page.getByRole('status').filter({ hasText: 'Rating submitted!' }));
    await openTab(page, 'My Ratings');
    await see(page.getByText('Pat Partner').first());
    // The refused registration and rating (403) and the too-early resend (429) are expected answers.
    expect(consoleErrors.filter((error) => !/status of (403|429)/.test(error))).toEqual([]);
    await context.close();
  });

  it('tells a browser that is not signed in that the link worked, or that it does not', async () => {
    const otto = person('Otto', 'Other');
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page, context } = tracked;
    const signUp = await context.request.post('/api/auth/register', {
      data: { firstName: otto.firstName, lastName: otto.lastName, email: otto.email, password: otto.password },
    });
    const { confirmationUrl } = (await signUp.json()) as { confirmationUrl: string };
    await context.clearCookies();

    await page.goto(confirmationUrl);
    await see(toast(page, 'E-mail address confirmed'));
    await page.waitForURL(`${server.baseUrl}/`);
    await page.goto(confirmationUrl);
    await see(toast(page, 'This confirmation link does not work'));
    await checkScreen(tracked, 'email-confirmation-link-used');

    // Signed in again, the account is confirmed: no reminder.
    await signInViaApi(context, otto);
    await page.goto('/');
    await see(page.getByRole('heading', { level: 1, name: 'Player Registration' }));
    expect(await page.getByText('Please confirm your e-mail address').count()).toBe(0);
    await context.close();
  });
});
