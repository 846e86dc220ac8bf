import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  allScores,
  checkScreen,
  gone,
  linkedPlayerId,
  openTab,
  person,
  registerPlayerViaApi,
  see,
  signUpViaApi,
  takeErrors,
  toast,
} from './support/app';
import { adminDeveloperPage } from './support/admin';
import { newTrackedPage, type TrackedPage } from './support/browser';
import { serverAndBrowserPerFile } from './support/suite';

/*
 * docs/product.md#take-down: an admin removes a rating from a player's ratings in the Player List; it leaves the
 * rated player's page, its rater sees it marked removed in My Ratings, and the admin restores it from Removed
 * ratings in Flagged Content, after which it shows again.
 */

const TAKEN_DOWN = 'Heard from a friend that Pat foot-faults on every serve. Never played with Pat.';
const STANDING = 'Reliable partner, calls the score clearly, great dinks.';
const SENTENCE = 'It is not based on playing with or against the player.';
/** Held by moderation's screening, so it shows in Flagged Content. */
const OFFENSIVE = 'Plays like a dick, and argues every call.';

/** The signed-in person of the context rates the player, named, with a comment (POST /api/ratings). */
async function rateViaApi(context: BrowserContext, player: { id: number; name: string }, stars: number, text: string) {
  const res = await context.request.post('/api/ratings', {
    data: {
      playerName: player.name,
      playerId: player.id,
      isAnonymous: false,
      strengthsImprovements: text,
      ...allScores(stars),
    },
  });
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
}

/** The player's page as its own member sees it: the comments there, read once the page is drawn. */
async function playerPageComments(page: Page, playerId: number) {
  await page.goto(`/players/${playerId}`);
  await see(page.getByRole('heading', { level: 1, name: 'Pat Target' }));
  const comments = page.getByRole('region', { name: 'What players say' });
  await see(comments.getByText(STANDING));
  return comments;
}

/** The checks of every screen (axe, no sideways scroll at 360 px) and its screenshots, named for this journey. */
async function keepScreens(tracked: TrackedPage, name: string) {
  await checkScreen(tracked, `take-down-${name}`);
}

describe('take-down: an admin removes a rating and restores it', () => {
  // A whole journey through four screens and two dialogs, each checked at two widths: more than the default time.
  const suite = serverAndBrowserPerFile({}, { readyWithinMs: 180_000 });

  it('removes a rating from the Player List, the rater sees it marked, and Restore brings it back', async () => {
    const { server, browser } = suite;
    const pat = person('Pat', 'Target');
    const patContext = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(patContext, pat);
    await registerPlayerViaApi(patContext, pat);
    const target = { id: await linkedPlayerId(patContext), name: 'Pat Target' };

    const rumour = person('Rory', 'Rumour');
    const raterTracked = await newTrackedPage(browser, server.baseUrl);
    await signUpViaApi(raterTracked.context, rumour);
    await rateViaApi(raterTracked.context, target, 2, TAKEN_DOWN);
    const fair = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(fair, person('Fay', 'Fair'));
    await rateViaApi(fair, target, 4, STANDING);
    await fair.close();
    const rude = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(rude, person('Rex', 'Rude'));
    await rateViaApi(rude, target, 1, OFFENSIVE);
    await rude.close();

    const patPage = await patContext.newPage();
    await see((await playerPageComments(patPage, target.id)).getByText(TAKEN_DOWN));

    // The admin opens Pat's ratings in the Player List and removes Rory's under "Not based on play".
    const admin = await adminDeveloperPage(browser, server.baseUrl);
    const { page } = admin;
    await page.goto('/?tab=players');
    await see(page.getByRole('heading', { level: 1, name: 'Player List' }));
    await page.getByRole('searchbox', { name: 'Search players' }).fill('Pat Target');
    const players = page.getByRole('list', { name: 'Players' });
    await see(players.getByText(pat.email));
    await players.getByRole('button', { name: 'Ratings of Pat Target' }).click();
    const panel = page.getByRole('region', { name: 'Ratings of Pat Target' });
    await see(panel.getByText('3 ratings'));
    const roryCard = panel.getByRole('article', { name: `Rating by ${rumour.email}` });
    await see(roryCard.getByText(TAKEN_DOWN));
    await keepScreens(admin, 'player-ratings');

    await roryCard.getByRole('button', { name: `Remove the rating by ${rumour.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the rating of Pat Target' });
    await see(dialog.getByText(rumour.email));
    await dialog.getByRole('button', { name: 'Remove rating' }).click();
    await see(dialog.getByText('Choose the rule this rating breaks.'));
    await dialog.getByRole('combobox', { name: 'Rule it breaks' }).selectOption({ label: 'Not based on play' });
    await see(dialog.getByText(`Removed by a moderator: ${SENTENCE}`));
    await dialog.getByLabel(/^Note for other admins/).fill('Rory says so in the comment.');
    await keepScreens(admin, 'remove-dialog');
    await dialog.getByRole('button', { name: 'Remove rating' }).click();
    await see(toast(page, 'Rating removed'));
    await gone(dialog);
    await see(panel.getByText('3 ratings, 1 removed'));
    await see(roryCard.getByText('Removed · Not based on play'));
    await see(roryCard.getByText(`Removed by a moderator: ${SENTENCE}`));
    await see(roryCard.getByText('Rory says so in the comment.'));
    await see(roryCard.getByRole('button', { name: `Restore the rating by ${rumour.email}` }));
    await keepScreens(admin, 'player-ratings-removed');

    // Pat's page no longer shows it; the other rating stays.
    const comments = await playerPageComments(patPage, target.id);
    await expect.poll(() => comments.getByText(TAKEN_DOWN).count()).toBe(0);

    // Rory sees it marked removed in My Ratings, without Edit.
    const rater = raterTracked.page;
    await rater.goto('/?tab=my-ratings');
    await see(rater.getByRole('heading', { level: 1, name: 'My Ratings' }));
    const mine = rater
      .getByRole('list', { name: 'Your ratings' })
      .getByRole('listitem')
      .filter({ hasText: 'Pat Target' });
    await see(mine.getByText(`Removed by a moderator: ${SENTENCE}`));
    expect(await mine.getByRole('button', { name: /Edit/ }).count()).toBe(0);
    await keepScreens(raterTracked, 'my-ratings');

    // In Flagged Content, the admin removes the flagged rating too, from its flag.
    await openTab(page, 'Flagged Content');
    const flag = page.getByRole('region', { name: 'Pending review' }).getByRole('listitem');
    await see(flag.getByText(OFFENSIVE));
    await flag.getByRole('button', { name: 'Remove rating of Pat Target' }).click();
    const flagDialog = page.getByRole('dialog', { name: 'Remove the rating of Pat Target' });
    await see(flagDialog.getByText(`“${OFFENSIVE}”`));
    await flagDialog.getByRole('combobox', { name: 'Rule it breaks' }).selectOption({ label: 'Offensive' });
    await flagDialog.getByRole('button', { name: 'Remove rating' }).click();
    await see(toast(page, 'Rating removed'));
    await see(flag.getByText('Rating removed', { exact: true }));
    await see(flag.getByRole('button', { name: 'Restore rating of Pat Target' }));

    // And restores Rory's from Removed ratings, latest removal first.
    const removed = page.getByRole('list', { name: 'Removed ratings' }).getByRole('listitem');
    await expect.poll(() => removed.count()).toBe(2);
    await see(removed.first().getByText('Offensive'));
    await see(removed.getByText('Pat Target'));
    await see(removed.getByText('Not based on play'));
    await see(removed.getByText(`Rated by ${rumour.email}`));
    await see(removed.getByText('Rory says so in the comment.'));
    await see(removed.getByText(/^Removed .+ by developer devadmin$/));
    // Drawn afresh: the dialogs' focus moves left the page scrolled, which a full-page capture draws askew.
    await page.reload();
    await see(removed.getByText(`Rated by ${rumour.email}`));
    await keepScreens(admin, 'removed-ratings');
    await removed.getByRole('button', { name: `Restore the rating of Pat Target by ${rumour.email}` }).click();
    const restoreDialog = page.getByRole('dialog', { name: 'Restore the rating of Pat Target' });
    await see(restoreDialog.getByText('Not based on play'));
    await restoreDialog.getByLabel(/^Note for other admins/).fill('Rory played Pat at the club after all.');
    await keepScreens(admin, 'restore-dialog');
    await restoreDialog.getByRole('button', { name: 'Restore rating' }).click();
    await see(toast(page, 'Rating restored'));
    await expect.poll(() => removed.count()).toBe(1);
    await see(removed.getByText(OFFENSIVE));

    // It shows again on Pat's page, and Rory can edit it again.
    await see((await playerPageComments(patPage, target.id)).getByText(TAKEN_DOWN));
    await rater.reload();
    await see(mine.getByRole('button', { name: 'Edit: rating of Pat Target' }));
    expect(await mine.getByText(/Removed by a moderator/).count()).toBe(0);

    expect(takeErrors(admin)).toEqual([]);
    expect(takeErrors(raterTracked)).toEqual([]);
    await patContext.close();
    await raterTracked.context.close();
    await admin.context.close();
  }, 400_000);
});
