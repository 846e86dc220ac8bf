import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminDeveloperPage } from './support/admin';
import {
  addNewPlayerInWizard,
  allScores,
  checkScreen,
  importPlayersViaApi,
  linkedPlayerId,
  overflowing,
  person,
  pickStars,
  rateNewPlayerViaApi,
  registerPlayerViaApi,
  SCORE_LABELS,
  see,
  settled,
  signUpViaApi,
  takeErrors,
  toast,
  type Person,
} from './support/app';
import { DESKTOP, newTrackedPage, PHONE, screenshot } from './support/browser';
import { serverAndBrowserPerFile } from './support/suite';

/** 2,000 characters without a space: the longest comment and bio the server takes (RATING_TEXT_MAX, PLAYER_BIO_MAX). */
const LONG_WORD = 'Pickleball'.repeat(200);
/** Names at their 100-character limit, without a space. */
const LONG_FIRST = 'Bartholomew'.repeat(9);
const LONG_LAST = 'Longfellowz'.repeat(9);
const LONG_RATER_FIRST = 'Maximiliana'.repeat(9);

const named = (firstName: string, lastName: string, email: string): Person => ({
  firstName,
  lastName,
  email,
  password: 'Pickle-Ball-2025',
});

/** Whether the page scrolls sideways at a 360 px phone width: '' when it does not, else how far and what sticks out. */
async function sidewaysScroll(page: Page, name: string): Promise<string> {
  await page.setViewportSize(DESKTOP);
  await settled(page);
  await screenshot(page, `long-text-${name}-desktop`);
  // At desktop width too, no block of text runs out of its box over what stands beside it.
  const spilled = await page.evaluate(() =>
    [...document.querySelectorAll('main p, main h1, main h2, main h3, main dd, main blockquote, main li')]
      .filter((el) => getComputedStyle(el).overflowX === 'visible' && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`)
      .slice(0, 3),
  );
  if (spilled.length > 0) return `${name}: text wider than its box at desktop width: ${spilled.join('; ')}`;
  await page.setViewportSize(PHONE);
  await settled(page);
  await page.waitForTimeout(150);
  await screenshot(page, `long-text-${name}-phone`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  return overflow > 0 ? `${name}: ${overflow}px wider than the phone: ${await overflowing(page)}` : '';
}

async function rate(context: BrowserContext, playerId: number, playerName: string, texts: Record<string, string>) {
  const res = await context.request.post('/api/ratings', {
    data: { playerName, playerId, ...allScores(4), isAnonymous: false, ...texts },
  });
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
}

describe('long words, long names and emoji in what people write', () => {
  const suite = serverAndBrowserPerFile();

  it('no screen scrolls sideways at 360 px with a 2,000-character word, 100-character names and a long bio', async () => {
    const { browser, server } = suite;
    // Lana: a linked player with the longest names and a bio of one 2,000-character word.
    const lana = await newTrackedPage(browser, server.baseUrl, PHONE);
    const lanaPerson = named(LONG_FIRST, LONG_LAST, 'lana.long@example.com');
    await signUpViaApi(lana.context, lanaPerson);
    await registerPlayerViaApi(lana.context, lanaPerson);
    const lanaId = await linkedPlayerId(lana.context);
    const bio = await lana.context.request.put(`/api/players/${lanaId}`, { data: { bio: LONG_WORD } });
    expect(bio.ok(), await bio.text()).toBe(true);

    // Rita, with the longest first name, rates Lana with 2,000-character words in every text, and writes one
    // held for moderation about someone else.
    const rita = await newTrackedPage(browser, server.baseUrl, PHONE);
    const ritaPerson = named(LONG_RATER_FIRST, 'Rater', 'rita.rater@example.com');
    await signUpViaApi(rita.context, ritaPerson);
    // With a player of her own, the leaderboard names her "First L.".
    await registerPlayerViaApi(rita.context, ritaPerson);
    const texts = Object.fromEntries(
      ['strengthsImprovements', ...SCORE_FIELDS.map((field) => `${field}Comments`)].map((field) => [field, LONG_WORD]),
    );
    await rate(rita.context, lanaId, `${LONG_FIRST} ${LONG_LAST}`, texts);
    await rateNewPlayerViaApi(
      rita.context,
      { firstName: 'Fiona', lastName: 'Flagged' },
      3,
      `What the fuck ${LONG_WORD.slice(0, 1980)}`,
    );

    // An unlinked player with long names, claimed by Clara with the longest message a claim takes.
    await importPlayersViaApi(server.baseUrl, [
      { firstName: LONG_LAST, lastName: LONG_FIRST, email: 'imported.long@example.com', location: 'Austin, TX' },
    ]);
    const clara = await newTrackedPage(browser, server.baseUrl, PHONE);
    await signUpViaApi(clara.context, named(LONG_RATER_FIRST, LONG_LAST, 'clara.claims@example.com'));
    const found = await clara.context.request.get('/api/players/search?q=Longfellowz');
    const imported = ((await found.json()) as { id: number; firstName: string }[]).find(
      (p) => p.firstName === LONG_LAST,
    );
    const importedId = imported!.id;
    const claim = await clara.context.request.post(`/api/players/${importedId}/match-request`, {
      data: {
        firstName: LONG_RATER_FIRST,
        lastName: LONG_LAST,
        email: 'clara.claims@example.com',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        requestMessage: LONG_WORD.slice(0, 1000),
      },
    });
    expect(claim.ok(), await claim.text()).toBe(true);

    const problems: string[] = [];
    const visit = async (page: Page, path: string, name: string, ready: (page: Page) => Promise<void>) => {
      await page.goto(path);
      await ready(page);
      problems.push(await sidewaysScroll(page, name));
    };
    const heading = (name: string) => (page: Page) => see(page.getByRole('heading', { level: 1, name }));

    await visit(rita.page, '/?tab=my-ratings', 'my-ratings', async (page) => {
      await see(page.getByText(LONG_WORD).first());
      // Never edited: the card says when it was rated and nothing about editing.
      await see(page.getByText('Rated today').first());
      expect(await page.getByText(/edited/i).count()).toBe(0);
    });
    await visit(rita.page, '/?tab=rate', 'rate-search', async (page) => {
      await page.getByLabel('Search for the player you want to rate').fill('Bartholomew');
      await see(page.getByText(`${LONG_FIRST} ${LONG_LAST}`).first());
    });
    await visit(lana.page, '/?tab=ratings-about-me', 'ratings-about-me', (page) =>
      see(page.getByText(LONG_WORD).first()),
    );
    await visit(lana.page, '/?tab=register', 'profile-card', (page) => see(page.getByText(LONG_WORD)));
    // The bio's box counts to its limit too, and keeps the whole bio.
    await lana.page.getByRole('button', { name: 'Edit your profile' }).click();
    await see(lana.page.getByText('2,000 / 2,000'));
    expect(await lana.page.getByLabel('About you').inputValue()).toBe(LONG_WORD);
    problems.push(await sidewaysScroll(lana.page, 'profile-edit'));
    await visit(lana.page, '/?tab=dashboard', 'dashboard', heading('My Dashboard'));

    await visit(clara.page, '/?tab=register', 'pending-claim', (page) =>
      see(page.getByRole('heading', { name: 'Your claim is waiting for review' })),
    );

    const visitor = await newTrackedPage(browser, server.baseUrl, PHONE);
    await visit(visitor.page, `/players/${lanaId}`, 'player-page', (page) => see(page.getByText(LONG_WORD).first()));
    await visit(visitor.page, '/', 'landing-search', async (page) => {
      for (const name of ['Sign In', 'Sign Up', 'Dev Login']) {
        const box = await page.getByRole('banner').getByRole('link', { name }).boundingBox();
        expect(box!.height, name).toBeGreaterThanOrEqual(44);
        expect(box!.width, name).toBeGreaterThanOrEqual(44);
      }
      const section = page.getByRole('region', { name: 'Find players' });
      await section.getByLabel('Player name').fill('Bartholomew');
      await see(section.getByRole('list', { name: 'Players found' }).getByRole('link').first());
    });

    const admin = await adminDeveloperPage(browser, server.baseUrl);
    await admin.page.setViewportSize(PHONE);
    await visit(admin.page, '/?tab=players', 'admin-players', (page) => see(page.getByText(LONG_LAST).first()));
    await visit(admin.page, '/?tab=users', 'admin-users', (page) => see(page.getByText(LONG_RATER_FIRST).first()));
    await visit(admin.page, '/?tab=match-requests', 'admin-match-requests', (page) =>
      see(page.getByText(LONG_WORD.slice(0, 1000)).first()),
    );
    await visit(admin.page, '/?tab=flagged', 'admin-flagged', (page) =>
      see(page.getByText(/^What the fuck Pickleball/).first()),
    );

    // Last: the stored boards are recomputed every few seconds, and by now hold Rita's ratings.
    await visit(rita.page, '/?tab=leaderboard', 'leaderboard', async (page) => {
      await expect
        .poll(async () => {
          await page.reload();
          await settled(page);
          return page.getByText(`${LONG_RATER_FIRST} R.`).count();
        })
        .toBeGreaterThan(0);
    });

    expect(problems.filter(Boolean).join('\n')).toBe('');
    for (const tracked of [lana, rita, clara, visitor, admin]) {
      expect(takeErrors(tracked)).toEqual([]);
      await tracked.context.close();
    }
    // Some twenty screens, each captured: 23 s here, but past 150 s on a loaded runner whose Chromium stalled a
    // capture (the fresh-clone CI of 2026-11-28); the screenshot helper retries, this leaves it the time to.
  }, 300_000);

  it('the comment box counts to its limit and refuses a longer comment with a message instead of cutting it', async () => {
    const { browser, server } = suite;
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page, context } = tracked;
    await signUpViaApi(context, person('Cora', 'Counter'));
    await page.goto('/?tab=rate');
    await addNewPlayerInWizard(page, 'Nico Newcomer');
    for (const label of [...SCORE_LABELS, 'Overall rating']) await pickStars(page, label, 4);
    await page.getByRole('button', { name: 'Continue to Comments' }).click();

    const box = page.getByLabel('Strengths and areas to improve');
    await see(page.getByText('0 / 2,000'));
    await box.fill('Soft hands at the kitchen line.');
    await see(page.getByText('31 / 2,000'));

    // One character over: the whole text stays in the box, the counter and the message say so.
    const tooLong = `${LONG_WORD}!`;
    await box.fill(tooLong);
    expect(await box.inputValue()).toBe(tooLong);
    await see(page.getByText('2,001 / 2,000'));
    await see(page.getByText('1 character too many: shorten it to 2,000 at most.'));
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    await checkScreen(tracked, 'long-text-comment-over');

    // On a phone the refusal comes down from the top edge, clear of the form's buttons.
    await page.setViewportSize(PHONE);
    const submit = page.getByRole('button', { name: 'Submit Rating' });
    await submit.scrollIntoViewIfNeeded();
    await submit.click();
    await see(toast(page, 'Comment too long'));
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    const shown = await page.locator('[role="region"][aria-label^="Notifications"] li').boundingBox();
    expect(shown!.y).toBeLessThan(20);
    expect(shown!.width).toBeLessThanOrEqual(PHONE.width);
    await submit.scrollIntoViewIfNeeded();
    const button = await submit.boundingBox();
    const clear = shown!.y + shown!.height <= button!.y || button!.y + button!.height <= shown!.y;
    expect(clear, 'the toast leaves the Submit button uncovered').toBe(true);
    await screenshot(page, 'long-text-toast-phone', { fullPage: false });
    // Nothing was sent: the player was not created.
    const search = await context.request.get('/api/players/search?q=Nico');
    expect(await search.json()).toEqual([]);

    await box.fill(LONG_WORD);
    await see(page.getByText('2,000 / 2,000'));
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await see(page.getByText('Rating submitted!'));
    expect(takeErrors(tracked)).toEqual([]);
    await context.close();
  });

  it('draws initials by whole characters when a name has an emoji', async () => {
    const { browser, server } = suite;
    const tracked = await newTrackedPage(browser, server.baseUrl, PHONE);
    const { page, context } = tracked;
    const sam = named('Sam', '🏓', 'sam.smash@example.com');
    await signUpViaApi(context, sam);
    await registerPlayerViaApi(context, sam);
    await page.goto('/?tab=register');
    await see(page.getByRole('heading', { name: 'Your player profile' }));
    // The header's button is a fingertip's 44 px on a phone.
    const signOut = await page.getByRole('button', { name: 'Sign Out' }).boundingBox();
    expect(signOut!.height).toBeGreaterThanOrEqual(44);
    const avatars = await page.locator('header [aria-hidden="true"], main [aria-hidden="true"]').allTextContents();
    const initials = avatars.filter((text) => text.startsWith('S') && text.length <= 4);
    expect(initials).toContain('S🏓');
    // No half of a surrogate pair anywhere on the page (what a split emoji shows as "\uFFFD").
    const body = await page.evaluate(() => document.body.innerText);
    expect(body).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    await checkScreen(tracked, 'long-text-emoji-initials');
    await context.close();
  });

  it('the edit dialog says beside the overall that it becomes the mean of the five, and follows the stars', async () => {
    const { browser, server } = suite;
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page, context } = tracked;
    await signUpViaApi(context, person('Eddie', 'Editor'));
    await rateNewPlayerViaApi(context, { firstName: 'Olga', lastName: 'Overall' }, 4);
    await page.goto('/?tab=my-ratings');
    await page.getByRole('button', { name: 'Edit: rating of Olga Overall' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit your rating of Olga Overall' });
    await see(dialog);
    const note = dialog.getByText(/^Saving an edit makes the overall the average of the five categories/);
    await see(note);
    expect(await note.textContent()).toContain('You gave 4 stars overall.');
    expect(await note.textContent()).toContain('(4 + 4 + 4 + 4 + 4) ÷ 5 = 4.0');

    await pickStars(dialog, 'Mental & Physical Game', 3);
    await expect.poll(() => note.textContent()).toContain('(4 + 4 + 4 + 4 + 3) ÷ 5 = 3.8');
    await checkScreen(tracked, 'long-text-edit-overall-note');
    await context.close();
  });
});

const SCORE_FIELDS = [
  'serveReturn',
  'groundstrokesThirdShot',
  'netPlayVolleysDinks',
  'movementCourtAwareness',
  'mentalPhysicalGame',
] as const;
