import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, gone, person, see, toast } from './support/app';
import { launchBrowser, newTrackedPage } from './support/browser';
import { E2E_DEVELOPERS, startServer, type RunningServer } from './support/server';

describe('signing up, in and out', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    // info: the mailer logs the password-reset mail (no SMTP in the suite), which the reset journey reads.
    [server, browser] = await Promise.all([startServer({ LOG_LEVEL: 'info' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const ada = person('Ada', 'Lovelace');

  it('signs up with e-mail and password (with the form messages on the way), signs out and signs in again', async () => {
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page, context, consoleErrors } = tracked;

    await page.goto('/register');
    await see(page.getByRole('heading', { name: 'Create your account' }));
    await expect.poll(() => page.title()).toMatch(/Pickleball Ratings/);
    // No Google client on this server: the e-mail form is the way in (google-sign-in.e2e.ts has the other case).
    expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
    await checkScreen(tracked, 'register');

    // docs/product.md#validation-messages: every field says what is wrong.
    await page.getByRole('button', { name: 'Create account' }).click();
    await see(page.getByText('First name is required'));
    await see(page.getByText('Last name is required'));
    await see(page.getByText('Please enter a valid email address'));
    await see(page.getByText('Password must be at least 8 characters'));
    await checkScreen(tracked, 'register-errors');

    // A message goes as soon as its field is fixed, before the next submit; the others stay until theirs are.
    const firstName = page.getByLabel('First name');
    await firstName.fill(ada.firstName);
    await gone(page.getByText('First name is required'));
    expect(await firstName.getAttribute('aria-invalid')).toBeNull();
    await see(page.getByText('Last name is required'));
    await page.getByLabel('Last name').fill(ada.lastName);
    await gone(page.getByText('Last name is required'));
    // A field still wrong keeps saying so; fixed, it is quiet.
    await page.getByLabel('Email', { exact: true }).fill('ada@');
    await see(page.getByText('Please enter a valid email address'));
    await page.getByLabel('Email', { exact: true }).fill(ada.email);
    await gone(page.getByText('Please enter a valid email address'));
    // A password shows the next rule it misses as it is typed.
    await page.getByLabel('Password', { exact: true }).fill('pickleball');
    await see(page.getByText('Password must contain at least one uppercase letter', { exact: true }));
    await page.getByLabel('Password', { exact: true }).fill('');
    await see(page.getByText('Password must be at least 8 characters'));
    await checkScreen(tracked, 'register-errors-fixed');
    const password = page.getByLabel('Password', { exact: true });
    for (const [weak, message] of [
      ['Pickle1', 'Password must be at least 8 characters'],
      ['pickleball1', 'Password must contain at least one uppercase letter'],
      ['PICKLEBALL1', 'Password must contain at least one lowercase letter'],
      ['Pickleball', 'Password must contain at least one number'],
    ] as const) {
      await password.fill(weak);
      await page.getByRole('button', { name: 'Create account' }).click();
      await see(page.getByText(message, { exact: true }));
      expect(await password.getAttribute('aria-invalid')).toBe('true');
    }
    await expect.poll(() => page.getByText('First name is required').count()).toBe(0);

    await password.fill(ada.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await see(toast(page, 'Account created'));
    // docs/product.md#limits-and-timings: the redirect follows one second later; the tabbed workspace greets the new user.
    await page.waitForURL(`${server.baseUrl}/`);
    await see(page.getByRole('heading', { level: 1, name: 'Player Registration' }));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await see(nav.getByText('Ada Lovelace'));
    expect(await page.getByRole('tab', { name: 'Bulk Import' }).count()).toBe(0);

    await nav.getByRole('button', { name: 'Sign Out' }).click();
    await see(page.getByRole('heading', { level: 1, name: /Know your game/ }));
    await see(nav.getByRole('link', { name: 'Sign In' }));
    expect(await nav.getByText('Ada Lovelace').count()).toBe(0);

    await nav.getByRole('link', { name: 'Sign In' }).click();
    await see(page.getByRole('heading', { name: 'Welcome back' }));
    await checkScreen(tracked, 'login');

    await page.getByLabel('Email', { exact: true }).fill(ada.email);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await see(page.getByText('Password is required'));
    await page.getByLabel('Email', { exact: true }).fill('ada@');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await see(page.getByText('Please enter a valid email address'));
    await checkScreen(tracked, 'login-errors');
    // Fixed fields lose their messages as they are typed.
    await page.getByLabel('Email', { exact: true }).fill(ada.email);
    await gone(page.getByText('Please enter a valid email address'));
    await see(page.getByText('Password is required'));

    await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
    await gone(page.getByText('Password is required'));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await see(page.getByRole('alert').getByText('Invalid email or password'));
    await checkScreen(tracked, 'login-failed');

    await page.getByLabel('Password', { exact: true }).fill(ada.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await see(toast(page, 'Signed in'));
    await page.waitForURL(`${server.baseUrl}/`);
    await see(nav.getByText('Ada Lovelace'));

    // docs/product.md#pages: /login and /register send a signed-in person home.
    await page.goto('/register');
    await page.waitForURL(`${server.baseUrl}/`);
    await see(page.getByRole('heading', { level: 1, name: 'Player Registration' }));

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page, context, consoleErrors } = tracked;

    await page.goto('/reset-password');
    await see(page.getByText('Reset token is required'));

    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await see(page.getByRole('heading', { name: 'Reset your password' }));
    await checkScreen(tracked, 'forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(ada.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await see(page.getByText('Check your inbox'));

    let link = '';
    await expect
      .poll(() => {
        link = /https?:\/\/[^\s"\\]+\/reset-password\?token=[\w-]+/.exec(server.logs())?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    await page.goto(link);
    await see(page.getByRole('heading', { name: 'Choose a new password' }));
    await checkScreen(tracked, 'reset-password');

    const fresh = 'New-Pickle-Ball-9';
    await page.getByLabel('New password', { exact: true }).fill('weak');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await see(page.getByText('Password must be at least 8 characters'));
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('Confirm new password', { exact: true }).fill(`${fresh}x`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await see(page.getByText('Passwords do not match'));
    await page.getByLabel('Confirm new password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await see(page.getByRole('heading', { name: 'Password updated' }));

    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Email', { exact: true }).fill(ada.email);
    await page.getByLabel('Password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await see(page.getByRole('navigation', { name: 'Main' }).getByText('Ada Lovelace'));
    ada.password = fresh;

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('signs a developer in at /dev-login (docs/product.md#messages) and out to /coming-soon', async () => {
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page, context, consoleErrors } = tracked;
    const dev = E2E_DEVELOPERS.regular;

    await page.goto('/dev-login');
    await see(page.getByRole('heading', { name: 'Developer sign-in' }));
    await checkScreen(tracked, 'dev-login');

    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await see(toast(page, 'Missing Information'));
    await see(toast(page, 'Please enter both user ID and password.'));

    await page.getByLabel('User ID').fill(dev.id);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('not-the-password');
    // docs/product.md#developer-login: the password has a show/hide toggle.
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await see(toast(page, 'Login Failed'));
    await see(toast(page, 'Invalid credentials. Please try again.'));
    expect(page.url()).toBe(`${server.baseUrl}/dev-login`);

    // docs/product.md#developer-login query-string errors: a toast and an alert on the page.
    await page.goto('/dev-login?error=invalid_credentials');
    const alert = page.getByRole('alert');
    await see(alert.getByText('Invalid Credentials'));
    await see(alert.getByText('The user ID or password you entered is incorrect.'));
    await see(toast(page, 'Invalid Credentials'));
    await checkScreen(tracked, 'dev-login-invalid-credentials');
    await page.goto('/dev-login?error=auth_failed');
    await see(page.getByRole('alert').getByText('Authentication Failed'));
    await see(page.getByRole('alert').getByText('There was an error during sign in. Please try again.'));

    await page.getByLabel('User ID').fill(`  ${dev.id} `);
    await page.getByLabel('Password', { exact: true }).fill(dev.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await see(toast(page, 'Login Successful'));
    // docs/product.md#developer-login: redirect to / after one second.
    await page.waitForURL(`${server.baseUrl}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await see(nav.getByText(`Logged in as developer: ${dev.id}`));
    await see(page.getByRole('heading', { level: 1, name: 'Player Registration' }));
    // A regular developer is no admin: no admin tabs.
    expect(await page.getByRole('tab', { name: 'Bulk Import' }).count()).toBe(0);
    await checkScreen(tracked, 'home-developer');

    await nav.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.baseUrl}/coming-soon`);
    await see(page.getByRole('button', { name: 'Notify Me When Ready!' }));
    await see(nav.getByRole('link', { name: 'Dev Login' }));
    await gone(nav.getByText(/Logged in as developer/));

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('gives an admin developer the admin tabs', async () => {
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page, context, consoleErrors } = tracked;
    const dev = E2E_DEVELOPERS.admin;

    await page.goto('/dev-login');
    await page.getByLabel('User ID').fill(dev.id);
    await page.getByLabel('Password', { exact: true }).fill(dev.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await see(page.getByRole('navigation', { name: 'Main' }).getByText(`Logged in as developer: ${dev.id}`));

    // docs/product.md#workspace-tabs: the order, admin tabs included.
    await see(page.getByRole('tab', { name: 'Bulk Import' }));
    const labels = (await page.getByRole('tab').allTextContents()).map((text) => text.trim());
    expect(labels).toEqual([
      'Player Registration',
      'Bulk Import',
      'Player List',
      'User Management',
      'Email Signups',
      'Match Requests',
      'Rate a Player',
      'My Ratings',
      'Ratings About Me',
      'Leaderboard',
      'Flagged Content',
      'Trust & Safety',
      'Reports',
      'Appeals',
      'Verify',
      'My Dashboard',
      'About Rating System',
    ]);
    // A developer session opens the admin tabs without the admin login form.
    await page.getByRole('tab', { name: 'User Management' }).click();
    await see(page.getByRole('heading', { level: 1, name: 'User Management' }));
    expect(await page.getByText('Admin Login').count()).toBe(0);
    // The tab is in the URL: reload and back keep it.
    expect(page.url()).toContain('tab=users');
    await page.reload();
    await see(page.getByRole('heading', { level: 1, name: 'User Management' }));
    await page.getByRole('tab', { name: 'Email Signups' }).click();
    await see(page.getByRole('heading', { level: 1, name: 'Email Signups' }));
    await page.goBack();
    await see(page.getByRole('heading', { level: 1, name: 'User Management' }));

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
