import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCORE_LABELS,
  allScores,
  checkScreen,
  linkedPlayerId,
  openTab,
  person,
  registerPlayerViaApi,
  see,
  signUpViaApi,
  takeErrors,
  type Person,
} from './support/app';
import { releaseAnonymousRatingsViaApi } from './support/admin';
import { launchBrowser, newTrackedPage, type TrackedPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { recomputeTrustViaApi } from './support/trust';

/** The rows of the skill estimate: the five rating categories, then would play again. */
const CATEGORY_LABELS = [...SCORE_LABELS, 'Would play again'] as const;

/** The signed-in person of the context rates a player, every score at `stars` (POST /api/ratings). */
async function rateViaApi(
  context: BrowserContext,
  player: { id: number; name: string },
  stars: number,
  isAnonymous = false,
) {
  const res = await context.request.post('/api/ratings', {
    data: { playerName: player.name, playerId: player.id, isNewPlayer: false, isAnonymous, ...allScores(stars) },
  });
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
}

const estimateRegion = (page: Page) => page.getByRole('region', { name: 'Your skill estimate' });

describe('the skill estimate a player sees, and how it is computed', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: TrackedPage;
  const esme: Person = person('Esme', 'Estimate');
  let esmeId: number;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    owner = await newTrackedPage(browser, server.baseUrl);
    await signUpViaApi(owner.context, esme);
    await registerPlayerViaApi(owner.context, esme);
    esmeId = await linkedPlayerId(owner.context);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('tells a player nobody rated that the numbers are the community average', async () => {
    const { page } = owner;
    await page.goto('/?tab=ratings-about-me');
    await see(page.getByRole('heading', { level: 1, name: 'Ratings About Me' }));
    const region = estimateRegion(page);
    await see(region);
    await see(region.getByText('No ratings yet: this is the community average.'));
    await see(region.getByText('0 ratings, 0 in the last 12 months'));
    for (const label of CATEGORY_LABELS) {
      await see(region.getByRole('img', { name: new RegExp(`^${escape(label)}: \\d\\.\\d out of 5, 90% range`) }));
    }
    expect(await region.getByText(/90% sure/).count()).toBe(0);
    await see(page.getByRole('heading', { name: 'No ratings yet' }));
    await checkScreen(owner, 'estimate-unrated');
    expect(takeErrors(owner)).toEqual([]);
  });

  it('shows the estimate per category with its 90% range, reliability, counts and each rating’s share', async () => {
    const stars = [4, 4, 5, 3, 4];
    for (const [index, star] of stars.entries()) {
      const rater = await browser.newContext({ baseURL: server.baseUrl });
      await signUpViaApi(rater, person(`Rater${index}`, 'Court'));
      // Three anonymous: a release with 3 raters in it shows them (docs/product.md#anonymity), run now.
      await rateViaApi(rater, { id: esmeId, name: 'Esme Estimate' }, star, index < 3);
      await rater.close();
    }
    expect(await releaseAnonymousRatingsViaApi(server.baseUrl)).toEqual({ released: 3, held: 0 });
    await recomputeTrustViaApi(server.baseUrl);

    const { page } = owner;
    await page.reload();
    const region = estimateRegion(page);
    await see(region.getByText('5 ratings, 5 in the last 12 months'));
    await see(region.getByText(/^We are 90% sure your Serve & Return is between \d\.\d and \d\.\d\.$/));
    await see(region.getByText(/^We are 90% sure your “would play again” score is between \d\.\d and \d\.\d\.$/));
    await see(region.getByText(/^(Low|Medium|High) reliability/));
    for (const label of CATEGORY_LABELS) {
      await see(region.getByRole('img', { name: new RegExp(`^${escape(label)}: \\d\\.\\d out of 5, 90% range`) }));
    }
    // Each rating says discreetly how much it counts; an anonymous one is dated by its week only.
    await see(page.getByText(/counts \d+% toward your estimate/));
    const anonymous = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Anonymous' }) });
    await see(anonymous.getByText(/^week of [A-Z][a-z]{2} \d{1,2}, \d{4}$/));
    // The raw averages are not shown beside the estimate.
    expect(await page.getByRole('heading', { name: 'How others rate your game' }).count()).toBe(0);
    await checkScreen(owner, 'estimate-view');
    expect(takeErrors(owner)).toEqual([]);
  });

  it('explains the numbers in plain words on the About page', async () => {
    const { page } = owner;
    await estimateRegion(page).getByRole('button', { name: 'How we compute your numbers' }).click();
    await see(page.getByRole('heading', { level: 1, name: 'About Rating System' }));
    const about = page.getByRole('region', { name: 'How we compute your numbers' });
    await see(about);
    for (const heading of [
      'Few ratings lean on the community',
      'Generous and strict raters are evened out',
      'Recent ratings count more',
      'Collusion is checked',
      'The range: how sure we are',
      'Reliability',
      'An example',
    ]) {
      await see(about.getByRole('heading', { name: heading, exact: true }));
    }
    await see(about.getByText(/A rating given 18 months ago counts\s+half as much/));
    await see(about.getByRole('img', { name: /^After 3 ratings: 4\.1 out of 5/ }));
    // The page's earlier content stays.
    await see(page.getByRole('heading', { name: 'Five rating categories' }));
    await see(page.getByRole('heading', { name: 'Hall of Fame' }));
    await checkScreen(owner, 'about-how-we-compute');
    expect(takeErrors(owner)).toEqual([]);
  });

  it('shows the overall estimate with its reliability in search results and the rate wizard', async () => {
    const rater = await newTrackedPage(browser, server.baseUrl);
    await signUpViaApi(rater.context, person('Sean', 'Searcher'));
    const { page } = rater;
    const badge = /^\d\.\d \(\d\.\d–\d\.\d\) · (low|medium|high)$/;

    await page.goto('/?tab=register');
    await see(page.getByRole('heading', { level: 1, name: 'Player Registration' }));
    await page.getByLabel('Search players').fill('Esme');
    const result = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await see(result.getByText(badge));
    await see(
      result.getByText(/^Estimated \d\.\d out of 5, 90% range \d\.\d to \d\.\d, (low|medium|high) reliability$/),
    );

    await openTab(page, 'Rate a Player');
    await page.getByLabel('Search for the player you want to rate').fill('Esme');
    const found = page.getByRole('list', { name: 'Players found' }).getByRole('button', { name: /Esme Estimate/ });
    await see(found.getByText(badge));
    await checkScreen(rater, 'estimate-rate-wizard-search');
    await found.click();
    await see(page.getByRole('button', { name: 'Change Player' }));
    await see(page.getByText(badge));
    await checkScreen(rater, 'estimate-rate-wizard-card');
    expect(takeErrors(rater)).toEqual([]);
    await rater.context.close();
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
