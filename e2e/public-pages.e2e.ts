import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newTrackedPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

describe('public pages', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends the landing page head tags in the HTML itself, for link previews', async () => {
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    expect(html).toContain('<title>Pickleball Ratings');
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toContain(`<link rel="canonical" href="${server.baseUrl}/"`);
    expect(html).toContain('"@type":"SportsOrganization"');
  });

  it('answers an unknown page with status 404 and an unknown API path with JSON', async () => {
    const page = await fetch(`${server.baseUrl}/no-such-page`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toContain('text/html');
    const api = await fetch(`${server.baseUrl}/api/no-such-thing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found' });
  });

  it('renders the landing page in Chromium without console errors', async () => {
    const { page, context, consoleErrors } = await newTrackedPage(browser, server.baseUrl);
    await page.goto('/');
    await expect.poll(() => page.title()).toContain('Pickleball Ratings');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
