import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { importPlayersViaApi, person, see, settled, signUpViaApi } from './support/app';
import { DESKTOP } from './support/browser';
import { serverAndBrowserPerFile } from './support/suite';

/** Every console error of the page, the browser's own "Failed to load resource" lines included. */
function consoleErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** The user lookups the page asked, with their status: a signed-out visitor's page needs none of them. */
function userLookupsOf(page: Page): string[] {
  const lookups: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname === '/api/auth/user' || pathname === '/api/dev-auth/user')
      lookups.push(`${pathname} ${response.status()}`);
  });
  return lookups;
}

describe('a signed-out visitor’s console', () => {
  const suite = serverAndBrowserPerFile();

  it('shows no errors on any page a visitor without a session opens, before or after the app takes over', async () => {
    await importPlayersViaApi(suite.server.baseUrl, [
      { firstName: 'Quinn', lastName: 'Console', email: 'quinn.console@example.com', location: 'Austin, TX' },
    ]);
    const search = await fetch(`${suite.server.baseUrl}/api/players/search?q=Quinn`);
    const [player] = (await search.json()) as { id: number }[];
    const playerPage = (await (await fetch(`${suite.server.baseUrl}/api/players/${player.id}/page`)).json()) as {
      path: string;
    };

    const pages = [
      '/',
      '/login',
      '/login?error=auth_failed',
      '/register',
      '/coming-soon',
      '/dev-login',
      '/verify',
      '/reset-password?token=not-a-real-token',
      playerPage.path,
      '/no-such-page',
    ];
    const found: Record<string, { errors: string[]; lookups: string[] }> = {};
    for (const path of pages) {
      const context = await suite.browser.newContext({ baseURL: suite.server.baseUrl, viewport: DESKTOP });
      const page = await context.newPage();
      const errors = consoleErrorsOf(page);
      const lookups = userLookupsOf(page);
      const response = await page.goto(path);
      // A pre-rendered page starts the app at the first input: the visitor's first press of Tab.
      await page.keyboard.press('Tab');
      await settled(page);
      // The 404 page is answered with status 404 on purpose (crawlers); the browser logs that status.
      const notFoundDocument = response?.status() === 404 ? /status of 404 .*no-such-page/ : null;
      found[path] = { errors: errors.filter((error) => !notFoundDocument?.test(error)), lookups };
      await context.close();
    }
    expect(found).toEqual(Object.fromEntries(pages.map((path) => [path, { errors: [], lookups: [] }])));
  });

  it('is as quiet after signing out; signed in, only the member’s own lookup is asked', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.server.baseUrl, viewport: DESKTOP });
    await signUpViaApi(context, person('Cora', 'Console'));
    const page = await context.newPage();
    const lookups = userLookupsOf(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await see(nav.getByText('Cora Console'));
    await settled(page);
    // A user session has no developer to look up: that lookup (a 401) is not asked.
    expect(lookups).toEqual(['/api/auth/user 200']);

    await nav.getByRole('button', { name: 'Sign Out' }).click();
    await see(nav.getByRole('link', { name: 'Sign In' }));
    lookups.length = 0;
    const errors = consoleErrorsOf(page);
    for (const path of ['/register', '/verify', '/coming-soon']) {
      await page.goto(path);
      await page.keyboard.press('Tab');
      await settled(page);
    }
    expect({ errors, lookups }).toEqual({ errors: [], lookups: [] });
    await context.close();
  });
});
