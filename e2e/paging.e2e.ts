import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client';
import { emailSignups, players, playerSkillMarks, ratings, users } from '../server/db/schema/index';
import { insertPlayer } from '../server/features/players/players.repo';
import { hashPassword } from '../server/lib/password';
import { adminDeveloperPage } from './support/admin';
import { checkScreen, gone, openTab, pickStars, see, signInViaApi, toast } from './support/app';
import { launchBrowser, newTrackedPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const OWNER = { email: 'penny.pager@example.com', password: 'Pickle-Ball-2025', firstName: 'Penny', lastName: 'Pager' };

const RATER_NAMES = [
  'Avery',
  'Blake',
  'Casey',
  'Drew',
  'Emery',
  'Finley',
  'Gray',
  'Harper',
  'Indy',
  'Jules',
  'Kai',
  'Logan',
  'Lowell',
  'Morgan',
  'Noel',
  'Oakley',
  'Parker',
  'Quinn',
  'Reese',
  'Sage',
  'Tatum',
  'Uma',
  'Val',
  'Wren',
  'Xan',
  'Yael',
  'Zion',
];
/** Oldest first. Lowell gives the one single star; Zion, the newest, four. */
const STARS = [3, 4, 5, 2, 4, 3, 5, 4, 3, 2, 4, 5, 1, 3, 4, 2, 5, 3, 4, 4, 3, 5, 2, 4, 3, 5, 4];

/**
 * A player with 27 ratings from named raters, a day apart, written into the server's database before it starts
 * (27 sign-ups through the API would pass the per-address sign-up limit). The player's count is kept with it, as
 * a submitted rating keeps it, and the estimate is left for the trust worker to compute.
 */
function seedRatedPlayer() {
  return async (dataDir: string) => {
    const database = await openDatabase({ dataDir });
    try {
      const { db } = database;
      const [owner] = await db
        .insert(users)
        .values({
          email: OWNER.email,
          firstName: OWNER.firstName,
          lastName: OWNER.lastName,
          emailVerified: true,
          authProvider: 'password',
          passwordHash: await hashPassword(OWNER.password),
        })
        .returning({ id: users.id });
      const player = await insertPlayer(db, {
        firstName: OWNER.firstName,
        lastName: OWNER.lastName,
        email: OWNER.email,
        skillLevel: '3.5',
        location: 'Austin, TX',
        userId: owner.id,
      });
      const raters = await db
        .insert(users)
        .values(
          RATER_NAMES.map((name) => ({
            email: `${name.toLowerCase()}.rater@example.com`,
            firstName: name,
            lastName: 'Court',
            emailVerified: true,
            authProvider: 'password',
          })),
        )
        .returning({ id: users.id, email: users.email });
      const start = Date.parse('2026-10-01T15:00:00Z');
      await db.insert(ratings).values(
        raters.map((rater, i) => ({
          playerId: player.id,
          raterUserId: rater.id,
          raterEmail: rater.email,
          serveReturn: STARS[i],
          groundstrokesThirdShot: STARS[i],
          netPlayVolleysDinks: STARS[i],
          movementCourtAwareness: STARS[i],
          mentalPhysicalGame: STARS[i],
          overallRating: STARS[i],
          strengthsImprovements: `Notes from ${RATER_NAMES[i]}: steady at the kitchen line.`,
          createdAt: new Date(start + i * 86_400_000),
          updatedAt: new Date(start + i * 86_400_000),
          listedAt: new Date(start + i * 86_400_000),
          publishedAt: new Date(start + i * 86_400_000),
        })),
      );
      await db
        .update(players)
        .set({
          ratingCount: STARS.length,
          overallSum: STARS.reduce((sum, stars) => sum + stars, 0),
        })
        .where(eq(players.id, player.id));
      await db.insert(playerSkillMarks).values({ playerId: player.id, markedAt: new Date() });
      // More players and launch-list addresses than one page of an admin list (50).
      for (let i = 0; i < 59; i += 1) {
        await insertPlayer(db, {
          firstName: RATER_NAMES[i % RATER_NAMES.length],
          lastName: `Listwell ${i + 1}`,
          email: `listwell.${i + 1}@example.com`,
          skillLevel: '3.0',
          location: i === 0 ? 'Tahoe City, CA' : i % 3 ? 'Boise, ID' : 'Reno, NV',
        });
      }
      await db.insert(emailSignups).values(
        Array.from({ length: 60 }, (_, i) => ({
          email: `${i % 4 ? 'fan' : 'club'}.${i + 1}@launch.example`,
          createdAt: new Date(Date.parse('2026-09-01T12:00:00Z') + i * 3_600_000),
        })),
      );
    } finally {
      await database.close();
    }
  };
}

/** The rating cards of the list, not the lists inside them. */
const cards = (page: Page): Locator => page.getByRole('list', { name: 'Ratings you received' }).locator(':scope > li');
const raterOf = (card: Locator) => card.getByRole('heading', { level: 3 }).first();

describe('paging Ratings About Me', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({}, { prepare: seedRatedPlayer() }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows 20 of 27, shows the rest on Show more, sorts by lowest and keeps its place after a helpfulness vote', async () => {
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page, context, consoleErrors } = tracked;
    await signInViaApi(context, OWNER);
    await page.goto('/?tab=ratings-about-me');
    await see(page.getByRole('heading', { level: 1, name: 'Ratings About Me' }));
    await see(page.getByRole('heading', { level: 2, name: /Ratings you received/ }));

    // Newest first, 20 of them.
    await expect.poll(() => cards(page).count()).toBe(20);
    expect(await raterOf(cards(page).first()).textContent()).toBe('Zion C.');
    await see(page.getByText('Showing 20 of 27 ratings'));
    const newest = page.getByRole('button', { name: 'Newest' });
    expect(await newest.getAttribute('aria-pressed')).toBe('true');
    await checkScreen(tracked, 'paging-ratings-about-me');

    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => cards(page).count()).toBe(27);
    await gone(page.getByRole('button', { name: 'Show more' }));
    expect(await raterOf(cards(page).last()).textContent()).toBe('Avery C.');

    // Lowest first: Lowell's single star leads, and the list starts again at 20.
    await page.getByRole('button', { name: 'Lowest' }).click();
    await expect.poll(() => raterOf(cards(page).first()).textContent()).toBe('Lowell C.');
    expect(await page.getByRole('button', { name: 'Lowest' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => cards(page).count()).toBe(20);
    await checkScreen(tracked, 'paging-ratings-about-me-lowest');

    // A vote far down the list keeps every card read so far on screen.
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => cards(page).count()).toBe(27);
    const last = cards(page).last();
    await pickStars(last, 'Was this helpful?', 4);
    await see(toast(page, 'Thanks for your feedback'));
    await see(last.getByText('Your helpfulness rating'));
    expect(await cards(page).count()).toBe(27);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('pages and searches the admin lists on the server: 50, Show more, and a search past the first page', async () => {
    const tracked = await adminDeveloperPage(browser, server.baseUrl);
    const { page, context, consoleErrors } = tracked;
    await page.goto('/');
    await openTab(page, 'Player List');
    const playerRows = page.getByRole('list', { name: 'Players' }).locator(':scope > li');
    await expect.poll(() => playerRows.count()).toBe(50);
    await see(page.getByText('Showing 50 of 60 players'));
    // The second-oldest player, on no page read yet, found by the server.
    const search = page.getByRole('searchbox', { name: 'Search players' });
    await search.fill('tahoe');
    await see(page.getByText('1 player matches “tahoe”'));
    await expect.poll(() => playerRows.count()).toBe(1);
    await search.fill('');
    await expect.poll(() => playerRows.count()).toBe(50);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => playerRows.count()).toBe(60);
    await gone(page.getByRole('button', { name: 'Show more' }));
    await checkScreen(tracked, 'paging-player-list');
    await search.fill('reno');
    await see(page.getByText('19 players match “reno”'));
    await expect.poll(() => playerRows.count()).toBe(19);

    await openTab(page, 'Email Signups');
    const signupRows = page.getByRole('table').locator('tbody > tr');
    await expect.poll(() => signupRows.count()).toBe(50);
    await see(page.getByText('Showing 50 of 60 signups'));
    await checkScreen(tracked, 'paging-email-signups');
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => signupRows.count()).toBe(60);
    await page.getByRole('searchbox', { name: 'Search email signups' }).fill('club');
    await see(page.getByText('15 addresses match “club”, newest first.'));
    await expect.poll(() => signupRows.count()).toBe(15);
    await checkScreen(tracked, 'paging-email-signups-search');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
