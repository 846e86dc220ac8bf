import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, importPlayersViaApi, openTab, person, see, signUpViaApi, takeErrors } from './support/app';
import { launchBrowser, newTrackedPage, PHONE } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/*
 * Around Bozeman, MT 59715 by the bundled ZIP data: Livingston 59047 is 23.3 miles away, Ennis 59729 38.0.
 */
const PLAYERS = [
  { firstName: 'Bonnie', lastName: 'Bozeman', email: 'bonnie@search.test', location: 'Bozeman, MT 59715' },
  { firstName: 'Liv', lastName: 'Stone', email: 'liv@search.test', location: 'Livingston, MT 59047' },
  { firstName: 'Ed', lastName: 'Ennis', email: 'ed@search.test', location: 'Ennis, MT 59729' },
];

describe('finding players by name and near a place', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await importPlayersViaApi(server.baseUrl, PLAYERS);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lets a visitor search by name and near a ZIP from the landing page, and open a player’s page', async () => {
    const visitor = await newTrackedPage(browser, server.baseUrl);
    const { page } = visitor;
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Find players' });
    await see(section.getByRole('heading', { name: 'Find players' }));

    await section.getByLabel('Player name').fill('bonnie');
    const cards = section.getByRole('list', { name: 'Players found' });
    await see(cards.getByRole('link', { name: /^Bonnie Bozeman/ }));
    await see(section.getByText('1 player found'));
    await section.getByLabel('Player name').fill('');

    const near = section.getByLabel('Near');
    await near.fill('59715');
    await near.press('Escape');
    await see(cards.getByRole('link', { name: /Liv Stone/ }));
    const names = () => cards.getByRole('link').allInnerTexts();
    const firstNames = async () =>
      (await names()).map((text) => PLAYERS.find((p) => text.includes(`${p.firstName} ${p.lastName}`))?.firstName);
    await expect.poll(firstNames).toEqual(['Bonnie', 'Liv']);
    await see(cards.getByText('23.3 mi'));
    await see(cards.getByText('Not rated yet').first());
    // A place shown publicly is city and state, never the ZIP.
    await see(cards.getByText('Livingston, MT', { exact: true }));

    await section.getByLabel('Within').selectOption('50');
    await see(cards.getByRole('link', { name: /Ed Ennis/ }));
    await see(cards.getByText('38.0 mi'));
    await checkScreen(visitor, 'search-landing-near');
    expect(takeErrors(visitor)).toEqual([]);

    await near.fill('Atlantis, ZZ');
    await near.press('Escape');
    await see(section.getByText('We could not find that place. Try a ZIP code or "City, ST".'));
    await near.fill('Bozeman, MT');
    await near.press('Escape');
    const liv = cards.getByRole('link', { name: /Liv Stone/ });
    await see(liv);
    expect(await liv.getAttribute('href')).toMatch(/^\/players\/\d+\/liv-stone-livingston-mt$/);
    await liv.click();
    await page.waitForURL(/\/players\/\d+\/liv-stone-livingston-mt$/);
    await visitor.context.close();
  });

  it('looks finished on a phone', async () => {
    const phone = await newTrackedPage(browser, server.baseUrl, PHONE);
    const { page } = phone;
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Find players' });
    await section.getByLabel('Near').fill('Bozeman, MT');
    await section.getByLabel('Near').press('Escape');
    const cards = section.getByRole('list', { name: 'Players found' });
    await see(cards.getByRole('link', { name: /Bonnie Bozeman/ }));
    // The search and its first cards as a phone shows them (the full-page capture is too tall to read).
    await section.getByRole('heading', { name: 'Find players' }).evaluate((heading) => heading.scrollIntoView());
    await page.screenshot({ path: 'e2e/screenshots/search-landing-phone-viewport.png' });
    expect(takeErrors(phone)).toEqual([]);
    await phone.context.close();
  });

  it('lets a signed-in user search near a ZIP in the rate wizard and in Player Registration', async () => {
    const user = await newTrackedPage(browser, server.baseUrl);
    await signUpViaApi(user.context, person('Nora', 'Nearby'));
    const { page } = user;
    await page.goto('/?tab=register');
    await see(page.getByRole('heading', { level: 1, name: 'Player Registration' }));
    await page.getByLabel('Near').fill('59715');
    await page.getByLabel('Near').press('Escape');
    const results = page.getByRole('list', { name: 'Search results' });
    await see(results.getByRole('link', { name: 'Liv Stone' }));
    await see(results.getByText('23.3 mi'));
    expect(await results.getByRole('link', { name: 'Liv Stone' }).getAttribute('href')).toMatch(
      /^\/players\/\d+\/liv-stone-livingston-mt$/,
    );

    await openTab(page, 'Rate a Player');
    await page.getByLabel('Near').fill('59715');
    await page.getByLabel('Near').press('Escape');
    const found = page.getByRole('list', { name: 'Players found' });
    await see(found.getByRole('button', { name: /^Liv Stone/ }));
    await see(found.getByText('23.3 mi'));
    expect(await found.getByRole('button', { name: /^Ed Ennis/ }).count()).toBe(0);
    await page.getByLabel('Search for the player you want to rate').fill('liv');
    await expect.poll(() => found.getByRole('button').count()).toBe(1);
    const pageLink = found.getByRole('link', { name: 'Liv Stone: player page' });
    expect(await pageLink.getAttribute('href')).toMatch(/^\/players\/\d+\/liv-stone-livingston-mt$/);
    await checkScreen(user, 'search-rate-wizard-near');

    await found.getByRole('button', { name: /^Liv Stone/ }).click();
    await see(page.getByRole('button', { name: 'Change Player' }));
    expect(takeErrors(user)).toEqual([]);
    await user.context.close();
  });
});
