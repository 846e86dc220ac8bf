import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, see, toast } from './support/app';
import { launchBrowser, newTrackedPage } from './support/browser';
import { freePort, startServer, type RunningServer } from './support/server';

/**
 * A newcomer runs `PORT=5610 npm start` without PUBLIC_URL. In development the public address follows the port,
 * so the forms work there, and under 127.0.0.1 too, which reaches the same server.
 */
describe('a development server on a port of its own, without PUBLIC_URL', () => {
  let server: RunningServer;
  let browser: Browser;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    // An empty PUBLIC_URL counts as unset (server/env.ts).
    [server, browser] = await Promise.all([startServer({ PUBLIC_URL: '' }, { port }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('says where to open it, and its forms work at that address and at 127.0.0.1', async () => {
    expect(server.logs()).toContain(`Pickleball Ratings is ready at http://localhost:${port}\n`);

    const ada = person('Ada', 'Port');
    const tracked = await newTrackedPage(browser, `http://127.0.0.1:${port}`);
    const { page } = tracked;
    await page.goto('/register');
    await page.getByLabel('First name').fill(ada.firstName);
    await page.getByLabel('Last name').fill(ada.lastName);
    await page.getByLabel('Email', { exact: true }).fill(ada.email);
    await page.getByLabel('Password', { exact: true }).fill(ada.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await see(toast(page, 'Account created'));
    expect(await page.getByText('Cross-site request refused').count()).toBe(0);
    expect(tracked.consoleErrors).toEqual([]);
    await tracked.context.close();

    const atLocalhost = await newTrackedPage(browser, `http://localhost:${port}`);
    await atLocalhost.page.goto('/login');
    await atLocalhost.page.getByLabel('Email', { exact: true }).fill(ada.email);
    await atLocalhost.page.getByLabel('Password', { exact: true }).fill(ada.password);
    await atLocalhost.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await see(toast(atLocalhost.page, 'Signed in'));
    expect(await atLocalhost.page.getByText('Cross-site request refused').count()).toBe(0);
    expect(atLocalhost.consoleErrors).toEqual([]);
    await atLocalhost.context.close();
  });
});
