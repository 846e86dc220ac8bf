import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_USER, adminDeveloperPage, adminUserPage } from './support/admin';
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
import { newTrackedPage } from './support/browser';
import { seedAdminUser } from './support/seed';
import { serverAndBrowserPerFile } from './support/suite';

/*
 * docs/product.md#appeals: a rater whose rating was removed reads the statement of reasons and appeals; the admin
 * who decided may not decide the appeal; a different admin reverses it, and the rating shows again.
 */

const COMMENT = 'Heard from a friend that Pat foot-faults on every serve. We played twice last summer.';
const STATEMENT = 'The comment reports hearsay rather than play.';
const SENTENCE = 'It is not based on playing with or against the player.';
const APPEAL = 'I played Pat twice at the club last summer; the foot faults are what I saw myself.';
const REVERSAL = 'The rater did play Pat; the comment describes their own games.';

async function post(context: BrowserContext, url: string, data: object) {
  const res = await context.request.post(url, { data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

/** The player's page as its own member sees it, with the comments there. */
async function playerPageComments(page: Page, playerId: number) {
  await page.goto(`/players/${playerId}`);
  await see(page.getByRole('heading', { level: 1, name: 'Pat Target' }));
  return page.getByRole('region', { name: 'What players say' });
}

describe('appeals: the rater appeals a removal and a different admin reverses it', () => {
  const suite = serverAndBrowserPerFile({}, { prepare: seedAdminUser(ADMIN_USER), readyWithinMs: 180_000 });

  it('shows the statement of reasons, takes the appeal, refuses the same admin, and restores the rating', async () => {
    const { server, browser } = suite;
    const pat = person('Pat', 'Target');
    const patContext = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(patContext, pat);
    await registerPlayerViaApi(patContext, pat);
    const target = { id: await linkedPlayerId(patContext), name: 'Pat Target' };

    const rory = person('Rory', 'Rater');
    const raterTracked = await newTrackedPage(browser, server.baseUrl);
    await signUpViaApi(raterTracked.context, rory);
    const rating = await post(raterTracked.context, '/api/ratings', {
      playerName: target.name,
      playerId: target.id,
      isAnonymous: false,
      strengthsImprovements: COMMENT,
      ...allScores(2),
    });

    const fay = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(fay, person('Fay', 'Reporter'));
    await post(fay, `/api/ratings/${String(rating.id)}/reports`, { reason: 'not-based-on-play' });
    await fay.close();

    // The admin developer decides the report: the rating is taken down.
    const decider = await adminDeveloperPage(browser, server.baseUrl);
    const decided = await post(decider.context, `/api/admin/reports/${String(rating.id)}/decision`, {
      outcome: 'remove',
      rule: 'not-based-on-play',
      statement: STATEMENT,
    });
    const decisionId = (decided.decision as { id: number }).id;
    const patPage = await patContext.newPage();
    const comments = await playerPageComments(patPage, target.id);
    await see(comments);
    expect(await comments.getByText(COMMENT).count()).toBe(0);

    // Rory reads the statement of reasons and appeals.
    const rater = raterTracked.page;
    await rater.goto(`/decisions/${decisionId}`);
    await see(rater.getByRole('heading', { level: 1, name: 'Decision on a rating' }));
    await see(rater.getByText('Rating removed'));
    await see(rater.getByText('You wrote this rating.'));
    await see(rater.getByText(SENTENCE));
    await see(rater.getByText(STATEMENT));
    await see(rater.getByText(/You can appeal once, until/));
    await checkScreen(raterTracked, 'appeals-decision');
    await rater.getByRole('textbox', { name: 'Why should the decision change?' }).fill(APPEAL);
    await rater.getByRole('button', { name: 'Send appeal' }).click();
    await see(rater.getByText('Your appeal is waiting'));
    await see(rater.getByText(APPEAL));
    await checkScreen(raterTracked, 'appeals-decision-appealed');

    // The admin who decided opens Appeals and is refused.
    const page = decider.page;
    await page.goto('/?tab=appeals');
    await see(page.getByRole('heading', { level: 1, name: 'Appeals' }));
    const open = page.getByRole('list', { name: 'Open appeals' }).getByRole('listitem');
    await see(open.getByText(APPEAL));
    await checkScreen(decider, 'appeals-queue');
    await open.getByRole('button', { name: 'Decide the appeal about the rating of Pat Target' }).click();
    let dialog = page.getByRole('dialog', { name: 'Decide the appeal' });
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    await see(dialog.getByText('The rating is restored: shown and counted again everywhere.'));
    await dialog.getByRole('textbox', { name: 'Reasons (sent to the appellant)' }).fill(REVERSAL);
    await dialog.getByRole('button', { name: 'Decide', exact: true }).click();
    await see(dialog.getByText('A different admin must decide this appeal'));
    await checkScreen(decider, 'appeals-same-admin');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(dialog);

    // Ada, another admin, reverses it.
    const ada = await adminUserPage(browser, server.baseUrl);
    await ada.page.goto('/?tab=appeals');
    const adaOpen = ada.page.getByRole('list', { name: 'Open appeals' }).getByRole('listitem');
    await see(adaOpen.getByText(APPEAL));
    await adaOpen.getByRole('button', { name: 'Decide the appeal about the rating of Pat Target' }).click();
    dialog = ada.page.getByRole('dialog', { name: 'Decide the appeal' });
    await dialog.getByRole('button', { name: 'Reverse' }).click();
    await dialog.getByRole('textbox', { name: 'Reasons (sent to the appellant)' }).fill(REVERSAL);
    await checkScreen(ada, 'appeals-decide-dialog');
    await dialog.getByRole('button', { name: 'Decide', exact: true }).click();
    await see(toast(ada.page, 'Decision reversed'));
    await gone(dialog);
    await ada.page.getByRole('tab', { name: 'Decided' }).click();
    const decidedList = ada.page.getByRole('list', { name: 'Decided appeals' }).getByRole('listitem');
    await see(decidedList.getByText(REVERSAL));
    await checkScreen(ada, 'appeals-decided');

    // The rating shows again on Pat's page, and Rory reads the outcome.
    await see((await playerPageComments(patPage, target.id)).getByText(COMMENT));
    await rater.reload();
    await see(rater.getByText('Decision reversed'));
    await see(rater.getByText(REVERSAL));
    await see(rater.getByText('(shown now)', { exact: false }));
    await checkScreen(raterTracked, 'appeals-decision-reversed');

    expect(takeErrors(raterTracked)).toEqual([]);
    expect(takeErrors(decider).filter((error) => !error.includes('403'))).toEqual([]);
    expect(takeErrors(ada)).toEqual([]);
    await patContext.close();
    await raterTracked.context.close();
    await decider.context.close();
    await ada.context.close();
  }, 400_000);
});
