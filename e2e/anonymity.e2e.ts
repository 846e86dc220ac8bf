import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfWeek } from '../common/anonymity';
import {
  SCORE_LABELS,
  allScores,
  checkScreen,
  gone,
  linkedPlayerId,
  openTab,
  person,
  pickStars,
  registerPlayerViaApi,
  see,
  settled,
  signUpViaApi,
  takeErrors,
  toast,
  type Person,
} from './support/app';
import { releaseAnonymousRatingsViaApi } from './support/admin';
import { launchBrowser, newTrackedPage, type TrackedPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/*
 * docs/product.md#anonymity as people meet it: an anonymous rating written in the wizard shows at once to its
 * rater, marked "Counts from Monday", and to nobody else; a release with 3 raters in it shows it to the rated
 * player, dated to its week, and the mark is gone.
 */

const RITA_COMMENT = 'Quick hands at the kitchen line; the third-shot drop floats, so aim for a lower arc.';
const MARKER = 'Counts from Monday';

/** The signed-in person of the context rates the player anonymously (POST /api/ratings, as the wizard sends it). */
async function rateAnonymouslyViaApi(context: BrowserContext, player: { id: number; name: string }, comment: string) {
  const res = await context.request.post('/api/ratings', {
    data: {
      playerName: player.name,
      playerId: player.id,
      isAnonymous: true,
      ...allScores(3),
      strengthsImprovements: comment,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  expect(await res.json()).toMatchObject({ pendingRelease: true });
}

/** "week of Nov 23, 2026": how Ratings About Me dates an anonymous rating (client/components/skill-rows.ts). */
const weekShown = (monday: Date) =>
  `week of ${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(monday)}`;

describe('an anonymous rating counts from the weekly release', () => {
  let server: RunningServer;
  let rita: TrackedPage;
  let paz: TrackedPage;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  const ritaPerson: Person = person('Rita', 'Anon');
  const pazPerson: Person = person('Paz', 'Played');
  let pazId: number;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    rita = await newTrackedPage(browser, server.baseUrl);
    paz = await newTrackedPage(browser, server.baseUrl);
    await signUpViaApi(rita.context, ritaPerson);
    // Paz is a confirmed member with a player of their own, so Ratings About Me lists what Paz received.
    await signUpViaApi(paz.context, pazPerson);
    await registerPlayerViaApi(paz.context, pazPerson);
    pazId = await linkedPlayerId(paz.context);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const ritaCard = (tracked: TrackedPage) => tracked.page.getByRole('listitem').filter({ hasText: RITA_COMMENT });

  it('shows a rating written anonymously in the wizard to its rater at once, marked “Counts from Monday”', async () => {
    const { page } = rita;
    await page.goto('/?tab=rate');
    await see(page.getByRole('heading', { name: 'Step 1: Find player' }));
    await page.getByLabel('Search for the player you want to rate').fill('Paz');
    await page
      .getByRole('list', { name: 'Players found' })
      .getByRole('button', { name: /^Paz Played/ })
      .click();
    await see(page.getByRole('heading', { name: 'Step 2: Rate skills' }));
    // docs/product.md#rate-a-player: a fresh rating is anonymous; the switch says when anonymous ratings count.
    const anonymous = page.getByRole('switch', { name: 'Submit anonymously' });
    expect(await anonymous.getAttribute('aria-checked')).toBe('true');
    await see(page.getByText('Anonymous ratings are released weekly, so the player can’t tell when you rated.'));
    for (const label of SCORE_LABELS) await pickStars(page, label, 3);
    await pickStars(page, 'Overall rating', 3);
    await page.getByRole('button', { name: 'Continue to Comments' }).click();
    await page.getByLabel('Strengths and areas to improve').fill(RITA_COMMENT);
    await page.getByRole('button', { name: 'Submit Rating' }).click();

    const banner = page.getByRole('status').filter({ hasText: 'Rating submitted!' });
    await see(banner);
    await see(
      banner.getByText(
        'Rating saved. Anonymous ratings count from Monday, released together with others. Your 15 points arrive then.',
      ),
    );
    // docs/product.md#limits-and-timings: about 3 s of confetti, then its canvas is gone (and out of the screenshots).
    await see(page.locator('canvas'));
    await gone(page.locator('canvas'), 6_000);

    await openTab(page, 'My Ratings');
    const card = ritaCard(rita);
    await see(card.getByText(MARKER, { exact: true }));
    await see(card.getByText('Anonymous', { exact: true }));
    await see(card.getByText(/Until then only you see it\.$/));
    await checkScreen(rita, 'anonymity-my-ratings-pending');

    // The edit dialog opens on what Rita wrote; her edit waits for the release too.
    await page.getByRole('button', { name: 'Edit: rating of Paz Played' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your rating of Paz Played' });
    expect(await dialog.getByLabel('Strengths and areas to improve').inputValue()).toBe(RITA_COMMENT);
    await pickStars(dialog, 'Serve & Return', 4);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await see(toast(page, /Your edit counts from Monday, released together with other anonymous ratings\.$/));
    await gone(dialog);
    await see(card.getByText('Your edit counts from Monday', { exact: true }));
    await see(card.getByText('3.2', { exact: true }));

    expect(takeErrors(rita)).toEqual([]);
  });

  it('is not shown to the rated player, nor counted, while it waits', async () => {
    const { page } = paz;
    await page.goto('/?tab=ratings-about-me');
    await see(page.getByRole('heading', { level: 1, name: 'Ratings About Me' }));
    await see(page.getByRole('heading', { name: 'No ratings yet' }));
    expect(await page.getByText(RITA_COMMENT).count()).toBe(0);

    // One rater is no crowd: a release now holds it.
    expect(await releaseAnonymousRatingsViaApi(server.baseUrl)).toEqual({ released: 0, held: 1 });
    await page.reload();
    await see(page.getByRole('heading', { name: 'No ratings yet' }));
    const detail = await page.request.get(`/api/players/${pazId}`);
    expect(((await detail.json()) as { ratingCount: number }).ratingCount).toBe(0);

    expect(takeErrors(paz)).toEqual([]);
  });

  it('reaches the rated player at a release with 3 raters, dated to its week, and loses its mark', async () => {
    for (const [first, last, comment] of [
      ['Lou', 'Lob', 'Patient at the net and a reliable reset from the transition zone.'],
      ['Mo', 'Smash', 'Strong serve; move up behind your return a step sooner.'],
    ]) {
      const other = await browser.newContext({ baseURL: server.baseUrl });
      await signUpViaApi(other, person(first, last));
      await rateAnonymouslyViaApi(other, { id: pazId, name: 'Paz Played' }, comment);
      await other.close();
    }
    expect(await releaseAnonymousRatingsViaApi(server.baseUrl)).toEqual({ released: 3, held: 0 });

    const { page } = paz;
    // The estimate counts them too, once the trust worker has recomputed it (within seconds of the release).
    const counted = page.getByText('3 ratings, 3 in the last 12 months');
    await expect
      .poll(
        async () => {
          await page.reload();
          await see(page.getByRole('heading', { level: 1, name: 'Ratings About Me' }));
          await settled(page);
          return counted.count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    const card = ritaCard(paz);
    await see(card);
    await see(card.getByRole('heading', { name: 'Anonymous' }));
    // As Rita last edited it: (4 + 3 + 3 + 3 + 3) / 5.
    await see(card.getByText('3.2', { exact: true }));
    // Dated to the Monday of the release's week, never to the day or time it was written.
    const monday = startOfWeek(new Date());
    const date = card.locator('time');
    expect(await date.textContent()).toBe(weekShown(monday));
    expect(await date.getAttribute('datetime')).toBe(monday.toISOString());
    expect(
      await page
        .getByRole('listitem')
        .filter({ hasText: /week of/ })
        .count(),
    ).toBe(3);
    expect(await page.getByText(ritaPerson.firstName).count()).toBe(0);
    await checkScreen(paz, 'anonymity-ratings-about-me-released');

    await rita.page.reload();
    await see(rita.page.getByRole('heading', { level: 1, name: 'My Ratings' }));
    const mine = ritaCard(rita);
    await see(mine.getByText('Anonymous', { exact: true }));
    expect(await mine.getByText(MARKER).count()).toBe(0);
    await checkScreen(rita, 'anonymity-my-ratings-released');

    expect(takeErrors(paz)).toEqual([]);
    expect(takeErrors(rita)).toEqual([]);
  });

  it('keeps an edit of a released rating for the next release: the rater sees it, the rated player the version out', async () => {
    const { page } = rita;
    // The wizard's update flow loads what Rita wrote; her change waits.
    await page.goto('/?tab=rate');
    await page.getByLabel('Search for the player you want to rate').fill('Paz');
    await page
      .getByRole('list', { name: 'Players found' })
      .getByRole('button', { name: /^Paz Played/ })
      .click();
    await see(page.getByText('Updating your earlier rating'));
    await pickStars(page, 'Mental & Physical Game', 5);
    await page.getByRole('button', { name: 'Continue to Comments' }).click();
    expect(await page.getByLabel('Strengths and areas to improve').inputValue()).toBe(RITA_COMMENT);
    await page.getByRole('button', { name: 'Update Rating' }).click();
    const banner = page.getByRole('status').filter({ hasText: 'Rating updated!' });
    await see(
      banner.getByText(
        'Your rating of Paz Played is saved. Your edit counts from Monday, released together with other anonymous ratings.',
      ),
    );
    await see(page.locator('canvas'));
    await gone(page.locator('canvas'), 6_000);

    await openTab(page, 'My Ratings');
    const mine = ritaCard(rita);
    await see(mine.getByText('Your edit counts from Monday', { exact: true }));
    // (4 + 3 + 3 + 3 + 5) / 5, as Rita wrote it.
    await see(mine.getByText('3.6', { exact: true }));
    // Picked again, the wizard loads the edit, not the version out.
    await openTab(page, 'Rate a Player');
    await page.getByLabel('Search for the player you want to rate').fill('Paz');
    await page
      .getByRole('list', { name: 'Players found' })
      .getByRole('button', { name: /^Paz Played/ })
      .click();
    await see(page.getByText('Updating your earlier rating'));
    expect(
      await page
        .getByRole('radiogroup', { name: 'Mental & Physical Game', exact: true })
        .getByRole('radio', { name: '5 stars', exact: true })
        .getAttribute('aria-checked'),
    ).toBe('true');

    await paz.page.reload();
    const received = ritaCard(paz);
    await see(received.getByText('3.2', { exact: true }));
    expect(await received.getByText('3.6', { exact: true }).count()).toBe(0);

    expect(takeErrors(paz)).toEqual([]);
    expect(takeErrors(rita)).toEqual([]);
  });
});
