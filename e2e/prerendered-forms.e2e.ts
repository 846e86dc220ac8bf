import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPlayersViaApi, person, see, signUpViaApi } from './support/app';
import { launchBrowser, newTrackedPage, type TrackedPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * The pre-rendered pages (/ and /login, decision 010) are taken over by the app at the visitor's first input. What
 * the browser puts in their fields before then, in one step as a password manager or autofill does, or by a paste,
 * must reach the form: a submission right after sends what the visitor sees, on a slow phone too.
 */
describe('pre-rendered forms keep what the browser filled in', () => {
  let server: RunningServer;
  let browser: Browser;
  const ada = person('Ada', 'Autofill');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const setup = await browser.newContext({ baseURL: server.baseUrl });
    await signUpViaApi(setup, ada);
    await setup.close();
    await importPlayersViaApi(server.baseUrl, [
      { firstName: 'Marguerite', lastName: 'Autofill', email: 'marguerite@example.com', location: 'Austin, TX' },
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A fresh visitor on a phone-class CPU (4x slower), the page loaded and its scripts not yet run. */
  async function slowVisitor(path: string): Promise<TrackedPage> {
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const cdp = await tracked.context.newCDPSession(tracked.page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await tracked.page.goto(path, { waitUntil: 'load' });
    return tracked;
  }

  /** Both fields set in one step with input and change events and no key or focus, as Chrome's autofill does. */
  async function autofill(page: Page, values: { email: string; password: string }) {
    await page.evaluate(({ email, password }) => {
      const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
      for (const [selector, text] of [
        ['input[type="email"]', email],
        ['input[type="password"]', password],
      ] as const) {
        const field = document.querySelector<HTMLInputElement>(selector)!;
        value.set!.call(field, text);
        field.dispatchEvent(new Event('input', { bubbles: true }));
        field.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }, values);
  }

  async function expectSignedIn(tracked: TrackedPage) {
    const { page } = tracked;
    // docs/product.md#limits-and-timings: the success message, then home a second later.
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await see(page.getByRole('button', { name: 'Sign Out' }));
    expect(await page.getByText('Please enter a valid email address').count()).toBe(0);
    expect(tracked.consoleErrors).toEqual([]);
    await tracked.context.close();
  }

  for (const delayMs of [0, 200, 1000]) {
    it(`signs in when a password manager fills both fields ${delayMs} ms after the page loaded`, async () => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const tracked = await slowVisitor('/login');
        await tracked.page.waitForTimeout(delayMs);
        await autofill(tracked.page, ada);
        await tracked.page.getByRole('button', { name: 'Sign In' }).click();
        await expectSignedIn(tracked);
      }
    });
  }

  it('signs in with an e-mail and a password pasted into the fields, then Enter', async () => {
    const tracked = await slowVisitor('/login');
    const { page, context } = tracked;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    for (const [label, value] of [
      ['Email', ada.email],
      ['Password', ada.password],
    ] as const) {
      await page.evaluate((text) => navigator.clipboard.writeText(text), value);
      await page.getByLabel(label, { exact: true }).focus();
      await page.keyboard.press('ControlOrMeta+V');
    }
    await page.keyboard.press('Enter');
    await expectSignedIn(tracked);
  });

  it('searches the name the browser filled into the landing page before the app woke', async () => {
    const tracked = await slowVisitor('/');
    const { page } = tracked;
    await page.evaluate(() => {
      const field = document.querySelector<HTMLInputElement>('input#landing-search-name')!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, 'Marguerite');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.getByLabel('Player name').click();
    await see(page.getByText('Marguerite Autofill'), 30_000);
    expect(await page.getByLabel('Player name').inputValue()).toBe('Marguerite');
    expect(tracked.consoleErrors).toEqual([]);
    await tracked.context.close();
  });
});
