import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, gone, openTab, person, rateNewPlayerViaApi, see } from './support/app';
import { launchBrowser, newTrackedPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe('confirming the e-mail of a new password account', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
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

    // The workspace opens with the reminder, the address it went to, and (DEMO_MODE) the link itself.
    const banner = page.getByRole('alert').filter({ hasText: 'Please confirm your e-mail address' });
    await see(banner);
    await see(banner.getByText(cora.email));
    await see(banner.getByRole('button', { name: 'Resend the link' }));
    const link = banner.getByRole('link', { name: 'open your confirmation link' });
    await see(link);
    await checkScreen(tracked, 'confirm-email-banner');

    // Until then, what speaks for the e-mail is refused with the reason.
    const refused = await context.request.post('/api/players', {
      data: { firstName: 'Cora', lastName: 'Confirm', email: cora.email, skillLevel: '3.0', location: 'Austin, TX' },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Please confirm your e-mail address first' });

    // Resending too soon says so (one link a minute).
    await banner.getByRole('button', { name: 'Resend the link' }).click();
    await see(page.getByText(/less than a minute ago/).first());

    // Opening the link confirms and lands on the front page, still signed in: the reminder is gone.
    const href = (await link.getAttribute('href')) ?? '';
    expect(new URL(href).pathname).toBe('/api/auth/confirm-email');
    await link.click();
    await page.waitForURL(`${server.baseUrl}/`);
    await see(page.getByRole('heading', { level: 1, name: 'Player Registration' }));
    await gone(page.getByText('Please confirm your e-mail address'));

    // The profile registers through the form, and a rating goes through.
    const form = page.getByRole('form', { name: 'Player registration' });
    await form.getByLabel('First name').fill(cora.firstName);
    await form.getByLabel('Last name').fill(cora.lastName);
    await form.getByLabel('Skill level').selectOption('3.5');
    await form.getByRole('combobox', { name: 'Location' }).fill('Austin, TX');
    await form.getByRole('button', { name: 'Register Player' }).click();
    await see(page.getByRole('status').filter({ hasText: 'Registration successful!' }));

    await rateNewPlayerViaApi(context, { firstName: 'Pat', lastName: 'Partner' }, 4);
    await openTab(page, 'My Ratings');
    await see(page.getByText('Pat Partner').first());
    // The refused registration (403) and the too-early resend (429) are expected answers.
    expect(consoleErrors.filter((error) => !/status of (403|429)/.test(error))).toEqual([]);
    await context.close();
  });
});
