import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminHeaders,
  allScores,
  checkScreen,
  gone,
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

type Player = { id: number; name: string };
type Flag = { id: number; type: 'ring' | 'boost'; players: { id: number }[]; ratingIds: number[] };

async function linkedPlayerId(context: BrowserContext): Promise<number> {
  const res = await context.request.get('/api/auth/user/player');
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
  const body = (await res.json()) as { id?: number; player?: { id: number } };
  return (body.player?.id ?? body.id)!;
}

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
  let ring: Awaited<ReturnType<typeof accountWithPlayer>>[];
  let paula: Awaited<ReturnType<typeof accountWithPlayer>>;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const { baseUrl } = server;
    // A ring: three accounts, each linked to a player, rate each other's players 5 stars.
    ring = [
      await accountWithPlayer(browser, baseUrl, 'Rhea', 'Ring'),
      await accountWithPlayer(browser, baseUrl, 'Rolf', 'Ring'),
      await accountWithPlayer(browser, baseUrl, 'Rosa', 'Ring'),
    ];
    paula = await accountWithPlayer(browser, baseUrl, 'Paula', 'Plain');
    contexts.push(...ring.map((member) => member.context), paula.context);
    for (const rater of ring) {
      for (const rated of ring) if (rated !== rater) await rateViaApi(rater.context, rated.player, 5);
    }
    // Everyone else sees them, and Paula, as 2-star players.
    for (const name of ['Otto', 'Olga', 'Omar']) {
      const outsider = await browser.newContext({ baseURL: baseUrl });
      contexts.push(outsider);
      await signUpViaApi(outsider, person(name, 'Outside'));
      for (const rated of [...ring.map((member) => member.player), paula.player]) await rateViaApi(outsider, rated, 2);
    }
    // A friend's boost: one 5-star rating far above Paula's others.
    const friend = await browser.newContext({ baseURL: baseUrl });
    contexts.push(friend);
    await signUpViaApi(friend, person('Fay', 'Friend'));
    await rateViaApi(friend, paula.player, 5);

    await adminFetch(baseUrl, '/api/admin/trust/recompute', { method: 'POST' });
    const { flags } = (await adminFetch(baseUrl, '/api/admin/trust/flags?status=pending')) as { flags: Flag[] };
    expect(flags.map((flag) => flag.type).sort()).toEqual(['boost', 'ring']);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  it('lists the flags with their evidence, confirms the ring and dismisses the boost', async () => {
    const tracked = await adminDeveloperPage(browser, server.baseUrl);
    const { page } = tracked;
    await page.goto('/?tab=trust');
    await see(page.getByRole('heading', { level: 1, name: 'Trust & Safety' }));

    const status = page.getByRole('region', { name: 'Estimates and checks' });
    await see(status.getByRole('term').filter({ hasText: 'Last full run' }));
    await see(status.getByRole('term').filter({ hasText: 'Calibration' }));
    expect(
      (
        (await status
          .getByRole('term')
          .filter({ hasText: 'Pending flags' })
          .locator('xpath=following-sibling::dd[1]')
          .textContent()) ?? ''
      ).trim(),
    ).toBe('2');

    const pending = page.getByRole('list', { name: 'Pending flags' }).getByRole('listitem');
    await expect.poll(() => pending.count()).toBe(2);
    const ringCard = pending.filter({ has: page.getByText('Ring', { exact: true }) });
    const boostCard = pending.filter({ has: page.getByText('Boost', { exact: true }) });
    await see(ringCard.getByRole('heading', { name: 'Rhea Ring, Rolf Ring, Rosa Ring' }));
    for (const member of ring) await see(ringCard.getByText(member.email));
    await see(ringCard.getByRole('columnheader', { name: 'Inside the group' }));
    await see(ringCard.getByRole('row', { name: /Rhea Ring 5\.0 from 2 ratings 2\.0 from 3 ratings \+3\.0/ }));
    await see(ringCard.getByText('Density'));
    await see(boostCard.getByRole('heading', { name: 'Paula Plain' }));
    await see(boostCard.getByText('2.0 from 3 ratings'));
    await checkScreen(tracked, 'trust-pending');

    // Confirm the ring, with notes.
    await ringCard.getByRole('button', { name: /^Review/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Review ring flag' });
    await see(dialog);
    await see(dialog.getByText(ring[0].email, { exact: false }));
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkScreen(tracked, 'trust-review-dialog');
    await dialog.getByLabel('Review notes').fill('  Three club mates, created the same day.  ');
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await see(toast(page, 'Flag confirmed'));
    await see(toast(page, '6 ratings no longer count in any estimate.'));
    await gone(dialog);
    await expect.poll(() => pending.count()).toBe(1);

    // Dismiss the boost, without notes.
    await boostCard.getByRole('button', { name: /^Review/ }).click();
    const boostDialog = page.getByRole('dialog', { name: 'Review boost flag' });
    await see(boostDialog);
    await boostDialog.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await see(toast(page, 'Flag dismissed'));
    await gone(boostDialog);
    await see(page.getByRole('heading', { name: 'No pending flags' }));

    // Each lands in its list, with its review.
    await page.getByRole('tab', { name: 'Confirmed' }).click();
    const confirmed = page.getByRole('list', { name: 'Confirmed flags' }).getByRole('listitem');
    await see(confirmed.getByText(/Notes: Three club mates, created the same day\.$/));
    expect(await confirmed.getByRole('button', { name: /^Review/ }).count()).toBe(0);
    await checkScreen(tracked, 'trust-confirmed');
    await page.getByRole('tab', { name: 'Dismissed' }).click();
    await see(page.getByRole('list', { name: 'Dismissed flags' }).getByRole('heading', { name: 'Paula Plain' }));

    // The confirmed ratings stop counting; a new full run does not raise the dismissed boost again.
    await page.getByRole('button', { name: 'Recompute now' }).click();
    await see(toast(page, 'Estimates recomputed'));
    const pendingAfter = (await adminFetch(server.baseUrl, '/api/admin/trust/flags?status=pending')) as {
      flags: Flag[];
    };
    expect(pendingAfter.flags).toEqual([]);
    const detail = (await adminFetch(server.baseUrl, `/api/players/${ring[0].player.id}`)) as {
      skill: { overall: { n: number } };
    };
    expect(detail.skill.overall.n).toBe(3);

    expect(takeErrors(tracked)).toEqual([]);
    await tracked.context.close();
  });

  it('is an admin tab only', async () => {
    const page = await ring[0].context.newPage();
    await page.goto('/');
    await see(page.getByRole('heading', { level: 1, name: 'Player Registration' }));
    expect(await page.getByRole('tab', { name: /^Trust & Safety/ }).count()).toBe(0);
    await page.goto('/?tab=trust');
    await see(page.getByRole('heading', { name: 'Admin Login' }));
    expect(await page.getByRole('heading', { name: 'Collusion flags' }).count()).toBe(0);
    await openTab(page, 'Leaderboard');
    expect(await page.getByRole('tab', { name: /^Trust & Safety/ }).count()).toBe(0);
    await page.close();
  });
});
