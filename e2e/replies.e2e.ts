import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  allScores,
  checkScreen,
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

/*
 * docs/product.md#replies: the rated player replies to a rating in Ratings About Me; the reply shows under the rating
 * on their public page (signed in, and in the page kept for signed-out visitors) and in the rater's My Ratings.
 */

const COMMENT = 'Solid dinks, but the third shot drop floats too high.';
const REPLY = 'Thanks Rory! Drilling drops twice a week now 🏓';

async function rateViaApi(context: BrowserContext, player: { id: number; name: string }, text: string) {
  const res = await context.request.post('/api/ratings', {
    data: {
      playerName: player.name,
      playerId: player.id,
      isAnonymous: false,
      strengthsImprovements: text,
      ...allScores(3),
    },
  });
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
}

/** The comment on the player's public page, once the page is drawn. */
async function commentOnPage(page: Page, playerId: number) {
  await page.goto(`/players/${playerId}`);
  await see(page.getByRole('heading', { level: 1, name: 'Pat Target' }));
  return page.getByRole('region', { name: 'What players say' }).getByRole('listitem').filter({ hasText: COMMENT });
}

describe('replies: the rated player answers a rating', () => {
  const suite = serverAndBrowserPerFile({}, { readyWithinMs: 180_000 });

  it('replies in Ratings About Me, and the reply shows on the public page and in My Ratings', async () => {
    const { server, browser } = suite;
    const pat = person('Pat', 'Target');
    const patTracked = await newTrackedPage(browser, server.baseUrl);
    await signUpViaApi(patTracked.context, pat);
    await registerPlayerViaApi(patTracked.context, pat);
    const target = { id: await linkedPlayerId(patTracked.context), name: 'Pat Target' };

    const raterTracked = await newTrackedPage(browser, server.baseUrl);
    await signUpViaApi(raterTracked.context, person('Rory', 'Rater'));
    await rateViaApi(raterTracked.context, target, COMMENT);

    // A signed-out visitor's kept page, drawn before the reply.
    const visitor = await browser.newContext({ baseURL: server.baseUrl });
    const visitorPage = await visitor.newPage();
    await see(await commentOnPage(visitorPage, target.id));

    const { page } = patTracked;
    await page.goto('/?tab=ratings-about-me');
    await see(page.getByRole('heading', { level: 1, name: 'Ratings About Me' }));
    const card = page.getByRole('listitem').filter({ hasText: COMMENT });
    await card.getByRole('button', { name: 'Reply publicly' }).click();
    const field = card.getByRole('textbox', { name: 'Your public reply' });
    await field.fill(REPLY);
    // The emoji is one character, as the server counts.
    await see(card.getByText(`${[...REPLY].length} / 1,000`));
    await checkScreen(patTracked, 'replies-form');
    await card.getByRole('button', { name: 'Post reply' }).click();
    await see(toast(page, 'Reply posted'));
    const reply = card.getByRole('group', { name: 'Reply from Pat' });
    await see(reply.getByText(REPLY));
    await see(card.getByRole('button', { name: 'Edit reply' }));
    await checkScreen(patTracked, 'replies-ratings-about-me');

    // Too long: the form says so and refuses.
    await card.getByRole('button', { name: 'Edit reply' }).click();
    await field.fill('x'.repeat(1001));
    await see(card.getByText('1 character too many'));
    expect(await card.getByRole('button', { name: 'Save reply' }).isDisabled()).toBe(true);
    await card.getByRole('button', { name: 'Cancel' }).click();

    // The public page, signed in.
    const onPage = await commentOnPage(page, target.id);
    await see(onPage.getByRole('group', { name: 'Reply from Pat' }).getByText(REPLY));
    await checkScreen(patTracked, 'replies-player-page');

    // The page kept for signed-out visitors is drawn again once the worker has seen the change.
    await expect
      .poll(
        async () => {
          await visitorPage.reload();
          return visitorPage.getByText(REPLY).count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);

    // The rater sees it under their rating in My Ratings.
    const rater = raterTracked.page;
    await rater.goto('/?tab=my-ratings');
    await see(rater.getByRole('heading', { level: 1, name: 'My Ratings' }));
    const mine = rater
      .getByRole('list', { name: 'Your ratings' })
      .getByRole('listitem')
      .filter({ hasText: 'Pat Target' });
    await see(mine.getByRole('group', { name: 'Reply from Pat' }).getByText(REPLY));
    await checkScreen(raterTracked, 'replies-my-ratings');

    expect(takeErrors(patTracked)).toEqual([]);
    expect(takeErrors(raterTracked)).toEqual([]);
    await visitor.close();
    await patTracked.context.close();
    await raterTracked.context.close();
  }, 300_000);
});
