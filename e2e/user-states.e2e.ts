import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCORE_LABELS,
  addNewPlayerInWizard,
  allScores,
  checkScreen,
  openTab,
  person,
  pickStars,
  rateNewPlayerViaApi,
  registerPlayerViaApi,
  see,
  signUpViaApi,
  takeErrors,
  toast,
  type Person,
} from './support/app';
import { launchBrowser, newTrackedPage, type TrackedPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/** Signs the context's session out the way a person does in another tab of the same browser (docs/product.md#top-navigation). */
async function signOutInAnotherTab(context: BrowserContext) {
  const other = await context.newPage();
  await other.goto('/');
  await other.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await see(other.getByRole('heading', { level: 1, name: /Know your game/ }));
  await other.close();
}

/** The signed-in person of `rater` rates the linked player of `ratee` (POST /api/ratings), all categories at 4. */
async function rateLinkedPlayerViaApi(rater: BrowserContext, ratee: BrowserContext, name: string) {
  const linked = await ratee.request.get('/api/auth/user/player');
  expect(linked.ok(), `${linked.status()} ${await linked.text()}`).toBe(true);
  const body = (await linked.json()) as { id?: number; player?: { id: number } };
  const playerId = body.player?.id ?? body.id;
  const res = await rater.request.post('/api/ratings', {
    data: {
      playerName: name,
      playerId,
      isNewPlayer: false,
      isAnonymous: false,
      ...allScores(4),
    },
  });
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
}

/**
 * docs/product.md#signed-out-states of the user screens: signed out, no linked player, and saving after the session ended. A signed-out
 * visitor at / gets the landing page, so a user meets the signed-out states when the session ends while the
 * workspace is open (signed out in another tab, or expired): the next screen that asks the server for the user's
 * data shows them, and the next save fails with its docs/product.md#messages message.
 */
describe('user screens signed out, without a player profile, and after the session ended', () => {
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
    await signOutInAnotherTab(context);

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

    // Sign In opens the sign-in form (not bounced home by the ended session) and leads back to the same tab.
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.baseUrl}/login?next=%2F%3Ftab%3Ddashboard`);
    await see(page.getByRole('heading', { name: 'Welcome back' }));
    await page.getByLabel('Email', { exact: true }).fill(samPerson.email);
    await page.getByLabel('Password', { exact: true }).fill(samPerson.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await see(toast(page, 'Signed in'));
    await page.waitForURL(`${server.baseUrl}/?tab=dashboard`);
    await see(page.getByRole('navigation', { name: 'Main' }).getByText('Sam Session'));
    await see(page.getByText('Ratings submitted'));

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
  it('reports the failures of saving when the session ended meanwhile (rating, editing, helpfulness)', async () => {
    const una = await newTrackedPage(browser, server.baseUrl);
    const unaPerson = person('Una', 'Undone');
    await signUpViaApi(una.context, unaPerson);
    await registerPlayerViaApi(una.context, unaPerson);
    await rateNewPlayerViaApi(una.context, { firstName: 'Nico', lastName: 'Net' }, 3);
    const otto = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(otto, person('Otto', 'Other'));
    await rateLinkedPlayerViaApi(otto, una.context, 'Una Undone');
    await otto.close();

    // Una's screens are loaded while she is still signed in.
    const { page } = una;
    await page.goto('/?tab=ratings-about-me');
    const received = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Otto O.' }) });
    await see(received.getByText('Was this helpful?'));
    await openTab(page, 'My Ratings');
    await see(page.getByRole('heading', { name: 'Nico Net' }));
    await signOutInAnotherTab(una.context);

    // docs/product.md#messages Rating update failure: the dialog stays open with the scores.
    await page.getByRole('button', { name: 'Edit: rating of Nico Net' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your rating of Nico Net' });
    await pickStars(dialog, 'Serve & Return', 5);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await see(toast(page, 'Failed to update rating. Please try again.'));
    await see(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // docs/product.md#messages Helpfulness failure: nothing is recorded.
    await openTab(page, 'Ratings About Me');
    await pickStars(received, 'Was this helpful?', 4);
    await see(toast(page, 'Failed to record helpfulness rating. Please try again.'));
    await see(received.getByText('Was this helpful?'));

    // docs/product.md#messages Rating submit failure: the wizard keeps the comments step.
    await openTab(page, 'Rate a Player');
    await addNewPlayerInWizard(page, 'Nate Newcomer');
    for (const label of [...SCORE_LABELS, 'Overall rating']) await pickStars(page, label, 3);
    await page.getByRole('button', { name: 'Continue to Comments' }).click();
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await see(toast(page, 'Rating submission failed'));
    await see(page.getByRole('heading', { name: 'Step 3: Comments & submit' }));

    expect(takeErrors(una)).toEqual([]);
    await una.context.close();
  });
});
