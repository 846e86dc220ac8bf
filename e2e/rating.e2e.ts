import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCORE_LABELS,
  checkScreen,
  gone,
  openTab,
  person,
  pickStars,
  rateNewPlayerViaApi,
  registerPlayerViaApi,
  see,
  signUpViaApi,
  takeErrors,
  toast,
  type Person,
} from './support/app';
import { launchBrowser, newTrackedPage, type TrackedPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const DETAILED = 'Reliable third-shot drop and great patience at the kitchen line; work on your backhand return depth.';

describe('rating players, feedback on ratings, leaderboard and dashboard', () => {
  let server: RunningServer;
  let browser: Browser;
  let rita: TrackedPage;
  let pat: TrackedPage;
  const ritaPerson: Person = person('Rita', 'Rater');
  const patPerson: Person = person('Pat', 'Player');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    rita = await newTrackedPage(browser, server.baseUrl);
    pat = await newTrackedPage(browser, server.baseUrl);
    await signUpViaApi(rita.context, ritaPerson);
    await signUpViaApi(pat.context, patPerson);
    // Pat has a player profile to be rated; Rita has none.
    await registerPlayerViaApi(pat.context, patPerson);
    // Three more raters with one rating each, so the leaderboard has a fourth place.
    for (const [first, last] of [
      ['Lee', 'Lob'],
      ['Max', 'Smash'],
      ['Kim', 'Kitchen'],
    ]) {
      const other = await browser.newContext({ baseURL: server.baseUrl });
      const rater = person(first, last);
      await signUpViaApi(other, rater);
      // Lee has a player profile, the others only a name on their account: each is named "First L.".
      if (first === 'Lee') await registerPlayerViaApi(other, rater);
      await rateNewPlayerViaApi(other, { firstName: `${first}s`, lastName: 'Partner' }, 3);
      await other.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('rates a new player through the three-step wizard', async () => {
    const { page } = rita;
    await page.goto('/?tab=rate');
    await see(page.getByRole('heading', { name: 'Step 1: Find player' }));
    await checkScreen(rita, 'rate-step-1');

    const search = page.getByLabel('Search for the player you want to rate');
    await search.fill('Nate Newbie');
    await see(page.getByText('No players match “Nate Newbie”. You can add them as a new player below.'));
    await page.getByRole('button', { name: 'Add as new player' }).click();
    const newPlayer = page.getByRole('form', { name: 'Add a new player' });
    await expect.poll(() => newPlayer.getByLabel('First name').inputValue()).toBe('Nate');
    expect(await newPlayer.getByLabel('Last name').inputValue()).toBe('Newbie');
    // docs/product.md#rate-a-player: a new player needs first and last name.
    await newPlayer.getByLabel('Last name').fill('');
    await newPlayer.getByRole('button', { name: 'Continue to Ratings' }).click();
    await see(toast(page, 'Missing player details'));
    await see(newPlayer.getByText('Last name is required'));
    await newPlayer.getByLabel('Last name').fill('Newbie');
    await newPlayer.getByLabel('City').fill('Austin');
    await newPlayer.getByLabel('State').fill('TX');
    await checkScreen(rita, 'rate-new-player');
    await newPlayer.getByRole('button', { name: 'Continue to Ratings' }).click();

    await see(page.getByRole('heading', { name: 'Step 2: Rate skills' }));
    await see(page.getByText('New player'));
    await see(page.getByText('Austin, TX'));
    // docs/product.md#rate-a-player: a fresh rating defaults to anonymous.
    const anonymous = page.getByRole('switch', { name: 'Submit anonymously' });
    expect(await anonymous.getAttribute('aria-checked')).toBe('true');
    await see(page.getByText('Anonymous ratings are released weekly, so the player can’t tell when you rated.'));
    // Named here: the leaderboard and the dashboard below count it at once, where an anonymous rating waits for the
    // weekly release (docs/product.md#anonymity; anonymity.e2e.ts follows one through it).
    await anonymous.click();
    expect(await anonymous.getAttribute('aria-checked')).toBe('false');
    await see(page.getByText('0 of 6 ratings given'));
    const proceed = page.getByRole('button', { name: 'Continue to Comments' });
    for (const label of SCORE_LABELS) await pickStars(page, label, 4);
    await see(page.getByText('5 of 6 ratings given'));
    // docs/product.md#rate-a-player: Continue appears only once all six are above 0.
    expect(await proceed.count()).toBe(0);
    await pickStars(page, 'Overall rating', 4);
    await see(proceed);
    await checkScreen(rita, 'rate-step-2');
    await proceed.click();

    await see(page.getByRole('heading', { name: 'Step 3: Comments & submit' }));
    await page.getByLabel('Strengths and areas to improve').fill('Solid dinks.');
    await checkScreen(rita, 'rate-step-3');
    // Back and forth keeps the scores.
    await page.getByRole('button', { name: 'Back to Ratings' }).click();
    await see(page.getByText('6 of 6 ratings given'));
    await proceed.click();
    expect(await page.getByLabel('Strengths and areas to improve').inputValue()).toBe('Solid dinks.');
    await page.getByRole('button', { name: 'Submit Rating' }).click();

    const banner = page.getByRole('status').filter({ hasText: 'Rating submitted!' });
    await see(banner);
    await see(banner.getByText('Thanks for rating Nate Newbie. You earned 10 points.'));
    // docs/product.md#limits-and-timings: confetti (canvas-confetti draws on a canvas of its own), then back to step 1.
    await see(page.locator('canvas'));
    await see(page.getByRole('heading', { name: 'Step 1: Find player' }));
    await gone(banner, 9_000);

    expect(takeErrors(rita)).toEqual([]);
  });

  it('rates an existing player, then updates that rating (Change Player and Cancel on the way)', async () => {
    const { page } = rita;
    const search = page.getByLabel('Search for the player you want to rate');
    await search.fill('Pat');
    const found = page.getByRole('list', { name: 'Players found' });
    await found.getByRole('button', { name: /^Pat Player/ }).click();
    await see(page.getByRole('heading', { name: 'Step 2: Rate skills' }));
    const anonymous = page.getByRole('switch', { name: 'Submit anonymously' });
    await anonymous.click();
    expect(await anonymous.getAttribute('aria-checked')).toBe('false');
    for (const [index, label] of SCORE_LABELS.entries()) await pickStars(page, label, index === 0 ? 2 : 4);
    await pickStars(page, 'Overall rating', 5);
    await page.getByRole('button', { name: 'Continue to Comments' }).click();
    await page.getByLabel('Strengths and areas to improve').fill(DETAILED);
    await page.getByLabel('Serve & Return').fill('Serves land short; aim deeper.');
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await see(page.getByText('Thanks for rating Pat Player. You earned 15 points.'));
    // docs/product.md#limits-and-timings: about 3 s of confetti, then its canvas is gone (and out of the next screenshot).
    await gone(page.locator('canvas'), 6_000);

    // Picking Pat again loads the earlier rating (docs/product.md#rate-a-player update flow).
    await search.fill('Pat');
    const patButton = found.getByRole('button', { name: /^Pat Player/ });
    await see(patButton.getByText('Rated by you'));
    await patButton.click();
    await see(page.getByText('Updating your earlier rating'));
    await see(page.getByText('6 of 6 ratings given'));
    expect(await page.getByRole('switch', { name: 'Submit anonymously' }).isDisabled()).toBe(true);
    await checkScreen(rita, 'rate-update');

    // Change Player and Cancel go back to step 1.
    await page.getByRole('button', { name: 'Change Player' }).click();
    await see(page.getByRole('heading', { name: 'Step 1: Find player' }));
    await search.fill('Pat');
    await patButton.click();
    await see(page.getByText('Updating your earlier rating'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await see(page.getByRole('heading', { name: 'Step 1: Find player' }));

    await search.fill('Pat');
    await patButton.click();
    await see(page.getByText('Updating your earlier rating'));
    await pickStars(page, 'Serve & Return', 3);
    await page.getByRole('button', { name: 'Continue to Comments' }).click();
    expect(await page.getByLabel('Strengths and areas to improve').inputValue()).toBe(DETAILED);
    await page.getByRole('button', { name: 'Update Rating' }).click();
    await see(page.getByRole('status').filter({ hasText: 'Rating updated!' }));
    await see(page.getByText('Your rating of Pat Player is up to date.'));
    await gone(page.locator('canvas'), 6_000);

    expect(takeErrors(rita)).toEqual([]);
  });

  it('edits a rating in My Ratings: the overall is the mean of the five, to one decimal', async () => {
    const { page } = rita;
    await openTab(page, 'My Ratings');
    await see(page.getByText('You have rated 2 players.'));
    const nate = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Nate Newbie' }) });
    const patCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pat Player' }) });
    // Both named, so both count at once: neither waits for the release of anonymous ratings.
    for (const card of [nate, patCard]) {
      await see(card.getByText('Rated today'));
      expect(await card.getByText('Anonymous').count()).toBe(0);
      expect(await card.getByText(/counts from/i).count()).toBe(0);
    }
    await see(patCard.getByText(DETAILED));
    await checkScreen(rita, 'my-ratings');

    await page.getByRole('button', { name: 'Edit: rating of Nate Newbie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your rating of Nate Newbie' });
    await see(dialog);
    await see(dialog.getByText('4.0', { exact: true }));
    await pickStars(dialog, 'Serve & Return', 5);
    await pickStars(dialog, 'Groundstrokes & Third Shot', 5);
    // (5 + 5 + 4 + 4 + 4) / 5
    await see(dialog.getByText('4.4', { exact: true }));
    await pickStars(dialog, 'Mental & Physical Game', 3);
    await see(dialog.getByText('4.2', { exact: true }));
    await checkScreen(rita, 'my-ratings-edit');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await see(toast(page, 'Rating updated'));
    await gone(dialog);
    await see(nate.getByText('4.2', { exact: true }));
    await see(nate.getByText(/edited/));

    expect(takeErrors(rita)).toEqual([]);
  });

  it('lets the rated player rate the helpfulness of a rating in Ratings About Me', async () => {
    const { page } = pat;
    await page.goto('/?tab=ratings-about-me');
    await see(page.getByRole('heading', { level: 1, name: 'Ratings About Me' }));
    // The estimate view opens the page once the trust worker has counted the rating (within seconds).
    await see(page.getByText('Your skill estimate'));
    await see(page.getByText('1 rating, 1 in the last 12 months'));
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Rita R.' }) });
    await see(card.getByText(DETAILED));
    await see(card.getByText('Serves land short; aim deeper.'));
    await see(card.getByText('Was this helpful?'));
    await checkScreen(pat, 'ratings-about-me');

    await pickStars(card, 'Was this helpful?', 5);
    await see(toast(page, 'Thanks for your feedback'));
    await see(card.getByText('Your helpfulness rating'));
    await see(card.getByText('(1 review)'));
    expect(
      await card
        .getByRole('radiogroup', { name: 'Your helpfulness rating' })
        .getByRole('radio', { name: '5 stars' })
        .getAttribute('aria-checked'),
    ).toBe('true');

    // Rita has no player profile (docs/product.md#signed-out-states).
    await rita.page.goto('/?tab=ratings-about-me');
    await see(rita.page.getByText('Player Profile Required'));
    await checkScreen(rita, 'ratings-about-me-no-profile');

    expect(takeErrors(pat)).toEqual([]);
    expect(takeErrors(rita)).toEqual([]);
  });

  it('ranks the raters on the leaderboard in every period', async () => {
    const { page } = rita;
    await page.goto('/?tab=leaderboard');
    await see(page.getByRole('heading', { name: 'Community Leaderboard' }));
    const list = page.getByRole('list', { name: 'Top raters: All Time' });
    await see(list);
    const entries = list.getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(4);
    // Named by display name: Rita has no player profile, so the name on her account; no e-mail on the board.
    const ritaName = `${ritaPerson.firstName} ${ritaPerson.lastName[0]}.`;
    expect(await entries.nth(0).textContent()).toContain(ritaName);
    expect(await list.textContent()).not.toMatch(/@example\.com/);
    const first = entries.nth(0);
    await see(first.getByRole('img', { name: 'Rank 1 (Gold)' }));
    await see(first.getByText(ritaName));
    await see(list.getByText('Lee L.', { exact: true }));
    // Listed, the caller's own place is not repeated under the list.
    expect(await page.getByLabel('Your place').count()).toBe(0);
    await see(first.getByText('2 ratings'));
    await see(first.getByText('5.0 helpfulness'));
    await see(first.getByText('1 review', { exact: true }));
    await see(first.getByText('You'));
    await see(entries.nth(1).getByRole('img', { name: 'Rank 2 (Silver)' }));
    await see(entries.nth(2).getByRole('img', { name: 'Rank 3 (Bronze)' }));
    await see(entries.nth(3).getByText('#4'));
    await see(entries.nth(3).getByText('1 rating', { exact: true }));
    // Helpfulness only when above 0.
    expect(
      await entries
        .nth(3)
        .getByText(/helpfulness/)
        .count(),
    ).toBe(0);
    await see(page.getByRole('heading', { name: 'How the leaderboard works' }));
    await checkScreen(rita, 'leaderboard');

    // Every rating here is from today: each period lists the same raters.
    for (const period of ['This Year', 'This Month', 'This Week', 'All Time']) {
      const button = page.getByRole('button', { name: period, exact: true });
      await button.click();
      expect(await button.getAttribute('aria-pressed')).toBe('true');
      const periodList = page.getByRole('list', { name: `Top raters: ${period}` });
      await see(periodList.getByText(ritaName));
      await expect.poll(() => periodList.getByRole('listitem').count()).toBe(4);
    }
    // The top 10 as structured data (docs/product.md#page-metadata): Gold first.
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join('\n')).toContain('Gold');

    expect(takeErrors(rita)).toEqual([]);
  });

  it('shows the dashboard stats, rank progress and badges, and the About page', async () => {
    const { page } = rita;
    await page.goto('/?tab=dashboard');
    await see(page.getByRole('heading', { level: 1, name: 'My Dashboard' }));
    // Rita rates but has no player profile of her own.
    await see(page.getByText('No Player Profile Linked'));
    const stat = (label: string) =>
      page.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => stat('Ratings submitted').textContent()).toBe('2');
    // 10 + 10, +5 for detailed feedback, +2 per helpfulness star (5).
    await expect.poll(() => stat('Total points').textContent()).toBe('35');
    await see(stat('Current rank').getByText('Rookie'));
    await expect.poll(() => stat('Helpfulness').textContent()).toBe('5.0');
    await see(page.getByText('15 more points to reach Bronze.'));
    await see(page.getByRole('progressbar', { name: 'Progress to Bronze' }));
    await see(page.getByText(/First Rating/));
    await checkScreen(rita, 'dashboard');

    await pat.page.goto('/?tab=dashboard');
    await see(pat.page.getByRole('heading', { level: 1, name: 'My Dashboard' }));
    await see(pat.page.getByText('Ratings submitted'));
    expect(await pat.page.getByText('No Player Profile Linked').count()).toBe(0);

    await openTab(page, 'About Rating System');
    await see(page.getByRole('heading', { name: 'How Pickleball Ratings Work' }));
    for (const label of SCORE_LABELS) await see(page.getByText(label, { exact: true }));
    for (const [band, range] of [
      ['Beginner', '1.0-2.5'],
      ['Intermediate', '3.0-3.5'],
      ['Advanced', '4.0-4.5'],
      ['Expert', '4.5-5.0'],
      ['Pro', '5.0+'],
    ]) {
      await see(page.getByRole('row', { name: new RegExp(`${band}.*${range.replace('+', '\\+')}`) }));
    }
    for (const rank of ['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond']) {
      await see(page.getByRole('row', { name: new RegExp(rank) }));
    }
    // docs/product.md#anonymity in plain words: what it protects and what it costs.
    const anonymity = page.getByRole('region', { name: 'Anonymous ratings' });
    await see(anonymity.getByRole('heading', { name: 'What it protects' }));
    await see(anonymity.getByRole('heading', { name: 'What it costs' }));
    await see(anonymity.getByText('Admins can still see who wrote a rating, to deal with abuse.'));
    await checkScreen(rita, 'about');
    await page.getByRole('button', { name: 'Rate a Player' }).click();
    await see(page.getByRole('heading', { level: 1, name: 'Rate a Player' }));

    expect(takeErrors(rita)).toEqual([]);
    expect(takeErrors(pat)).toEqual([]);
  });
});
