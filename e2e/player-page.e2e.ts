import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allScores,
  checkScreen,
  importPlayersViaApi,
  linkedPlayerId,
  person,
  pickStars,
  registerPlayerViaApi,
  SCORE_LABELS,
  see,
  signUpViaApi,
  takeErrors,
  toast,
  type Person,
} from './support/app';
import { releaseAnonymousRatingsViaApi } from './support/admin';
import { launchBrowser, newTrackedPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { recomputeTrustViaApi } from './support/trust';

const NAMED_COMMENT = 'Great hands at the kitchen line, and always up for another game.';
const ANONYMOUS_COMMENT = 'Steady third-shot drops; the serve could go deeper.';

/** The signed-in person of the context rates a player with a comment (POST /api/ratings). */
async function rateViaApi(
  context: BrowserContext,
  player: { id: number; name: string },
  stars: number,
  options: { comment: string; isAnonymous: boolean },
) {
  const res = await context.request.post('/api/ratings', {
    data: {
      playerName: player.name,
      playerId: player.id,
      isNewPlayer: false,
      isAnonymous: options.isAnonymous,
      strengthsImprovements: options.comment,
      ...allScores(stars),
    },
  });
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
}

/** GET /api/players/:id/page as anyone: the canonical path and the counts the page shows. */
async function pageOf(server: RunningServer, id: number) {
  const res = await fetch(`${server.baseUrl}/api/players/${id}/page`);
  expect(res.status).toBe(200);
  return (await res.json()) as { path: string; overallDistribution: Record<string, number> };
}

describe('a player’s public page', () => {
  let server: RunningServer;
  let browser: Browser;
  const jordan: Person = person('Jordan', 'Rivera');
  let jordanId: number;
  let jordanPath: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const owner = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(owner, jordan);
    await registerPlayerViaApi(owner, jordan, 'Austin, TX 78701');
    jordanId = await linkedPlayerId(owner);
    await owner.close();

    // A named rater (a linked player: shown by first name and last initial) and an anonymous one.
    const riley = await browser.newContext({ baseURL: server.baseUrl });
    const rileyPerson = person('Riley', 'Rater');
    await signUpViaApi(riley, rileyPerson);
    await registerPlayerViaApi(riley, rileyPerson, 'Round Rock, TX');
    const rileyId = await linkedPlayerId(riley);
    await rateViaApi(riley, { id: jordanId, name: 'Jordan Rivera' }, 4, { comment: NAMED_COMMENT, isAnonymous: false });
    await riley.close();
    const quiet = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(quiet, person('Quinn', 'Quiet'));
    await rateViaApi(quiet, { id: jordanId, name: 'Jordan Rivera' }, 5, {
      comment: ANONYMOUS_COMMENT,
      isAnonymous: true,
    });
    await quiet.close();
    // An anonymous rating reaches the page at a release with 3 raters in it (docs/product.md#anonymity): two more
    // raters' anonymous ratings of Riley make the crowd, and the release is run now.
    for (const first of ['Alex', 'Blair']) {
      const other = await browser.newContext({ baseURL: server.baseUrl });
      await signUpViaApi(other, person(first, 'Crowd'));
      await rateViaApi(other, { id: rileyId, name: 'Riley Rater' }, 3, { comment: '', isAnonymous: true });
      await other.close();
    }
    expect(await releaseAnonymousRatingsViaApi(server.baseUrl)).toEqual({ released: 3, held: 0 });
    // The estimates the page shows, computed now rather than on schedule.
    await recomputeTrustViaApi(server.baseUrl);

    await importPlayersViaApi(server.baseUrl, [
      { firstName: 'Casey', lastName: 'Claimable', email: 'casey.c@club.example', location: 'Denver, CO 80202' },
    ]);
    jordanPath = (await pageOf(server, jordanId)).path;
    expect(jordanPath).toBe(`/players/${jordanId}/jordan-rivera-austin-tx`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens from a shared link for a visitor who is not signed in: name, place, estimate and comments', async () => {
    const visitor = await newTrackedPage(browser, server.baseUrl);
    const { page } = visitor;
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(pathname);
    });
    // A link without its slug lands on the player's own address.
    await page.goto(`/players/${jordanId}`);
    await see(page.getByRole('heading', { level: 1, name: 'Jordan Rivera' }));
    expect(new URL(page.url()).pathname).toBe(jordanPath);
    // The page arrives drawn, comments included (decision 010): nothing is asked before the visitor's first input.
    await see(page.getByRole('region', { name: 'What players say' }).getByText(NAMED_COMMENT));
    expect(asked).toEqual([]);
    expect(await page.title()).toBe('Jordan Rivera · Austin, TX · Pickleball Ratings');

    await see(page.getByText('Austin, TX', { exact: true }));
    await see(page.getByText('Skill: Unverified'));
    await see(page.getByText('Would play again', { exact: true }).first());
    await see(page.getByText(/^\d\.\d$/).first());
    const estimate = page.getByRole('region', { name: 'Skill estimate' });
    await see(estimate.getByText('2 ratings, 2 in the last 12 months'));
    await see(estimate.getByRole('img', { name: /^Serve & Return: \d\.\d out of 5, 90% range \d\.\d to \d\.\d$/ }));
    await see(estimate.getByText(/^We are 90% sure Jordan’s Serve & Return is between \d\.\d and \d\.\d\.$/));

    const stars = page.getByRole('region', { name: 'Overall stars' });
    await see(stars.getByText('From 2 ratings.'));
    expect(await stars.getByRole('listitem').first().textContent()).toMatch(/^5 stars:\s*1 rating \(50%\)$/);

    const comments = page.getByRole('region', { name: 'What players say' });
    const named = comments.getByRole('listitem').filter({ hasText: NAMED_COMMENT });
    await see(named.getByRole('heading', { name: 'Riley R.' }));
    const anonymous = comments.getByRole('listitem').filter({ hasText: ANONYMOUS_COMMENT });
    await see(anonymous.getByRole('heading', { name: 'Anonymous' }));
    await see(anonymous.getByText(/^week of [A-Z][a-z]{2} \d{1,2}, \d{4}$/));
    // Nobody's e-mail and no street or ZIP anywhere on the page.
    expect(await page.locator('body').innerText()).not.toMatch(/@|78701/);

    // The legend of what the stars mean opens on demand (the first click: the app takes the page over).
    await page.getByText('What the stars mean').click();
    await see(page.getByText('Deep, varied serves and returns that set up the point'));
    await page.waitForLoadState('networkidle');
    // Taken over from the data it was drawn with and as signed out: no lookup of the page or of a user, and no
    // hydration error in the console.
    expect(asked).toEqual([]);
    await checkScreen(visitor, 'player-page-visitor');
    expect(takeErrors(visitor)).toEqual([]);
    await visitor.context.close();
  });

  it('takes the drawn page over without a hydration error when the visitor’s clock is ahead of the server’s', async () => {
    const visitor = await newTrackedPage(browser, server.baseUrl, { width: 360, height: 800 });
    const { page } = visitor;
    // Forty days ahead: the server drew "today" (and its year), the visitor’s clock says "1 month ago".
    await page.clock.install({ time: Date.now() + 40 * 24 * 60 * 60 * 1000 });
    await page.goto(jordanPath);
    const named = page
      .getByRole('region', { name: 'What players say' })
      .getByRole('listitem')
      .filter({ hasText: NAMED_COMMENT });
    await see(named.getByText('today', { exact: true }));
    await page.getByText('What the stars mean').click();
    await see(page.getByText('Deep, varied serves and returns that set up the point'));
    // Taken over from the time it was drawn, then the times follow the visitor's clock.
    await see(named.getByText('1 month ago', { exact: true }));
    await see(page.getByRole('region', { name: 'Skill estimate' }).getByText('1 month ago', { exact: true }));
    expect(takeErrors(visitor)).toEqual([]);
    await visitor.context.close();
  });

  it('rates the player from their page: sign in, on to the wizard with them, rate, and the rating is counted', async () => {
    const sam = person('Sam', 'Signin');
    const signup = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(signup, sam);
    await signup.close();

    const visitor = await newTrackedPage(browser, server.baseUrl);
    const { page } = visitor;
    await page.goto(jordanPath);
    await page.getByRole('link', { name: /^Rate this player/ }).click();
    await see(page.getByRole('heading', { level: 1, name: 'Welcome back' }));
    const next = new URL(page.url()).searchParams.get('next') ?? '';
    expect(next).toMatch(/^\/\?tab=rate&player=\d+$/);
    // A newcomer who signs up instead goes on to the same place.
    const signUpLink = page.getByRole('link', { name: 'Create an account' });
    expect(new URL((await signUpLink.getAttribute('href')) ?? '', server.baseUrl).searchParams.get('next')).toBe(next);
    await page.getByLabel('Email', { exact: true }).fill(sam.email);
    await page.getByLabel('Password', { exact: true }).fill(sam.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    // Signed in, straight on to the wizard at step 2 with Jordan chosen.
    await see(page.getByRole('heading', { name: 'Step 2: Rate skills' }));
    await see(page.getByText(/^Rating: Jordan Rivera/));
    expect(new URL(page.url()).searchParams.get('player')).toBeNull();
    await checkScreen(visitor, 'player-page-rate-step-2');
    // Named, so the page counts it at once (an anonymous one waits for the weekly release: anonymity.e2e.ts).
    await page.getByRole('switch', { name: 'Submit anonymously' }).click();
    for (const label of SCORE_LABELS) await pickStars(page, label, 3);
    await pickStars(page, 'Overall rating', 3);
    await page.getByRole('button', { name: 'Continue to Comments' }).click();
    await page.getByLabel('Strengths and areas to improve').fill('Fun to play with; moves well.');
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await see(page.getByText('Rating submitted!'));

    // The page counts it, and offers to update that rating rather than rate again.
    await page.goto(jordanPath);
    await see(page.getByRole('region', { name: 'Overall stars' }).getByText('From 3 ratings.'));
    await see(page.getByRole('region', { name: 'What players say' }).getByText('Fun to play with; moves well.'));
    await page.getByRole('link', { name: /^Update your rating/ }).click();
    await see(page.getByText('Updating your earlier rating'));
    expect(takeErrors(visitor)).toEqual([]);
    await visitor.context.close();
  });

  it('claims an unlinked profile from its page: sign in first, then the claim dialog, then pending', async () => {
    const casey = person('Casey', 'Claimer');
    const signup = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(signup, casey);
    await signup.close();
    const found = await fetch(`${server.baseUrl}/api/players/search?q=${encodeURIComponent('Casey Claimable')}`);
    const [{ id }] = (await found.json()) as { id: number }[];
    const path = (await pageOf(server, id)).path;

    const visitor = await newTrackedPage(browser, server.baseUrl);
    const { page } = visitor;
    await page.goto(path);
    await see(page.getByRole('heading', { level: 1, name: 'Casey Claimable' }));
    await page.getByRole('link', { name: 'Sign in to claim this profile' }).click();
    await see(page.getByRole('heading', { level: 1, name: 'Welcome back' }));
    await page.getByLabel('Email', { exact: true }).fill(casey.email);
    await page.getByLabel('Password', { exact: true }).fill(casey.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await see(page.getByRole('heading', { level: 1, name: 'Casey Claimable' }));
    expect(new URL(page.url()).pathname).toBe(path);

    await page.getByRole('button', { name: 'Claim this profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Claim Casey Claimable' });
    await see(dialog);
    await expect.poll(() => dialog.getByLabel('City').inputValue()).toBe('Denver');
    expect(await dialog.getByLabel('State').inputValue()).toBe('CO');
    // The page never shows a ZIP, so the claimant gives it.
    await dialog.getByLabel('ZIP').fill('80202');
    await checkScreen(visitor, 'player-page-claim-dialog');
    await dialog.getByRole('button', { name: 'Send Claim Request' }).click();
    await see(toast(page, 'Claim request sent'));
    await see(page.getByText(/Claim request sent: pending an admin’s review/));
    expect(await page.getByRole('button', { name: 'Claim this profile' }).count()).toBe(0);

    // Pending: the page no longer offers the claim to anyone.
    await page.reload();
    await see(page.getByRole('heading', { level: 1, name: 'Casey Claimable' }));
    expect(await page.getByText('Is this you?').count()).toBe(0);
    expect(takeErrors(visitor)).toEqual([]);
    await visitor.context.close();
  });

  it('shares the page: its canonical address on the clipboard, with a toast', async () => {
    const visitor = await newTrackedPage(browser, server.baseUrl);
    await visitor.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    const { page } = visitor;
    await page.goto(jordanPath);
    // Clicked on the drawn page before the app runs: the click is held and replayed once it has taken over.
    await page.getByRole('button', { name: /^Share/ }).click();
    await see(toast(page, 'Link copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.baseUrl}${jordanPath}`);
    await checkScreen(visitor, 'player-page-shared');
    expect(takeErrors(visitor)).toEqual([]);
    await visitor.context.close();
  });

  it('shows the owner a way to edit their profile, and no rating of themselves', async () => {
    const owner = await newTrackedPage(browser, server.baseUrl);
    const res = await owner.context.request.post('/api/auth/login', {
      data: { email: jordan.email, password: jordan.password },
    });
    expect(res.ok()).toBe(true);
    const { page } = owner;
    await page.goto(jordanPath);
    await page.getByRole('link', { name: 'Edit your profile' }).click();
    await see(page.getByRole('heading', { level: 1, name: 'Player Registration' }));
    await page.goBack();
    await see(page.getByRole('heading', { level: 1, name: 'Jordan Rivera' }));
    expect(await page.getByRole('link', { name: /^Rate this player/ }).count()).toBe(0);
    expect(takeErrors(owner)).toEqual([]);
    await owner.context.close();
  });

  it('asks a visitor to sign in for a page its player shows to members only, and comes back to it', async () => {
    const morgan = person('Morgan', 'Members');
    const owner = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(owner, morgan);
    await registerPlayerViaApi(owner, morgan, 'Austin, TX');
    const id = await linkedPlayerId(owner);
    const hidden = await owner.request.put(`/api/players/${id}`, { data: { visibility: 'members' } });
    expect(hidden.ok(), await hidden.text()).toBe(true);
    const path = (await (await owner.request.get(`/api/players/${id}/page`)).json()) as { path: string };
    await owner.close();

    const visitor = await newTrackedPage(browser, server.baseUrl);
    const { page } = visitor;
    await page.goto(path.path);
    await see(page.getByRole('heading', { level: 1, name: 'This player’s page is for members' }));
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await checkScreen(visitor, 'player-page-members-only');
    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await see(page.getByRole('heading', { level: 1, name: 'Welcome back' }));
    expect(new URL(page.url()).searchParams.get('next')).toBe(path.path);
    await page.getByLabel('Email', { exact: true }).fill(jordan.email);
    await page.getByLabel('Password', { exact: true }).fill(jordan.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await see(page.getByRole('heading', { level: 1, name: 'Morgan Members' }));
    await see(page.getByText('Members only', { exact: true }));
    // 401s of the signed-out lookups are the browser's own console lines, not the app's.
    takeErrors(visitor);
    await visitor.context.close();
  });

  it('asks an account whose e-mail is not confirmed to confirm it, for a members-only page', async () => {
    const robin = person('Robin', 'Reserved');
    const owner = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(owner, robin);
    await registerPlayerViaApi(owner, robin, 'Boise, ID');
    const id = await linkedPlayerId(owner);
    const hidden = await owner.request.put(`/api/players/${id}`, { data: { visibility: 'members' } });
    expect(hidden.ok(), await hidden.text()).toBe(true);
    const path = (await (await owner.request.get(`/api/players/${id}/page`)).json()) as { path: string };
    await owner.close();

    const visitor = await newTrackedPage(browser, server.baseUrl);
    const { page } = visitor;
    await signUpViaApi(page.context(), person('Una', 'Unconfirmed'), { confirm: false });
    await page.goto(path.path);
    await see(page.getByRole('heading', { level: 1, name: 'This player’s page is for members' }));
    await see(page.getByText('who confirmed their e-mail address', { exact: false }));
    expect(await page.getByText('Robin Reserved').count()).toBe(0);
    await checkScreen(visitor, 'player-page-members-only-unconfirmed');
    await page.getByRole('main').getByRole('link', { name: 'Go to your workspace', exact: true }).click();
    await see(page.getByText('Please confirm your e-mail address', { exact: true }));
    // The 403 of the page's data is the browser's own console line, not the app's.
    takeErrors(visitor);
    await visitor.context.close();
  });

  it('answers an unknown player with the not-found page', async () => {
    const visitor = await newTrackedPage(browser, server.baseUrl);
    const { page } = visitor;
    const res = await page.goto('/players/999999/nobody');
    expect(res?.status()).toBe(404);
    await see(page.getByRole('heading', { level: 1, name: 'Page not found' }));
    takeErrors(visitor);
    await visitor.context.close();
  });
});
