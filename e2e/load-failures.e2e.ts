import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkScreen,
  gone,
  importPlayersViaApi,
  openTab,
  person,
  rateNewPlayerViaApi,
  see,
  signUpViaApi,
  stopServerMidSession,
  takeErrorsBesidesRefused,
  toast,
  type Person,
} from './support/app';
import { adminDeveloperPage, signUpForUpdatesViaApi } from './support/admin';
import { launchBrowser, newTrackedPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/** What the client says for a request that got no answer (Chromium's own text is "Failed to fetch"). */
const NO_ANSWER = 'Could not reach the server. Check your connection and try again.';

/** The docs/product.md#messages error alert titled `title` (role alert), with the reason under it. */
const errorAlert = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

/** A server of its own with one unlinked player, Cora, to claim. */
async function startServerWithCora(): Promise<RunningServer> {
  const server = await startServer();
  await importPlayersViaApi(server.baseUrl, [
    { firstName: 'Cora', lastName: 'Claimable', email: 'cora.c@club.example', location: 'Denver, CO 80202' },
  ]);
  return server;
}

/**
 * docs/product.md#messages load and save failures when the server becomes unreachable mid-session: the real server is stopped, nothing is
 * mocked. docs/product.md#limits-and-timings caches data without refetching, so each screen is checked on something it has not loaded yet. The code
 * of every screen is cached by the browser (immutable assets) from an earlier visit; the page is then loaded afresh,
 * so a screen opened after the stop asks for its data for the first time, as for a returning visitor.
 */
describe('load and save failures when the server goes away', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe('user screens', () => {
    let server: RunningServer;
    const lou: Person = person('Lou', 'Offline');
    beforeAll(async () => {
      server = await startServerWithCora();
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('shows the leaderboard, My Ratings, search, registration and claim failures', async () => {
      const tracked = await newTrackedPage(browser, server.baseUrl);
      const { page, context } = tracked;
      await signUpViaApi(context, lou);
      await rateNewPlayerViaApi(context, { firstName: 'Nico', lastName: 'Net' }, 4);

      // An earlier visit to the screens leaves their code in the browser's cache.
      await page.goto('/?tab=my-ratings');
      await see(page.getByRole('heading', { name: 'Nico Net' }));
      await openTab(page, 'Rate a Player');
      await see(page.getByRole('heading', { name: 'Step 1: Find player' }));
      await openTab(page, 'Leaderboard');
      await see(page.getByRole('list', { name: 'Top raters: All Time' }));
      await openTab(page, 'Player Registration');
      await see(page.getByRole('form', { name: 'Player registration' }));

      // Back later: a fresh page finds Cora and opens the all-time leaderboard; then the server goes away.
      await page.reload();
      await see(page.getByRole('heading', { level: 1, name: 'Player Registration' }));
      await page.getByLabel('Search players').fill('Cora');
      await see(page.getByRole('list', { name: 'Search results' }).getByText('Cora Claimable'));
      await openTab(page, 'Leaderboard');
      await see(
        page
          .getByRole('list', { name: 'Top raters: All Time' })
          .getByText(`${lou.firstName} ${lou.lastName[0]}.`, { exact: true }),
      );
      await stopServerMidSession(server);

      // docs/product.md#messages 'Error loading leaderboard: {message}' for a period not loaded before.
      await page.getByRole('button', { name: 'This Week' }).click();
      await see(errorAlert(page, `Error loading leaderboard: ${NO_ANSWER}`));
      expect(await page.getByRole('button', { name: 'This Week' }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('list', { name: /^Top raters/ }).count()).toBe(0);
      await checkScreen(tracked, 'leaderboard-load-failed');

      // docs/product.md#messages 'Error loading your ratings': My Ratings opened for the first time on this page.
      await openTab(page, 'My Ratings');
      const myRatingsError = errorAlert(page, 'Error loading your ratings');
      await see(myRatingsError);
      await see(myRatingsError.getByText(NO_ANSWER));
      await see(myRatingsError.getByRole('button', { name: 'Try Again' }));
      expect(await page.getByRole('heading', { name: 'Nico Net' }).count()).toBe(0);
      await checkScreen(tracked, 'my-ratings-load-failed');

      // docs/product.md#messages 'Search failed' in the rate wizard, for a search not typed before.
      await openTab(page, 'Rate a Player');
      await page.getByLabel('Search for the player you want to rate').fill('Nico');
      await see(errorAlert(page, 'Search failed'));
      expect(await page.getByRole('list', { name: 'Players found' }).count()).toBe(0);

      // ... and in Player Registration.
      await openTab(page, 'Player Registration');
      const search = page.getByLabel('Search players');
      await search.fill('Denver');
      await see(errorAlert(page, 'Search failed'));
      expect(await page.getByRole('list', { name: 'Search results' }).count()).toBe(0);

      // docs/product.md#messages 'Registration failed' with the reason; the form keeps what was typed.
      const form = page.getByRole('form', { name: 'Player registration' });
      await form.getByLabel('First name').fill(lou.firstName);
      await form.getByLabel('Last name').fill(lou.lastName);
      await form.getByLabel('Skill level').selectOption('3.5');
      await form.getByRole('combobox', { name: 'Location' }).fill('Austin, TX');
      await form.getByRole('button', { name: 'Register Player' }).click();
      await see(toast(page, 'Registration failed'));
      await see(toast(page, NO_ANSWER));
      expect(await form.getByLabel('First name').inputValue()).toBe(lou.firstName);
      await see(form.getByRole('button', { name: 'Register Player' }));

      // docs/product.md#messages 'Claim request failed' / 'Please try again.' from the claim dialog on the earlier search's result.
      await search.fill('Cora');
      await page.getByRole('button', { name: 'Claim Profile: Cora Claimable' }).click();
      const dialog = page.getByRole('dialog', { name: 'Claim Cora Claimable' });
      await see(dialog);
      // A player's ZIP is never shown, so the claimant gives theirs.
      await dialog.getByLabel('ZIP').fill('80202');
      await dialog.getByRole('button', { name: 'Send Claim Request' }).click();
      await see(toast(page, 'Claim request failed'));
      await see(toast(page, 'Please try again.'));
      await see(dialog.getByRole('button', { name: 'Send Claim Request' }));

      const errors = takeErrorsBesidesRefused(tracked);
      expect(errors.others).toEqual([]);
      expect(errors.refused).toBeGreaterThan(0);
      await context.close();
    });
  });

  describe('a browser that reports it is offline', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServerWithCora();
    });
    afterAll(async () => {
      await server?.stop();
    });

    // A browser that says it is offline (navigator.onLine false, an 'offline' event) still tries, and says what
    // failed: waiting silently for 'online' would leave a button that does nothing and a screen that never loads.
    it('says what failed when the browser reports it is offline, instead of waiting silently', async () => {
      const tracked = await newTrackedPage(browser, server.baseUrl);
      const { page, context } = tracked;
      await signUpViaApi(context, person('Ola', 'Offline'));
      await page.goto('/?tab=leaderboard');
      await see(page.getByRole('heading', { level: 1, name: 'Leaderboard' }));
      await openTab(page, 'Player Registration');
      await page.getByLabel('Search players').fill('Cora');
      await page.getByRole('button', { name: 'Claim Profile: Cora Claimable' }).click();
      const dialog = page.getByRole('dialog', { name: 'Claim Cora Claimable' });
      await see(dialog);
      // A player's ZIP is never shown, so the claimant gives theirs.
      await dialog.getByLabel('ZIP').fill('80202');
      await context.setOffline(true);

      await dialog.getByRole('button', { name: 'Send Claim Request' }).click();
      await see(toast(page, 'Claim request failed'));
      await see(dialog.getByRole('button', { name: 'Send Claim Request' }));
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // A period not loaded before is asked for, and fails in words.
      await openTab(page, 'Leaderboard');
      await page.getByRole('button', { name: 'This Week' }).click();
      await see(errorAlert(page, `Error loading leaderboard: ${NO_ANSWER}`));

      // A screen whose code was never downloaded: the error in its tab, not a reload into the browser's offline page.
      await page.getByRole('tab', { name: /^My Dashboard/ }).click();
      const failed = page.getByRole('tabpanel', { name: /^My Dashboard/ }).getByRole('alert');
      await see(failed.getByRole('heading', { name: 'Something went wrong' }));
      expect(new URL(page.url()).origin).toBe(server.baseUrl);
      await see(failed.getByText('your device seems to be offline'));
      await see(failed.getByText('The tabs you opened before still work.'));
      await checkScreen(tracked, 'screen-code-failed-offline');
      // The other tabs stay in reach: a screen already loaded opens again.
      await openTab(page, 'Leaderboard');
      await see(page.getByRole('heading', { level: 1, name: 'Leaderboard' }));
      await gone(page.getByRole('heading', { name: 'Something went wrong' }));
      await context.close();
    });
  });

  describe('admin screens', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer();
      await importPlayersViaApi(server.baseUrl, [
        { firstName: 'Pia', lastName: 'Listed', email: 'pia.l@club.example', location: 'Boise, ID, USA' },
      ]);
      await signUpForUpdatesViaApi(server.baseUrl, 'early.bird@example.com');
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('shows the Player List, User Management, Email Signups and Flagged Content failures', async () => {
      const tracked = await adminDeveloperPage(browser, server.baseUrl);
      const { page } = tracked;

      // An earlier visit to the admin screens leaves their code in the browser's cache.
      await page.goto('/?tab=players');
      await see(page.getByRole('list', { name: 'Players' }).getByText('Pia Listed'));
      await openTab(page, 'User Management');
      await see(page.getByRole('list', { name: 'Users' }));
      await openTab(page, 'Email Signups');
      await see(page.getByText('early.bird@example.com'));
      await openTab(page, 'Flagged Content');
      await see(page.getByRole('heading', { name: 'Pending review' }));

      // Back later on Bulk Import (which loads nothing); then the server goes away.
      await page.goto('/?tab=bulk');
      await see(page.getByText('Add players in bulk'));
      await stopServerMidSession(server);

      await openTab(page, 'Player List');
      const playersError = errorAlert(page, 'Error loading players');
      await see(playersError);
      await see(playersError.getByText(NO_ANSWER));
      expect(await page.getByText('Pia Listed').count()).toBe(0);

      await openTab(page, 'User Management');
      const usersError = errorAlert(page, 'Error loading users');
      await see(usersError);
      await see(usersError.getByText(NO_ANSWER));

      // docs/product.md#messages 'Failed to fetch email signups' with Try Again, which asks again (and fails again).
      await openTab(page, 'Email Signups');
      const signupsError = errorAlert(page, 'Failed to fetch email signups');
      await see(signupsError);
      await see(signupsError.getByText(NO_ANSWER));
      expect(await page.getByText('early.bird@example.com').count()).toBe(0);
      // The list asks for its first page (?limit=…): the path is what identifies the call.
      const retried = page.waitForEvent(
        'requestfailed',
        (request) => new URL(request.url()).pathname === '/api/admin/email-signups',
      );
      await signupsError.getByRole('button', { name: 'Try Again' }).click();
      await retried;
      await see(signupsError.getByRole('button', { name: 'Try Again' }));
      await see(signupsError.getByText(NO_ANSWER));
      await checkScreen(tracked, 'email-signups-load-failed');

      await openTab(page, 'Flagged Content');
      const flaggedError = errorAlert(page, 'Error loading flagged content');
      await see(flaggedError);
      await see(flaggedError.getByText(NO_ANSWER));
      await checkScreen(tracked, 'flagged-content-load-failed');

      const errors = takeErrorsBesidesRefused(tracked);
      expect(errors.others).toEqual([]);
      expect(errors.refused).toBeGreaterThan(0);
      await tracked.context.close();
    });
  });
});
