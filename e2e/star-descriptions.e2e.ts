import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addNewPlayerInWizard,
  checkScreen,
  openTab,
  person,
  pickStars,
  see,
  signUpViaApi,
  takeErrors,
} from './support/app';
import { launchBrowser, newTrackedPage, type TrackedPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe('what a star means', () => {
  let server: RunningServer;
  let browser: Browser;
  let rita: TrackedPage;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    rita = await newTrackedPage(browser, server.baseUrl);
    await signUpViaApi(rita.context, person('Rita', 'Rater'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('says under a category’s stars what the chosen star means as the rater picks', async () => {
    const { page } = rita;
    await page.goto('/?tab=rate');
    await addNewPlayerInWizard(page, 'Sam Server');

    const serve = page.getByRole('radiogroup', { name: 'Serve & Return', exact: true });
    const meaningId = (await serve.getAttribute('aria-describedby'))?.split(' ').at(-1);
    expect(meaningId).toBeTruthy();
    const meaning = page.locator(`[id="${meaningId}"]`);
    await see(meaning.getByText('Not rated yet'));

    await pickStars(page, 'Serve & Return', 4);
    await see(meaning.getByText('4 stars: Deep, consistent serves and returns with good placement'));
    // Pointing at another star previews its meaning; leaving shows the chosen one again.
    await serve.getByRole('radio', { name: '1 star', exact: true }).hover();
    await see(meaning.getByText('1 star: Often misses the serve; returns rarely land deep'));
    await page.getByRole('heading', { name: 'Step 2: Rate skills' }).hover();
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await see(meaning.getByText('4 stars: Deep, consistent serves and returns with good placement'));
    await pickStars(page, 'Net Play, Volleys & Dinks', 2);
    await checkScreen(rita, 'star-descriptions-wizard');
    expect(takeErrors(rita)).toEqual([]);
  });

  it('lists what each star means per category on the About page', async () => {
    const { page } = rita;
    await openTab(page, 'About Rating System');
    await see(page.getByRole('heading', { name: 'What each star means' }));
    const serve = page.getByRole('region', { name: 'Serve & Return' });
    await see(serve.getByText('Deep, varied serves and returns that set up the point'));
    expect(await serve.getByRole('listitem').count()).toBe(5);
    await page.getByRole('heading', { name: 'What each star means' }).scrollIntoViewIfNeeded();
    await checkScreen(rita, 'star-descriptions-about');
    expect(takeErrors(rita)).toEqual([]);
  });
});
