import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { AccountExport } from '../common/schemas/account';
import { adminDeveloperPage } from './support/admin';
import { allScores, checkScreen, gone, openTab, person, see, signUpViaApi, toast } from './support/app';
import { newTrackedPage } from './support/browser';
import { serverAndBrowserPerFile } from './support/suite';

const COMMENT = 'Quick hands at the kitchen line; a patient third shot drop.';

describe('your data: download it, delete the account', () => {
  // A start on a busy machine (other suites compiling and testing) took close to the default minute.
  const suite = serverAndBrowserPerFile({}, { readyWithinMs: 180_000 });

  it('a member downloads their data, deletes their account, cannot sign in again, and their rating is gone', async () => {
    const tracked = await newTrackedPage(suite.browser, suite.server.baseUrl);
    const { page, context, consoleErrors } = tracked;
    const mia = person('Mia', 'Member');
    await signUpViaApi(context, mia);
    const rated = await context.request.post('/api/ratings', {
      data: {
        playerName: 'Paul Rated',
        isNewPlayer: true,
        newPlayerFirstName: 'Paul',
        newPlayerLastName: 'Rated',
        ...allScores(4),
        strengthsImprovements: COMMENT,
      },
    });
    expect(rated.ok(), await rated.text()).toBe(true);
    const { playerId } = (await rated.json()) as { playerId: number };

    // The player's page shows the rating, to anyone.
    const visitor = await newTrackedPage(suite.browser, suite.server.baseUrl);
    await visitor.page.goto(`/players/${playerId}`);
    await see(visitor.page.getByRole('region', { name: 'What players say' }).getByText(COMMENT));

    // The member's name in the top bar opens their Account page.
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Your account/ })
      .click();
    await page.waitForURL(`${suite.server.baseUrl}/account`);
    await see(page.getByRole('heading', { level: 1, name: 'Your account' }));
    await see(page.getByText(mia.email, { exact: false }));
    await checkScreen(tracked, 'account');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pickleball-ratings-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile(await download.path(), 'utf8')) as AccountExport;
    expect(file.account.email).toBe(mia.email);
    expect(file.ratingsWritten.map((rating) => rating.strengthsImprovements)).toEqual([COMMENT]);
    await see(page.getByText(`Downloaded ${download.suggestedFilename()}.`));

    // Deleting: the typed confirmation and the password are asked for, each with its message.
    const form = page.getByRole('form', { name: 'Delete my account' });
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await see(form.getByText('Type DELETE in capital letters to confirm'));
    await see(form.getByText('Enter your password'));
    await form.getByLabel('Your password').fill('Wrong-Password-1');
    await form.getByLabel('Type DELETE to confirm').fill('DELETE');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await see(form.getByText('The password is not correct'));
    await checkScreen(tracked, 'account-delete-errors');

    await form.getByLabel('Your password').fill(mia.password);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/?accountDeleted=1`);
    await see(page.getByRole('status').filter({ hasText: 'Your account has been deleted' }));
    await see(page.getByRole('link', { name: 'Sign In' }));
    await checkScreen(tracked, 'account-deleted');

    // The account is gone: signing in with it fails.
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(mia.email);
    await page.getByLabel('Password', { exact: true }).fill(mia.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await see(page.getByRole('alert').getByText('Invalid email or password'));

    // The player they rated no longer shows the rating (a page kept for visitors is drawn again once its numbers move).
    await expect
      .poll(
        async () => {
          await visitor.page.goto(`/players/${playerId}`);
          await see(visitor.page.getByRole('heading', { level: 1, name: 'Paul Rated' }));
          return visitor.page.getByText(COMMENT).count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(0);
    await see(visitor.page.getByRole('region', { name: 'Overall stars' }).getByText('No ratings yet.'));

    expect(consoleErrors).toEqual([]);
    expect(visitor.consoleErrors).toEqual([]);
    await visitor.context.close();
    await context.close();
  });

  it('an admin exports and erases an account from User Management', async () => {
    const member = await newTrackedPage(suite.browser, suite.server.baseUrl);
    const nora = person('Nora', 'Erased');
    await signUpViaApi(member.context, nora);

    const tracked = await adminDeveloperPage(suite.browser, suite.server.baseUrl);
    const { page, consoleErrors } = tracked;
    await page.goto('/');
    await openTab(page, 'User Management');
    await page.getByLabel('Search users').fill('Nora');
    const card = page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: 'Nora Erased' });
    await see(card);
    await checkScreen(tracked, 'admin-users-actions');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: /^Export/ }).click(),
    ]);
    const file = JSON.parse(await readFile(await download.path(), 'utf8')) as AccountExport;
    expect(file.account.email).toBe(nora.email);
    await see(toast(page, 'Data exported'));

    await card.getByRole('button', { name: /^Erase/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase Nora Erased’s account?' });
    await see(dialog);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await checkScreen(tracked, 'admin-erase-dialog');
    await dialog.getByRole('button', { name: 'Erase account' }).click();
    await see(toast(page, 'Account erased'));
    await gone(dialog);
    await gone(card);

    // Nora's browser is signed out.
    const me = await member.context.request.get('/api/auth/user');
    expect(me.status()).toBe(401);

    expect(consoleErrors).toEqual([]);
    await member.context.close();
    await tracked.context.close();
  });
});
