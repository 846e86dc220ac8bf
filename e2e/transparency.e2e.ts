import { describe, expect, it } from 'vitest';
import {
  adminHeaders,
  allScores,
  checkScreen,
  linkedPlayerId,
  person,
  registerPlayerViaApi,
  see,
  settled,
  signUpViaApi,
  takeErrors,
} from './support/app';
import { newTrackedPage } from './support/browser';
import { serverAndBrowserPerFile } from './support/suite';

/*
 * docs/product.md#transparency: the public report, linked from every page's footer, shows this month's figures to a
 * signed-out visitor; a rating taken down is counted among the ratings removed.
 */

describe('transparency: the public report of what moderation did', () => {
  const suite = serverAndBrowserPerFile({}, { readyWithinMs: 180_000 });

  it('shows the month with a removed rating counted, to a signed-out visitor, from the footer', async () => {
    const { server, browser } = suite;
    const pat = person('Pat', 'Target');
    const patContext = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(patContext, pat);
    await registerPlayerViaApi(patContext, pat);
    const playerId = await linkedPlayerId(patContext);
    const rater = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(rater, person('Rory', 'Rater'));
    const rated = await rater.request.post('/api/ratings', {
      data: { playerName: 'Pat Target', playerId, isAnonymous: false, ...allScores(2) },
    });
    expect(rated.ok()).toBe(true);
    const { id } = (await rated.json()) as { id: number };
    const removed = await fetch(`${server.baseUrl}/api/admin/ratings/${id}/remove`, {
      method: 'POST',
      headers: { ...(await adminHeaders(server.baseUrl)), 'content-type': 'application/json' },
      body: JSON.stringify({ rule: 'not-based-on-play', note: null }),
    });
    expect(removed.status, await removed.text()).toBe(200);

    // The figures are in the HTML a signed-out visitor gets, before any JavaScript runs.
    const html = await (await fetch(`${server.baseUrl}/transparency`)).text();
    const monthHeading = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(html).toContain(monthHeading);
    expect(html).toMatch(/Ratings removed<\/dt><dd[^>]*>1<\/dd>/);
    const noScript = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled: false });
    const staticPage = await noScript.newPage();
    await staticPage.goto('/transparency');
    await see(staticPage.getByRole('region', { name: monthHeading }).getByText('Ratings removed'));
    await noScript.close();

    const visitor = await newTrackedPage(browser, server.baseUrl);
    const { page } = visitor;
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Transparency report' }).click();
    await see(page.getByRole('heading', { level: 1, name: 'Transparency report' }));
    const month = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const card = page.getByRole('region', { name: month });
    await see(card.getByText('Ratings removed'));
    const removedFigure = card.locator('div', { has: page.getByText('Ratings removed', { exact: true }) }).last();
    await see(removedFigure.getByRole('definition'));
    expect(await removedFigure.getByRole('definition').textContent()).toBe('1');
    await checkScreen(visitor, 'transparency');
    // Opened directly, the drawn page is taken over by the client without a mismatch (an error in the console).
    await page.goto('/transparency');
    await see(page.getByRole('region', { name: month }).getByText('Ratings removed'));
    await settled(page);

    expect(takeErrors(visitor)).toEqual([]);
    await visitor.context.close();
    await rater.close();
    await patContext.close();
  }, 300_000);
});
