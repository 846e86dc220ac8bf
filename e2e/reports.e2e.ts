import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  allScores,
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
import { adminDeveloperPage } from './support/admin';
import { newTrackedPage } from './support/browser';
import { serverAndBrowserPerFile } from './support/suite';

/*
 * docs/product.md#reports-and-decisions: a member reports a rating on a player's page; an admin opens Reports, sees
 * the reasons and the reporter, and removes the rating with a statement of reasons; the page no longer shows it.
 */

const REPORTED = 'Never played with Pat, but heard Pat cheats on line calls.';
const STANDING = 'Reliable partner, calls the score clearly, great dinks.';
const DETAILS = 'The rater says so in the comment: they never played together.';
const STATEMENT = 'The rater says they never played with Pat.';

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

describe('reports: a member reports a rating, an admin removes it', () => {
  const suite = serverAndBrowserPerFile({}, { readyWithinMs: 180_000 });

  it('reports from the player page, decides in Reports, and the rating leaves the page', async () => {
    const { server, browser } = suite;
    const pat = person('Pat', 'Target');
    const patContext = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(patContext, pat);
    await registerPlayerViaApi(patContext, pat);
    const target = { id: await linkedPlayerId(patContext), name: 'Pat Target' };
    await patContext.close();

    const rory = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(rory, person('Rory', 'Rumour'));
    await rateViaApi(rory, target, 1, REPORTED);
    await rory.close();
    const fay = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(fay, person('Fay', 'Fair'));
    await rateViaApi(fay, target, 4, STANDING);
    await fay.close();

    // Signed out, the action asks to sign in and come back.
    const visitor = await newTrackedPage(browser, server.baseUrl);
    await visitor.page.goto(`/players/${target.id}`);
    const visitorComments = visitor.page.getByRole('region', { name: 'What players say' });
    await see(visitorComments.getByText(REPORTED));
    const signIn = visitorComments.getByRole('link', { name: 'Sign in to report the rating by Rory R.' });
    await see(signIn);
    const path = new URL(visitor.page.url()).pathname;
    expect(await signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(path)}`);
    await visitor.context.close();

    // Rita reports Rory's rating from Pat's page.
    const rita = person('Rita', 'Reporter');
    const reporter = await newTrackedPage(browser, server.baseUrl);
    await signUpViaApi(reporter.context, rita);
    const page = reporter.page;
    await page.goto(`/players/${target.id}`);
    const comments = page.getByRole('region', { name: 'What players say' });
    await see(comments.getByText(REPORTED));
    await comments.getByRole('button', { name: 'Report the rating by Rory R.' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this rating' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await see(dialog.getByText('Pick the rule this rating breaks'));
    await dialog.getByRole('radio', { name: /Not based on play/ }).check();
    await dialog.getByLabel(/^Details for the moderator/).fill(DETAILS);
    await checkScreen(reporter, 'reports-report-dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await see(toast(page, 'Report sent'));
    await gone(dialog);
    // A second report of the same rating is refused while the first is open.
    await comments.getByRole('button', { name: 'Report the rating by Rory R.' }).click();
    await dialog.getByRole('radio', { name: /Offensive/ }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await see(dialog.getByText('You have already reported this rating; a moderator will decide on it'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(dialog);

    // The admin opens Reports and removes it.
    const admin = await adminDeveloperPage(browser, server.baseUrl);
    const adminPage = admin.page;
    await adminPage.goto('/?tab=reports');
    await see(adminPage.getByRole('heading', { name: 'Reported ratings' }));
    const card = adminPage.getByRole('list', { name: 'Open reports' }).getByRole('listitem');
    await see(card.getByText('Not based on play × 1'));
    await see(card.getByText(REPORTED));
    await see(card.getByText(rita.email, { exact: false }));
    await see(card.getByText(DETAILS));
    await see(card.getByText(/^Leniency /));
    await checkScreen(admin, 'reports-open');

    await card.getByRole('button', { name: 'Decide on the rating of Pat Target' }).click();
    const decide = adminPage.getByRole('dialog', { name: 'Decide on the rating of Pat Target' });
    await decide.getByRole('button', { name: 'Remove the rating' }).click();
    await see(decide.getByText('The rating is taken down: shown and counted nowhere.'));
    await decide.getByLabel(/^Statement of reasons/).fill(STATEMENT);
    await checkScreen(admin, 'reports-decide-dialog');
    await decide.getByRole('button', { name: 'Decide' }).click();
    await see(toast(adminPage, 'Decision recorded'));
    await gone(decide);
    await see(adminPage.getByText('Nothing to decide'));

    await adminPage.getByRole('tab', { name: /Decided/ }).click();
    const decided = adminPage.getByRole('list', { name: 'Decided reports' }).getByRole('listitem');
    await see(decided.getByText('Removed on reports', { exact: true }));
    await see(decided.getByText(STATEMENT));
    await adminPage.reload();
    await adminPage.getByRole('tab', { name: /Decided/ }).click();
    await see(decided.getByText(STATEMENT));
    await checkScreen(admin, 'reports-decided');

    // Pat's page no longer shows it; Fay's stays.
    await page.goto(`/players/${target.id}`);
    await see(comments.getByText(STANDING));
    await expect.poll(() => comments.getByText(REPORTED).count()).toBe(0);

    expect(takeErrors(admin)).toEqual([]);
    expect(takeErrors(reporter).filter((line) => !line.includes('409'))).toEqual([]);
    await reporter.context.close();
    await admin.context.close();
  }, 400_000);
});
