import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminHeaders,
  allScores,
  checkScreen,
  gone,
  linkedPlayerId,
  openTab,
  person,
  registerPlayerViaApi,
  see,
  signUpViaApi,
  takeErrors,
  toast,
} from './support/app';
import { adminDeveloperPage } from './support/admin';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema/users';
import { recomputeTrustViaApi } from './support/trust';

type Player = { id: number; name: string };
type Flag = { id: number; type: 'ring' | 'boost' | 'burst'; players: { id: number }[]; ratingIds: number[] };

async function rateViaApi(context: BrowserContext, player: Player, stars: number) {
  const res = await context.request.post('/api/ratings', {
    data: { playerName: player.name, playerId: player.id, isNewPlayer: false, isAnonymous: false, ...allScores(stars) },
  });
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
}

async function adminFetch(baseUrl: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl}${path}`, { ...init, headers: { ...(await adminHeaders(baseUrl)) } });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<unknown>;
}

/** What the toasts say (an unexpected failure's description shows in the assertion message). */
async function notificationsText(page: Page): Promise<string> {
  return page.locator('[role="region"][aria-label^="Notifications"]').innerText();
}

/** An account with a linked player of its own; the context stays signed in as it. */
async function accountWithPlayer(browser: Browser, baseUrl: string, firstName: string, lastName: string) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const who = person(firstName, lastName);
  await signUpViaApi(context, who);
  await registerPlayerViaApi(context, who);
  return { context, email: who.email, player: { id: await linkedPlayerId(context), name: `${firstName} ${lastName}` } };
}

describe('Trust & Safety: an admin reviews collusion flags', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let rings: Awaited<ReturnType<typeof accountWithPlayer>>[][];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const { baseUrl } = server;
    // Two rings: three accounts each, each linked to a player, rating each other's players 5 stars.
    rings = [];
    for (const [surname, names] of [
      ['Ring', ['Rhea', 'Rolf', 'Rosa']],
      ['Team', ['Tia', 'Tom', 'Tess']],
    ] as const) {
      const ring = [];
      for (const name of names) ring.push(await accountWithPlayer(browser, baseUrl, name, surname));
      contexts.push(...ring.map((member) => member.context));
      for (const rater of ring) {
        for (const rated of ring) if (rated !== rater) await rateViaApi(rater.context, rated.player, 5);
      }
      rings.push(ring);
    }
    // Everyone else sees them as 2-star players.
    for (const name of ['Otto', 'Olga', 'Omar']) {
      const outsider = await browser.newContext({ baseURL: baseUrl });
      contexts.push(outsider);
      await signUpViaApi(outsider, person(name, 'Outside'));
      for (const ring of rings) for (const member of ring) await rateViaApi(outsider, member.player, 2);
    }

    await recomputeTrustViaApi(baseUrl);
    const { flags } = (await adminFetch(baseUrl, '/api/admin/trust/flags?status=pending')) as { flags: Flag[] };
    expect(flags.map((flag) => flag.type)).toEqual(['ring', 'ring']);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('lists the flags with their evidence, confirms one ring and dismisses the other', async () => {
    const [ring, team] = rings;
    const tracked = await adminDeveloperPage(browser, server.baseUrl);
    const { page } = tracked;
    await page.goto('/?tab=trust');
    await see(page.getByRole('heading', { level: 1, name: 'Trust & Safety' }));

    const status = page.getByRole('region', { name: 'Estimates and checks' });
    const stat = (label: string) =>
      status.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');
    await see(stat('Last full run').getByText(/players, \d+ ratings/));
    await see(stat('Calibration'));
    await expect.poll(async () => ((await stat('Pending flags').textContent()) ?? '').trim()).toBe('2');

    // The flags themselves, not the accounts listed inside each.
    const pending = page.getByRole('list', { name: 'Pending flags' }).locator(':scope > li');
    await expect.poll(() => pending.count()).toBe(2);
    const ringCard = pending.filter({ has: page.getByRole('heading', { name: 'Rhea Ring, Rolf Ring, Rosa Ring' }) });
    const teamCard = pending.filter({ has: page.getByRole('heading', { name: 'Tia Team, Tom Team, Tess Team' }) });
    await see(ringCard.getByText(/^Score \d+\.\d\d$/));
    for (const member of ring) await see(ringCard.getByText(member.email));
    await see(ringCard.getByRole('columnheader', { name: 'Inside the group' }));
    await see(ringCard.getByRole('row', { name: /^Rhea Ring 5\.0 from 2 ratings 2\.0 from 3 ratings \+3\.0$/ }));
    await see(ringCard.getByText('Density'));
    await see(ringCard.getByText('100%'));
    await checkScreen(tracked, 'trust-pending');

    // Confirm the first ring, with notes.
    await ringCard.getByRole('button', { name: /^Review/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Review ring flag' });
    await see(dialog);
    await see(dialog.getByText(ring[0].email, { exact: false }));
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkScreen(tracked, 'trust-review-dialog');
    await dialog.getByLabel('Review notes').fill('  Three club mates, created the same day.  ');
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await see(toast(page, /^(Flag confirmed|Could not review the flag)$/));
    expect(await notificationsText(page)).toContain('Flag confirmed');
    await see(toast(page, '6 ratings no longer count in any estimate.'));
    await gone(dialog);
    await expect.poll(() => pending.count()).toBe(1);

    // Dismiss the other, without notes.
    await teamCard.getByRole('button', { name: /^Review/ }).click();
    await see(dialog);
    await see(dialog.getByText(team[0].email, { exact: false }));
    await dialog.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await see(toast(page, /^(Flag dismissed|Could not review the flag)$/));
    expect(await notificationsText(page)).toContain('Flag dismissed');
    await gone(dialog);
    await see(page.getByRole('heading', { name: 'No pending flags' }));

    // Each lands in its list, with its review.
    await page.getByRole('tab', { name: 'Confirmed' }).click();
    const confirmed = page.getByRole('list', { name: 'Confirmed flags' }).getByRole('listitem');
    await see(confirmed.getByText(/Notes: Three club mates, created the same day\.$/));
    expect(await confirmed.getByRole('button', { name: /^Review/ }).count()).toBe(0);
    await checkScreen(tracked, 'trust-confirmed');
    await page.getByRole('tab', { name: 'Dismissed' }).click();
    await see(
      page
        .getByRole('list', { name: 'Dismissed flags' })
        .getByRole('heading', { name: 'Tia Team, Tom Team, Tess Team' }),
    );

    // A new full run: the confirmed ratings stop counting, and the dismissed ring is not raised again. The button
    // queues it and the panel follows it until it is done (at this size, within a read or two of the status).
    await page.getByRole('button', { name: 'Recompute now' }).click();
    await see(toast(page, /^(Estimates recomputed|Could not recompute)$/));
    expect(await notificationsText(page)).toContain('Estimates recomputed');
    await see(toast(page, /^\d+ players and \d+ ratings in \d/));
    await see(status.getByRole('button', { name: 'Recompute now' }));
    expect(await status.getByRole('alert').count()).toBe(0);
    const after = (await adminFetch(server.baseUrl, `/api/players/${ring[0].player.id}`)) as {
      skill: { overall: { n: number } };
    };
    // Two ring ratings and three from outsiders: only the outsiders' count now.
    expect(after.skill.overall.n).toBe(3);
    const pendingAfter = (await adminFetch(server.baseUrl, '/api/admin/trust/flags?status=pending')) as {
      flags: Flag[];
    };
    expect(pendingAfter.flags).toEqual([]);
    await page.getByRole('tab', { name: 'Pending' }).click();
    await see(page.getByRole('heading', { name: 'No pending flags' }));

    expect(takeErrors(tracked)).toEqual([]);
    await tracked.context.close();
  });

  it('is an admin tab only', async () => {
    const page = await rings[0][0].context.newPage();
    await page.goto('/');
    await see(page.getByRole('heading', { level: 1, name: 'Player Registration' }));
    expect(await page.getByRole('tab', { name: /^Trust & Safety/ }).count()).toBe(0);
    await page.goto('/?tab=trust');
    await see(page.getByRole('heading', { name: 'Admin Login' }));
    expect(await page.getByRole('heading', { name: 'Collusion and burst flags' }).count()).toBe(0);
    await openTab(page, 'Leaderboard');
    expect(await page.getByRole('tab', { name: /^Trust & Safety/ }).count()).toBe(0);
    await page.close();
  });
});

/** Members who joined weeks ago, written before the server starts: new accounts are unusual on this site. */
function seedEstablishedMembers(count: number) {
  return async (dataDir: string) => {
    const database = await openDatabase({ dataDir });
    try {
      await database.db.insert(users).values(
        Array.from({ length: count }, (_, index) => ({
          email: `member${index}@pickleball.test`,
          emailVerified: true,
          authProvider: 'password' as const,
          createdAt: new Date(Date.now() - 60 * 24 * 3600 * 1000),
        })),
      );
    } finally {
      await database.close();
    }
  };
}

describe('Trust & Safety: a burst of new accounts on one player', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let target: Awaited<ReturnType<typeof accountWithPlayer>>;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({}, { prepare: seedEstablishedMembers(30) }), launchBrowser()]);
    target = await accountWithPlayer(browser, server.baseUrl, 'Bea', 'Target');
    contexts.push(target.context);
    // Five accounts made today give her 1 star within minutes of each other.
    for (const name of ['Nia', 'Ned', 'Noa', 'Nils', 'Nora']) {
      const newcomer = await browser.newContext({ baseURL: server.baseUrl });
      contexts.push(newcomer);
      await signUpViaApi(newcomer, person(name, 'Newcomer'));
      await rateViaApi(newcomer, target.player, 1);
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('holds the burst as a flag with its evidence; dismissing it makes the ratings count', async () => {
    const ratingCount = async () =>
      (
        (await adminFetch(server.baseUrl, `/api/players/${target.player.id}`)) as {
          averageRatings: { count: number };
        }
      ).averageRatings.count;
    expect(await ratingCount()).toBe(0);

    const tracked = await adminDeveloperPage(browser, server.baseUrl);
    const { page } = tracked;
    await page.goto('/?tab=trust');
    await see(page.getByRole('heading', { level: 1, name: 'Trust & Safety' }));
    const pending = page.getByRole('list', { name: 'Pending flags' }).locator(':scope > li');
    await expect.poll(() => pending.count()).toBe(1);
    const card = pending.filter({ has: page.getByRole('heading', { name: 'Bea Target' }) });
    await see(card.getByText(/^Type:\s*Burst$/));
    await see(card.getByText('5 new accounts', { exact: true }));
    await see(card.getByText('1.0 from 5 accounts'));
    await see(card.getByText('Counts unreviewed from'));
    await checkScreen(tracked, 'burst-pending');

    await card.getByRole('button', { name: /^Review/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Review burst flag' });
    await see(dialog);
    await see(dialog.getByText(/Dismiss: they count now/));
    await checkScreen(tracked, 'burst-review-dialog');
    await dialog.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await see(toast(page, /^(Flag dismissed|Could not review the flag)$/));
    expect(await notificationsText(page)).toContain('These ratings count now');
    await gone(dialog);
    await see(page.getByRole('heading', { name: 'No pending flags' }));
    expect(await ratingCount()).toBe(5);

    expect(takeErrors(tracked)).toEqual([]);
    await tracked.context.close();
  });
});
