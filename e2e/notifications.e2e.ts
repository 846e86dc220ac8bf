import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../server/test/smtp-server';
import { adminHeaders, checkScreen, importPlayersViaApi, person, see, signUpViaApi, takeErrors } from './support/app';
import { newTrackedPage } from './support/browser';
import { serverAndBrowserPerFile } from './support/suite';

describe('notifications: the bell, the e-mail and its unsubscribe link', () => {
  let smtp: TestSmtpServer;
  // Filled before the server starts (this hook runs before the suite's): the server sends through the catcher.
  const env: Record<string, string> = {};
  beforeAll(async () => {
    smtp = await startSmtpServer();
    env.SMTP_URL = smtp.url;
  });
  afterAll(() => smtp?.close());
  const suite = serverAndBrowserPerFile(env, { readyWithinMs: 180_000 });

  it('a claim decision shows under the bell with the count, and the e-mail’s link unsubscribes signed out', async () => {
    const { baseUrl } = suite.server;
    const tracked = await newTrackedPage(suite.browser, baseUrl);
    const { page, context } = tracked;
    const nora = person('Nora', 'Notified');
    await signUpViaApi(context, nora);

    // Nora claims an imported profile; an admin approves it: the claim decision is her notice.
    await importPlayersViaApi(baseUrl, [
      { firstName: 'Nora', lastName: 'Notified', email: 'nora.profile@example.com' },
    ]);
    const found = await context.request.get('/api/players/search?q=Notified');
    const [profile] = (await found.json()) as { id: number }[];
    const claim = await context.request.post(`/api/players/${profile.id}/match-request`, {
      data: {
        firstName: 'Nora',
        lastName: 'Notified',
        email: nora.email,
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        requestMessage: 'This is my profile.',
      },
    });
    expect(claim.status(), await claim.text()).toBe(201);
    const { request } = (await claim.json()) as { request: { id: number } };
    const reviewed = await fetch(`${baseUrl}/api/admin/match-requests/${request.id}/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await adminHeaders(baseUrl)) },
      body: JSON.stringify({ action: 'approve' }),
    });
    expect(reviewed.status).toBe(200);

    // The bell names the count; it opens the notice, which links to Ratings About Me.
    await page.goto('/');
    const bell = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Notifications, 1 unread' });
    await see(bell);
    await bell.click();
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    await see(popover.getByRole('link', { name: /Your player claim was approved/ }));
    await checkScreen(tracked, 'notifications-bell');
    await popover.getByRole('button', { name: 'Mark all as read' }).click();
    await see(page.getByRole('button', { name: 'Notifications', exact: true }));
    // Escape closes the popover and gives focus back to the bell.
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Notifications');

    // The Account screen's switches.
    await page.goto('/account');
    await see(page.getByRole('heading', { name: 'E-mail notifications' }));
    await see(page.getByRole('switch', { name: 'A decision on your player claim' }));
    await checkScreen(tracked, 'notifications-account');

    // The e-mail: its visible link, opened in a browser that is not signed in, shows and then switches off the kind.
    const mail = await smtp.waitForMail(
      (m) => m.subject === 'Your player claim was approved' && m.to.some((to) => to.toLowerCase() === nora.email),
    );
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const link = /Unsubscribe from these e-mails: (\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    const visitor = await newTrackedPage(suite.browser, baseUrl);
    await visitor.page.goto(link!);
    await see(visitor.page.getByRole('heading', { level: 1, name: 'Unsubscribe' }));
    await see(visitor.page.getByText('A decision on your player claim'));
    await checkScreen(visitor, 'notifications-unsubscribe');
    await visitor.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await see(visitor.page.getByText('You are unsubscribed'));
    await checkScreen(visitor, 'notifications-unsubscribed');

    // Nora's switch is off now.
    await page.reload();
    await expect
      .poll(() => page.getByRole('switch', { name: 'A decision on your player claim' }).getAttribute('aria-checked'))
      .toBe('false');

    // A forged link says so.
    await visitor.page.goto('/unsubscribe?token=forged.0000');
    await see(visitor.page.getByText('This unsubscribe link is not valid'));
    await checkScreen(visitor, 'notifications-unsubscribe-invalid');

    expect(takeErrors(tracked)).toEqual([]);
  });
});
