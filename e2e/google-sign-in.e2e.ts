import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../server/test/oidc-provider';
import { checkScreen, see, takeErrors } from './support/app';
import { launchBrowser, newTrackedPage } from './support/browser';
import { freePort, startServer, type RunningServer } from './support/server';

/**
 * "Continue with Google" (docs/product.md#landing-page, docs/product.md#sign-in-calls) in a real browser against a real OpenID Connect provider (the
 * `oidc-provider` package on 127.0.0.1, with its own sign-in and consent screens) standing in for Google.
 */
describe('Google sign-in in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let oidc: TestOidcProvider;

  beforeAll(async () => {
    // The provider must know the callback address before the server starts, and the server the provider's.
    const port = await freePort();
    oidc = await startOidcProvider({ redirectUri: `http://127.0.0.1:${port}/api/callback` });
    oidc.accounts.set('gina-google-sub', {
      email: 'gina.goodwin@example.com',
      email_verified: true,
      given_name: 'Gina',
      family_name: 'Goodwin',
    });
    [server, browser] = await Promise.all([
      startServer(
        {
          OIDC_ISSUER: oidc.issuer,
          GOOGLE_CLIENT_ID: oidc.client.clientId,
          GOOGLE_CLIENT_SECRET: oidc.client.clientSecret,
        },
        { port },
      ),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await oidc?.close();
  });

  it('leads with Continue with Google on the landing, login and register pages when Google is configured', async () => {
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page } = tracked;
    await page.goto('/');
    await see(page.getByRole('heading', { level: 1, name: /Know your game/ }));
    await see(page.getByRole('button', { name: 'Continue with Google' }));
    await see(page.getByRole('link', { name: 'Learn More' }));
    expect(await page.getByRole('link', { name: 'Sign up with e-mail' }).count()).toBe(0);
    await checkScreen(tracked, 'landing-with-google');
    await page.goto('/register');
    await see(page.getByRole('heading', { name: 'Create your account' }));
    await see(page.getByRole('button', { name: 'Continue with Google' }));
    await see(page.getByText('or sign up with e-mail'));
    await see(page.getByLabel('First name'));
    await checkScreen(tracked, 'register-with-google');
    await page.goto('/login');
    await see(page.getByRole('heading', { name: 'Welcome back' }));
    await see(page.getByRole('button', { name: 'Continue with Google' }));
    await see(page.getByText('or sign in with e-mail'));
    await checkScreen(tracked, 'login-with-google');
    expect(takeErrors(tracked)).toEqual([]);
    await tracked.context.close();
  });

  it('signs a new person in from /login?next= and brings them back to that tab', async () => {
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page } = tracked;
    // The stand-in provider's own pages import a web font from the internet, which this machine cannot reach.
    await tracked.context.route('https://fonts.googleapis.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
    );
    await page.goto('/login?next=%2F%3Ftab%3Ddashboard');
    await see(page.getByRole('heading', { name: 'Welcome back' }));
    await page.getByRole('button', { name: 'Continue with Google' }).click();

    // The provider's screens: sign in, then allow the app to read the e-mail and name.
    await page.waitForURL((url) => url.origin === oidc.issuer);
    await page.locator('input[name="login"]').fill('gina-google-sub');
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').click();
    await see(page.getByRole('button', { name: 'Continue' }));
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(`${server.baseUrl}/?tab=dashboard`);
    await see(page.getByRole('navigation', { name: 'Main' }).getByText('Gina Goodwin'));
    await see(page.getByText('Ratings submitted'));
    await checkScreen(tracked, 'google-signed-in-dashboard');

    const session = await tracked.context.request.get('/api/auth/user');
    expect(session.ok()).toBe(true);
    expect(await session.json()).toMatchObject({ email: 'gina.goodwin@example.com', firstName: 'Gina' });
    expect(takeErrors(tracked)).toEqual([]);
  });
});
