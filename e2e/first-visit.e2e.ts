import { describe, expect, it } from 'vitest';
import { checkScreen, see, takeErrors } from './support/app';
import { newTrackedPage } from './support/browser';
import { startServer } from './support/server';
import { serverAndBrowserPerFile } from './support/suite';

/*
 * `npm start` in development on an empty embedded database: the server adds a demo world before it says it is ready
 * (docs/decisions/018). Every other journey starts with SEED=none (support/server.ts).
 */
describe('a first visit to a fresh development start', () => {
  // Migrations, the world and its estimates before the ready line: on a busy 2-core runner more than a minute.
  const suite = serverAndBrowserPerFile({ SEED: 'demo' }, { readyWithinMs: 110_000 });

  it('finds demo players by search, each page saying the data is made up, with estimates', async () => {
    expect(suite.server.logs()).toMatch(/Added a demo world of 300 made-up players .*`npm run demo:remove`/);
    const visitor = await newTrackedPage(suite.browser, suite.server.baseUrl);
    const { page } = visitor;
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(pathname);
    });
    await page.goto('/');
    const banner = page.getByRole('complementary', { name: 'Demo data' });
    await see(banner.getByText(/the 300 players of this development server's demo world, .* are made up/));
    await see(banner.getByText('npm run demo:remove'));
    // The sample card is the demo world's Jordan Rivera, drawn into the page: the load asks nothing (decision 010).
    const hero = page.locator('section').first();
    await see(hero.getByRole('link', { name: 'Jordan Rivera' }));
    await see(hero.getByText('Demo player · made up'));
    await see(hero.getByText(/^Average of \d+ ratings$/));
    expect(await hero.getByRole('link', { name: 'Jordan Rivera' }).getAttribute('href')).toMatch(
      /^\/players\/\d+\/jordan-rivera-austin-tx$/,
    );
    expect(asked).toEqual([]);
    await checkScreen(visitor, 'first-visit-landing');

    await page.setViewportSize({ width: 1280, height: 900 });
    const section = page.getByRole('region', { name: 'Find players' });
    await section.getByLabel('Player name').fill('jordan rivera');
    const found = section.getByRole('list', { name: 'Players found' }).getByRole('link', { name: /^Jordan Rivera/ });
    await see(found);
    await found.click();
    await see(page.getByRole('heading', { level: 1, name: 'Jordan Rivera' }));
    await see(banner.getByText(/this player, their ratings and their raters are made up, like the other 299 players/));
    const estimate = page.getByRole('region', { name: 'Skill estimate' });
    await see(estimate.getByText(/^\d+ ratings, \d+ in the last 12 months$/));
    await see(estimate.getByRole('img', { name: /^Serve & Return: \d\.\d out of 5, 90% range \d\.\d to \d\.\d$/ }));
    await checkScreen(visitor, 'first-visit-demo-player');
    expect(takeErrors(visitor)).toEqual([]);
    await visitor.context.close();
  });

  it('without a demo world (SEED=none), says the sample card is an example and shows no demo banner', async () => {
    const plain = await startServer();
    try {
      expect(plain.logs()).not.toMatch(/demo world/);
      const visitor = await newTrackedPage(suite.browser, plain.baseUrl);
      const { page } = visitor;
      await page.goto('/');
      const hero = page.locator('section').first();
      await see(hero.getByText('Example', { exact: true }));
      await see(hero.getByText('Jordan Rivera'));
      expect(await hero.getByRole('link', { name: 'Jordan Rivera' }).count()).toBe(0);
      expect(await page.getByRole('complementary', { name: 'Demo data' }).count()).toBe(0);
      await checkScreen(visitor, 'first-visit-without-demo-world');
      expect(takeErrors(visitor)).toEqual([]);
      await visitor.context.close();
    } finally {
      await plain.stop();
    }
  });
});
