import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, openTab, person, see, signUpViaApi, takeErrors, toast, type Person } from './support/app';
import { launchBrowser, newTrackedPage, type TrackedPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * §8 signed-out and no-profile states of the user screens. A signed-out visitor at / gets the landing page, so a
 * user meets the signed-out states when the session ends while the workspace is open (signed out in another tab,
 * or expired): the next screen that asks the server for the user's data shows them.
 */
describe('signed-out and no-profile states of the user screens', () => {
  let server: RunningServer;
  let browser: Browser;
  let sam: TrackedPage;
  const samPerson: Person = person('Sam', 'Session');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    sam = await newTrackedPage(browser, server.baseUrl);
    await signUpViaApi(sam.context, samPerson);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks to sign in again on My Ratings, Leaderboard and My Dashboard after signing out in another tab', async () => {
    const { page, context } = sam;
    await page.goto('/?tab=about');
    await see(page.getByRole('heading', { level: 1, name: 'About Rating System' }));

    // Another tab of the same browser signs out: that one lands on the landing page.
    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
    await see(other.getByRole('button', { name: 'Continue with Google' }));
    await other.close();

    await openTab(page, 'My Ratings');
    await see(page.getByRole('heading', { name: 'Sign In Required' }));
    await see(page.getByText('Please sign in to see the ratings you have given.'));
    await checkScreen(sam, 'my-ratings-signed-out');

    await openTab(page, 'Leaderboard');
    await see(page.getByRole('heading', { name: 'Sign In Required' }));
    await see(page.getByText('Please sign in to view the community leaderboard.'));
    expect(await page.getByRole('heading', { name: 'Community Leaderboard' }).count()).toBe(0);
    await checkScreen(sam, 'leaderboard-signed-out');

    await openTab(page, 'My Dashboard');
    await see(page.getByRole('heading', { name: 'Please sign in to view your dashboard' }));
    expect(await page.getByText('Ratings submitted').count()).toBe(0);
    await checkScreen(sam, 'dashboard-signed-out');

    // Sign In opens the sign-in form (not bounced home by the ended session) and leads back to the workspace.
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await see(page.getByRole('heading', { name: 'Welcome back' }));
    await page.getByLabel('Email', { exact: true }).fill(samPerson.email);
    await page.getByLabel('Password', { exact: true }).fill(samPerson.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await see(toast(page, 'Signed in'));
    await page.waitForURL(`${server.baseUrl}/`);
    await see(page.getByRole('navigation', { name: 'Main' }).getByText('Sam Session'));

    expect(takeErrors(sam)).toEqual([]);
  });

  it('tells a user without a linked player what they are missing on My Dashboard and Ratings About Me', async () => {
    const { page } = sam;
    await openTab(page, 'My Dashboard');
    await see(page.getByRole('heading', { name: 'No Player Profile Linked' }));
    // The rater stats still show: rating does not need a profile of one's own.
    await see(page.getByText('Ratings submitted'));
    await checkScreen(sam, 'dashboard-no-profile');

    await openTab(page, 'Ratings About Me');
    await see(page.getByRole('heading', { name: 'Player Profile Required' }));
    await page.getByRole('button', { name: 'Go to Player Registration' }).click();
    await see(page.getByRole('heading', { level: 1, name: 'Player Registration' }));

    expect(takeErrors(sam)).toEqual([]);
  });
});
