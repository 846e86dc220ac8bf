import { describe, expect, it } from 'vitest';
import { checkScreen, importPlayersViaApi, see, toast } from './support/app';
import { newTrackedPage } from './support/browser';
import { serverAndBrowserPerFile } from './support/suite';

describe('public pages', () => {
  const suite = serverAndBrowserPerFile();

  it('sends the landing page head tags in the HTML itself, for link previews', async () => {
    const html = await (await fetch(`${suite.server.baseUrl}/`)).text();
    expect(html).toContain('<title>Pickleball Ratings');
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toContain(`<link rel="canonical" href="${suite.server.baseUrl}/"`);
    expect(html).toContain('"@type":"SportsOrganization"');
  });

  it('answers an unknown page with status 404 and an unknown API path with JSON', async () => {
    const page = await fetch(`${suite.server.baseUrl}/no-such-page`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toContain('text/html');
    const api = await fetch(`${suite.server.baseUrl}/api/no-such-thing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('renders the landing page in Chromium without console errors', async () => {
    const { page, context, consoleErrors } = await newTrackedPage(suite.browser, suite.server.baseUrl);
    await page.goto('/');
    await expect.poll(() => page.title()).toContain('Pickleball Ratings');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the landing page with its features and Learn More; without Google configured it leads with e-mail sign-up', async () => {
    const tracked = await newTrackedPage(suite.browser, suite.server.baseUrl);
    const { page, context, consoleErrors } = tracked;
    await page.goto('/');
    await see(page.getByRole('heading', { level: 1, name: /Know your game/ }));
    // docs/product.md#landing-page: three features, the main sign-up button and the way to /register.
    for (const feature of ['Rate players', 'Find players', 'Track progress']) {
      await see(page.getByRole('heading', { level: 3, name: feature }));
    }
    await see(page.getByText(/technical skills, sportsmanship and reliability/));
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const link of ['Sign In', 'Sign Up', 'Dev Login']) await see(nav.getByRole('link', { name: link }));
    await checkScreen(tracked, 'landing');

    await page.getByRole('link', { name: 'Learn More' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/register`);
    await see(page.getByRole('heading', { name: 'Create your account' }));
    await page.goBack();

    // This server has no Google client (GET /api/config googleEnabled false): no Google button anywhere, the main
    // button is the e-mail sign-up, and /register and /login open on their e-mail forms.
    expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Sign up with e-mail' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/register`);
    await see(page.getByRole('heading', { name: 'Create your account' }));
    await see(page.getByLabel('First name'));
    expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
    expect(await page.getByText('or sign up with e-mail').count()).toBe(0);
    await checkScreen(tracked, 'register-without-google');
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await see(page.getByRole('heading', { name: 'Welcome back' }));
    await see(page.getByLabel('Email', { exact: true }));
    expect(await page.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
    expect(await page.getByText('or sign in with e-mail').count()).toBe(0);
    await checkScreen(tracked, 'login-without-google');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    const tracked = await newTrackedPage(suite.browser, suite.server.baseUrl);
    const { page, context, consoleErrors } = tracked;
    const response = await page.goto('/courts/nowhere');
    expect(response?.status()).toBe(404);
    await see(page.getByRole('heading', { level: 1, name: 'Page not found' }));
    await checkScreen(tracked, 'not-found');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/`);
    await see(page.getByRole('heading', { level: 1, name: /Know your game/ }));
    // A mistyped path with a real page name in it is still unknown.
    await page.goto('/login/extra');
    await see(page.getByRole('heading', { level: 1, name: 'Page not found' }));
    // 404s of the document itself are what this test is about.
    expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await context.close();
  });

  it('signs an e-mail up for launch updates on /coming-soon (its validation and failure messages)', async () => {
    const tracked = await newTrackedPage(suite.browser, suite.server.baseUrl);
    const { page, context, consoleErrors } = tracked;
    await page.goto('/coming-soon');
    await see(page.getByRole('button', { name: 'Notify Me When Ready!' }));
    await see(page.getByText(/We respect your privacy/));
    await see(page.getByRole('heading', { name: 'What to expect' }));
    await checkScreen(tracked, 'coming-soon');

    const field = page.getByLabel('Email address');
    await page.getByRole('button', { name: 'Notify Me When Ready!' }).click();
    await see(toast(page, 'Email required'));
    await see(toast(page, 'Please enter your email address.'));

    await field.fill('not-an-email');
    await page.getByRole('button', { name: 'Notify Me When Ready!' }).click();
    await see(toast(page, 'Invalid email'));
    await see(toast(page, 'Please enter a valid email address.'));
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill('launch.fan@example.com');
    await page.getByRole('button', { name: 'Notify Me When Ready!' }).click();
    await see(toast(page, 'Success!'));
    await see(toast(page, "You've been added to our updates list. We'll let you know as soon as we launch!"));
    await expect.poll(() => field.inputValue()).toBe('');
    await checkScreen(tracked, 'coming-soon-success');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('verifies a player profile by code on /verify in three steps', async () => {
    await importPlayersViaApi(suite.server.baseUrl, [
      { firstName: 'Vera', lastName: 'Fied', email: 'vera.fied@example.com', location: 'Austin, TX' },
    ]);
    const tracked = await newTrackedPage(suite.browser, suite.server.baseUrl);
    const { page, context, consoleErrors } = tracked;
    await page.goto('/verify');
    await see(page.getByRole('heading', { name: 'Verify your player profile' }));
    await checkScreen(tracked, 'verify-claim');

    const email = page.getByLabel('Email', { exact: true });
    const send = page.getByRole('button', { name: 'Send Verification Code' });
    await email.fill('vera.fied@');
    await send.click();
    await see(page.getByText('Please enter a valid email address'));
    await email.fill('nobody.here@example.com');
    await send.click();
    await see(page.getByText('Email not found or account already verified'));

    await email.fill('vera.fied@example.com');
    await send.click();
    await see(page.getByText('Verifying the profile of'));
    await see(page.getByText('Vera Fied'));
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('readonly')).not.toBeNull();
    // DEMO_MODE: the code is shown on screen.
    const demoCode = (await page.getByTestId('demo-verification-code').textContent())?.trim() ?? '';
    expect(demoCode).toMatch(/^\S{6,}$/);
    await checkScreen(tracked, 'verify-code');

    const code = page.getByLabel('Verification code');
    const verify = page.getByRole('button', { name: 'Verify Account' });
    await code.fill('12345');
    await verify.click();
    await see(page.getByText('Verification code must be at least 6 characters'));
    const wrong = demoCode === '000000' ? '111111' : '000000';
    await code.fill(wrong);
    await verify.click();
    await see(page.getByText('Invalid verification code'));

    // Back to the e-mail step and forward again: a new code.
    await page.getByRole('button', { name: 'Back to Email Entry' }).click();
    await see(page.getByRole('button', { name: 'Send Verification Code' }));
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await see(page.getByTestId('demo-verification-code'));
    const newCode = (await page.getByTestId('demo-verification-code').textContent())?.trim() ?? '';
    await page.getByLabel('Verification code').fill(newCode);
    await page.getByRole('button', { name: 'Verify Account' }).click();

    await see(page.getByRole('heading', { name: 'Account Verified!' }));
    await see(page.getByText(/Welcome, Vera Fied!/));
    await checkScreen(tracked, 'verify-success');
    await page.getByRole('button', { name: 'Continue to App' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/`);

    // Verified now: asking again is refused.
    await page.goto('/verify');
    await page.getByLabel('Email', { exact: true }).fill('vera.fied@example.com');
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await see(page.getByText(/not found or account already verified|already verified/i));

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
