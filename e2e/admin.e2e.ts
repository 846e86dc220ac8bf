import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkScreen,
  gone,
  importPlayersViaApi,
  openTab,
  person,
  rateNewPlayerViaApi,
  registerPlayerViaApi,
  see,
  signInViaApi,
  signUpViaApi,
  takeErrors,
  toast,
} from './support/app';
import {
  ADMIN_TAB_LABELS,
  ADMIN_USER,
  adminDeveloperPage,
  adminLoginForm,
  adminUserPage,
  counterValue,
  logInAsAdmin,
  playerIdByName,
  rateExistingPlayerViaApi,
  signUpForUpdatesViaApi,
  submitAdminLogin,
  verifyPlayerViaApi,
} from './support/admin';
import { launchBrowser, newTrackedPage } from './support/browser';
import { seedAdminUser } from './support/seed';
import { E2E_ADMIN, startServer, type RunningServer } from './support/server';

const adminTab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) });

describe('admin screens', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({}, { prepare: seedAdminUser(ADMIN_USER) }), launchBrowser()]);
    // Already a player before the bulk import: a row with this e-mail is skipped.
    await importPlayersViaApi(server.baseUrl, [
      { firstName: 'Zed', lastName: 'Existing', email: 'zed.existing@club.example', location: 'Boise, ID, USA' },
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps the admin screens behind the admin login (tab gates, form messages, Login Failed)', async () => {
    // A regular user: no admin tab, and an admin tab opened by its URL shows the admin login form.
    const regular = await newTrackedPage(browser, server.baseUrl);
    const regina = person('Regina', 'Regular');
    await signUpViaApi(regular.context, regina);
    await regular.page.goto('/');
    await see(regular.page.getByRole('heading', { level: 1, name: 'Player Registration' }));
    for (const label of ADMIN_TAB_LABELS) expect(await adminTab(regular.page, label).count(), label).toBe(0);

    await regular.page.goto('/?tab=bulk');
    await see(regular.page.getByRole('heading', { level: 1, name: 'Bulk Import' }));
    await see(regular.page.getByRole('heading', { name: 'Admin Login' }));
    expect(await regular.page.getByText('Add players in bulk').count()).toBe(0);
    await checkScreen(regular, 'admin-login-regular-user');
    // Only the tab asked for is listed, while it is open.
    expect(await adminTab(regular.page, 'Bulk Import').getAttribute('aria-selected')).toBe('true');
    expect(await adminTab(regular.page, 'Player List').count()).toBe(0);
    await regular.page.goto('/?tab=match-requests');
    await see(regular.page.getByRole('heading', { level: 1, name: 'Match Requests' }));
    await see(regular.page.getByRole('heading', { name: 'Admin Login' }));
    expect(await regular.page.getByRole('tablist', { name: 'Request status' }).count()).toBe(0);
    await openTab(regular.page, 'Leaderboard');
    for (const label of ADMIN_TAB_LABELS) expect(await adminTab(regular.page, label).count(), label).toBe(0);
    // Whoever holds the admin key gets in from there, and then sees every admin tab.
    await regular.page.goto('/?tab=match-requests');
    await logInAsAdmin(regular.page);
    await see(regular.page.getByText('No pending requests'));
    for (const label of ADMIN_TAB_LABELS) await see(adminTab(regular.page, label));
    // Signing out ends the admin session too (docs/product.md#roles): signed in again, the admin tabs are gone.
    await regular.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
    await see(regular.page.getByRole('heading', { level: 1, name: /Know your game/ }));
    await signInViaApi(regular.context, regina);
    await regular.page.goto('/');
    await see(regular.page.getByRole('heading', { level: 1, name: 'Player Registration' }));
    for (const label of ADMIN_TAB_LABELS) expect(await adminTab(regular.page, label).count(), label).toBe(0);
    expect(takeErrors(regular)).toEqual([]);
    await regular.context.close();

    // The admin login form for someone signed in without admin rights; DEMO_MODE shows the demo key.
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page } = tracked;
    await signUpViaApi(tracked.context, person('Kim', 'Keyholder'));
    await page.goto('/?tab=bulk');
    await see(page.getByRole('heading', { level: 1, name: 'Bulk Import' }));
    const form = adminLoginForm(page);
    await see(page.getByRole('heading', { name: 'Admin Login' }));
    expect(await page.getByText('Add players in bulk').count()).toBe(0);
    await see(form.getByText('Demo credentials'));
    await see(form.getByText(E2E_ADMIN.email, { exact: true }));
    await see(form.getByText(E2E_ADMIN.key, { exact: true }));
    await checkScreen(tracked, 'admin-login');

    // docs/product.md#validation-messages: both fields are checked, and an empty one stops the submit with 'Missing Information'.
    await form.getByRole('button', { name: 'Sign in as admin' }).click();
    await see(form.getByText('Please enter a valid email address'));
    await see(form.getByText('Admin key is required'));
    await see(toast(page, 'Missing Information'));
    expect(await form.getByLabel('Admin email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await checkScreen(tracked, 'admin-login-errors');

    await submitAdminLogin(page, 'not-an-email', 'some-key-value');
    await see(form.getByText('Please enter a valid email address'));
    await gone(form.getByText('Admin key is required'));

    // docs/product.md#messages: a wrong key.
    await submitAdminLogin(page, E2E_ADMIN.email, 'not-the-admin-key');
    await see(toast(page, 'Login Failed'));
    await see(toast(page, 'Invalid credentials.'));
    await see(page.getByRole('heading', { name: 'Admin Login' }));
    await checkScreen(tracked, 'admin-login-failed');

    // The demo credentials fill the form; the right key opens the tab.
    await form.getByRole('button', { name: 'Use demo credentials' }).click();
    expect(await form.getByLabel('Admin email', { exact: true }).inputValue()).toBe(E2E_ADMIN.email);
    await form.getByLabel('Admin key', { exact: true }).fill(E2E_ADMIN.key);
    await form.getByRole('button', { name: 'Sign in as admin' }).click();
    await see(toast(page, 'Admin Access Granted'));
    await see(page.getByText('Add players in bulk'));
    await gone(page.getByRole('heading', { name: 'Admin Login' }));

    // The admin session outlives a reload and opens the other admin tabs too.
    await page.reload();
    await see(page.getByText('Add players in bulk'));
    await openTab(page, 'Flagged Content');
    await see(page.getByRole('heading', { name: 'Pending review' }));
    await openTab(page, 'User Management');
    await see(page.getByRole('list', { name: 'Users' }));

    expect(takeErrors(tracked)).toEqual([]);
    await tracked.context.close();
  });

  it('opens every admin tab for an isAdmin user with the session alone, with no second admin login', async () => {
    const tracked = await adminUserPage(browser, server.baseUrl);
    const { page } = tracked;
    // Every admin call of the tabs must work on the user's session: no admin key was entered, none is sent.
    const adminCalls: string[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (!new URL(request.url()).pathname.startsWith('/api/admin/')) return;
      const sentKey = 'x-admin-token' in request.headers() || 'x-admin-email' in request.headers();
      adminCalls.push(
        `${request.method()} ${new URL(request.url()).pathname} ${response.status()}${sentKey ? ' with admin headers' : ''}`,
      );
    });
    await page.goto('/');
    for (const label of ADMIN_TAB_LABELS) await see(adminTab(page, label));
    const content: Record<(typeof ADMIN_TAB_LABELS)[number], () => Locator> = {
      'Bulk Import': () => page.getByText('Add players in bulk'),
      'Player List': () => page.getByRole('list', { name: 'Players' }),
      'User Management': () => page.getByRole('list', { name: 'Users' }),
      'Email Signups': () => page.getByRole('button', { name: 'Refresh email signups' }),
      'Match Requests': () => page.getByRole('tablist', { name: 'Request status' }),
      'Flagged Content': () => page.getByRole('term').filter({ hasText: 'Total Flags' }),
    };
    for (const label of ADMIN_TAB_LABELS) {
      await openTab(page, label);
      await see(content[label]());
      expect(await page.getByRole('heading', { name: 'Admin Login' }).count(), label).toBe(0);
      expect(await page.getByLabel('Admin key', { exact: true }).count(), label).toBe(0);
      await checkScreen(tracked, `admin-user-${label.toLowerCase().replace(/ /g, '-')}`);
    }
    // Bulk Import reads nothing until it imports; the other five tabs each read their list.
    for (const path of ['players', 'users', 'email-signups', 'match-requests', 'flagged-comments']) {
      expect(
        adminCalls.some((call) => call.startsWith(`GET /api/admin/${path} `)),
        path,
      ).toBe(true);
    }
    expect(adminCalls.filter((call) => !/ 200$/.test(call))).toEqual([]);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => /admin/i.test(key)))).toEqual([]);

    expect(takeErrors(tracked)).toEqual([]);
    await tracked.context.close();
  });

  it('imports players from CSV text and a .csv file (preparation, result view), then lists them', async () => {
    const tracked = await adminDeveloperPage(browser, server.baseUrl);
    const { page } = tracked;
    await page.goto('/?tab=bulk');
    await see(page.getByRole('heading', { level: 1, name: 'Bulk Import' }));
    await see(page.getByText('Add players in bulk'));
    await checkScreen(tracked, 'bulk-import');

    const data = page.getByLabel('Player data (CSV)');
    await data.fill(
      [
        'name,email,city,state',
        'Alice Anders,alice.anders@club.example,Austin,TX',
        'Bob Baker,,Denver,CO',
        'Carla Cruz,carla.cruz@club.example,,',
        'Zed Again,zed.existing@club.example,Boise,ID',
        'Alice Twice,ALICE.ANDERS@club.example,Austin,TX',
        'Madonna,,Miami,FL',
        'Eve Error,eve@not-an-email,Reno,NV',
        'Mary Ann Lee,maryann@club.example,Portland,OR',
      ].join('\n'),
    );
    const preview = page.getByRole('region', { name: 'Preview' });
    await see(preview.getByText('7 players ready to import'));
    await see(preview.getByText('header line recognised'));
    await see(preview.getByText('1 line without a first and last name'));
    await see(preview.getByText('Line 7: Needs a first and last name'));
    // The first five players: a missing e-mail is generated, the location built from city and state.
    await see(preview.getByText('Bob Baker'));
    await see(preview.getByText('bob.baker@example.com'));
    await see(preview.getByText('Denver, CO, USA'));
    await see(preview.getByText('Unknown Location'));
    await see(preview.getByText('… and 2 more players'));
    await checkScreen(tracked, 'bulk-import-preview');

    await page.getByRole('button', { name: 'Import 7 players' }).click();
    await see(toast(page, 'Import Complete'));
    const result = page.getByRole('heading', { name: 'Import result' }).locator('xpath=ancestor::div[2]');
    await see(result.getByText('Imported 4 players, skipped 2, 1 error'));
    expect(await counterValue(result, 'Created')).toBe('4');
    expect(await counterValue(result, 'Skipped')).toBe('2');
    expect(await counterValue(result, 'Errors')).toBe('1');
    const created = page.getByRole('list', { name: /^Created/ });
    expect(await created.getByRole('listitem').allTextContents()).toEqual([
      'Alice Andersalice.anders@club.example',
      'Bob Bakerbob.baker@example.com',
      'Carla Cruzcarla.cruz@club.example',
      'Mary Ann Leemaryann@club.example',
    ]);
    const skipped = page.getByRole('list', { name: /^Skipped/ });
    await see(skipped.getByRole('listitem').filter({ hasText: 'Zed Again' }).getByText('Email already exists'));
    await see(skipped.getByRole('listitem').filter({ hasText: 'Alice Twice' }).getByText('Email already exists'));
    const errors = page.getByRole('list', { name: /^Errors/ });
    await see(errors.getByText('Line 8: Please enter a valid email address'));
    // The text box is cleared for the next import.
    expect(await data.inputValue()).toBe('');
    await checkScreen(tracked, 'bulk-import-result');

    // A .csv file (no header line) fills the text box.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'roster.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Frank Fuller,frank@club.example,Tampa,FL\nGina Gomez,gina@club.example,Tulsa,OK\n'),
    });
    await see(page.getByText('roster.csv'));
    await see(preview.getByText('2 players ready to import'));
    expect(await preview.getByText('header line recognised').count()).toBe(0);
    expect(await data.inputValue()).toContain('Frank Fuller,frank@club.example');
    await checkScreen(tracked, 'bulk-import-file');
    await page.getByRole('button', { name: 'Import 2 players' }).click();
    await see(page.getByText('Imported 2 players, skipped 0, 0 errors'));

    // docs/product.md#validation-messages, docs/product.md#messages: only .csv files, and at least one row with a first and last name.
    await fileInput.setInputFiles({ name: 'roster.txt', mimeType: 'text/plain', buffer: Buffer.from('Hal Hart\n') });
    await see(toast(page, 'Invalid File Type'));
    expect(await data.inputValue()).toBe('');
    await data.fill('Madonna\nCher\n');
    await see(preview.getByText('0 players ready to import'));
    await page.getByRole('button', { name: 'Import Players' }).click();
    await see(toast(page, 'No Valid Players Found'));
    await checkScreen(tracked, 'bulk-import-no-valid');
    // docs/product.md#messages: text that is not CSV (an unclosed quote) says so, in the preview and on import.
    await data.fill('"Ann Lee,ann@club.example\nBo Bee,bo@club.example');
    await see(page.getByText('Failed to parse CSV file'));
    await see(page.getByText('Quoted field unterminated (line 1)'));
    await page.getByRole('button', { name: 'Import Players' }).click();
    await see(toast(page, 'Failed to parse CSV file'));
    await page.getByRole('button', { name: 'Clear' }).click();
    expect(await data.inputValue()).toBe('');

    // The imported players in the Player List, one of them verified since.
    await verifyPlayerViaApi(server.baseUrl, 'gina@club.example');
    await openTab(page, 'Player List');
    const players = page.getByRole('list', { name: 'Players' });
    for (const name of ['Alice Anders', 'Bob Baker', 'Carla Cruz', 'Mary Ann Lee', 'Frank Fuller', 'Gina Gomez']) {
      await see(players.getByText(name));
    }
    await see(page.getByText('7 players'));
    const row = (name: string) => players.getByRole('listitem').filter({ hasText: name });
    await see(row('Gina Gomez').getByText('Verified', { exact: true }));
    await see(row('Bob Baker').getByText('Unverified'));
    await see(row('Bob Baker').getByText('bob.baker@example.com'));
    expect(await players.getByText('Verified', { exact: true }).count()).toBe(1);
    await checkScreen(tracked, 'player-list');

    const search = page.getByLabel('Search players');
    const searchFor = async (text: string, names: string[]) => {
      await search.fill(text);
      await expect
        .poll(async () => (await players.getByRole('listitem').allTextContents()).length === names.length)
        .toBe(true);
      for (const name of names) await see(row(name));
    };
    await searchFor('Anders', ['Alice Anders']);
    await see(page.getByText('1 player matches “Anders”'));
    await searchFor('carla.cruz@club', ['Carla Cruz']);
    await searchFor('Denver', ['Bob Baker']);
    await checkScreen(tracked, 'player-list-search');
    await search.fill('Nobody Here');
    await see(page.getByText('No players found'));
    await see(page.getByText('No player matches “Nobody Here”.', { exact: false }));

    expect(takeErrors(tracked)).toEqual([]);
    await tracked.context.close();
  });

  it('holds offensive rating texts for review and resolves them (docs/product.md#moderation-rules)', async () => {
    const tracked = await adminUserPage(browser, server.baseUrl);
    const { page } = tracked;
    await page.goto('/?tab=flagged');

    // Nothing flagged yet.
    await see(page.getByText('All Clear!'));
    await see(page.getByText('No offensive content pending review.'));
    await see(page.getByText('No resolved flags yet.'));
    expect(await counterValue(page, 'Pending Review')).toBe('0');
    expect(await counterValue(page, 'Resolved')).toBe('0');
    expect(await counterValue(page, 'Total Flags')).toBe('0');
    await checkScreen(tracked, 'flagged-empty');

    // A player with an account, and a rater who writes seven offensive texts and one clean one.
    const owner = await newTrackedPage(browser, server.baseUrl);
    const olive = person('Olive', 'Owner');
    await signUpViaApi(owner.context, olive);
    await registerPlayerViaApi(owner.context, olive);
    const rater = await newTrackedPage(browser, server.baseUrl);
    const rex = person('Rex', 'Rater');
    await signUpViaApi(rater.context, rex);
    const oliveId = await playerIdByName(rater.context, 'Olive Owner');
    await rateExistingPlayerViaApi(
      rater.context,
      { id: oliveId, name: 'Olive Owner' },
      4,
      'Kicked my ass at the kitchen line',
    );
    const offensive: [string, string, string][] = [
      ['Sam', 'Slurred', 'Called his partner a retard'],
      ['Pat', 'Sexual', 'Talks about porn between games'],
      ['Fred', 'Foul', 'What the fuck was that serve'],
      ['Shay', 'Sworn', 'Such a shit attitude'],
      ['Dee', 'Dicey', 'Plays like a dick'],
      ['Sue', 'Spoken', 'Acts like a slut on court'],
    ];
    // A new account adds at most 3 players in its first week (docs/product.md#new-players): Rex adds three, two
    // more raters the rest.
    const helpers = [];
    for (const [firstName, lastName] of [
      ['Ria', 'Rater'],
      ['Rob', 'Rater'],
    ]) {
      const helper = await newTrackedPage(browser, server.baseUrl);
      await signUpViaApi(helper.context, person(firstName, lastName));
      helpers.push(helper);
    }
    for (const [index, [firstName, lastName, text]] of offensive.entries()) {
      await rateNewPlayerViaApi((index < 3 ? rater : helpers[0]).context, { firstName, lastName }, 3, text);
    }
    await rateNewPlayerViaApi(
      helpers[1].context,
      { firstName: 'Nina', lastName: 'Nice' },
      5,
      'Great dinks, steady serve',
    );
    for (const helper of helpers) await helper.context.close();

    // Before review, the rated player does not see the held text; the rater sees it is under review.
    await owner.page.goto('/?tab=ratings-about-me');
    await see(owner.page.getByRole('heading', { level: 1, name: 'Ratings About Me' }));
    await see(owner.page.getByText(/1 rating/));
    expect(await owner.page.getByText('Kicked my ass at the kitchen line').count()).toBe(0);
    await rater.page.goto('/?tab=my-ratings');
    const oliveRating = rater.page.getByRole('listitem').filter({ hasText: 'Olive Owner' });
    await see(oliveRating.getByText('Comment under review'));

    await page.reload();
    await see(page.getByRole('heading', { name: 'Pending review' }));
    expect(await counterValue(page, 'Pending Review')).toBe('7');
    expect(await counterValue(page, 'Resolved')).toBe('0');
    expect(await counterValue(page, 'Total Flags')).toBe('7');
    const pendingList = page.getByRole('region', { name: 'Pending review' }).getByRole('listitem');
    expect(await pendingList.count()).toBe(7);
    expect(await page.getByText('Great dinks, steady serve').count()).toBe(0);
    const card = (player: string) => pendingList.filter({ has: page.getByRole('heading', { name: player }) });
    // docs/product.md#admin-screens reason colours: racial or slur red, religious or sexual orange, contextual yellow, other grey.
    const badgeClass = async (player: string, reason: string) =>
      (await card(player).getByText(`Reason: ${reason}`, { exact: true }).getAttribute('class')) ?? '';
    expect(await badgeClass('Sam Slurred', 'Slur')).toContain('bg-red-');
    expect(await badgeClass('Pat Sexual', 'Sexual')).toContain('bg-orange-');
    expect(await badgeClass('Olive Owner', 'Contextual')).toContain('bg-yellow-');
    expect(await badgeClass('Fred Foul', 'Other')).toContain('bg-stone-');
    const oliveCard = card('Olive Owner');
    await see(oliveCard.getByText(`Rated by ${rex.email}`));
    await see(oliveCard.getByText('Kicked my ass at the kitchen line'));
    await see(oliveCard.getByText(/^Flagged /));
    await checkScreen(tracked, 'flagged-pending');

    // The Review dialog: Cancel leaves the flag pending.
    await oliveCard.getByRole('button', { name: /^Review/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Review flagged content' });
    await see(dialog);
    const details = dialog.getByRole('definition');
    await see(details.getByText('Olive Owner'));
    await see(details.getByText(rex.email));
    await see(details.getByText('Contextual'));
    expect(await counterValue(dialog, 'Flagged')).toMatch(/\d/);
    await see(dialog.getByText('Kicked my ass at the kitchen line'));
    await see(dialog.getByLabel('Resolution Notes'));
    // The page behind was scrolled to the card; Chromium shoots a fixed dialog off-place after a resize otherwise.
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkScreen(tracked, 'flagged-review-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await gone(dialog);
    expect(await counterValue(page, 'Pending Review')).toBe('7');

    // Resolving with notes (trimmed, docs/product.md#validation-messages) and Restore moves it to the resolved list and shows the text again.
    await oliveCard.getByRole('button', { name: /^Review/ }).click();
    await dialog.getByLabel('Resolution Notes').fill('   Sporting slang, not an insult.   ');
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await see(toast(page, 'Flag resolved'));
    await gone(dialog);
    await expect.poll(() => counterValue(page, 'Pending Review')).toBe('6');
    expect(await counterValue(page, 'Resolved')).toBe('1');
    expect(await counterValue(page, 'Total Flags')).toBe('7');
    const resolvedSection = page.getByRole('region', { name: 'Resolved' });
    const resolvedOlive = resolvedSection.getByRole('listitem').filter({ hasText: 'Olive Owner' });
    await see(resolvedOlive.getByText('Sporting slang, not an insult.', { exact: false }));
    expect(await resolvedOlive.textContent()).toContain('Notes: Sporting slang, not an insult.');
    // Resolved by the signed-in admin user.
    await see(resolvedOlive.getByText(new RegExp(`^Resolved .+ by ${ADMIN_USER.email}$`)));
    await gone(card('Olive Owner'));
    await checkScreen(tracked, 'flagged-one-resolved');

    // The text is shown again to the rated player; the rater's rating is no longer under review.
    await owner.page.reload();
    await see(owner.page.getByText('Kicked my ass at the kitchen line'));
    await rater.page.reload();
    await see(oliveRating);
    expect(await oliveRating.getByText('Comment under review').count()).toBe(0);

    // The rest, without notes; then the list is clear and the resolved list shows five and a count.
    for (const [firstName, lastName] of offensive) {
      const name = `${firstName} ${lastName}`;
      await card(name)
        .getByRole('button', { name: /^Review/ })
        .click();
      await see(dialog.getByText(name));
      await dialog.getByRole('button', { name: 'Restore' }).click();
      await gone(dialog);
      await gone(card(name));
    }
    await see(page.getByText('All Clear!'));
    expect(await counterValue(page, 'Pending Review')).toBe('0');
    expect(await counterValue(page, 'Resolved')).toBe('7');
    expect(await counterValue(page, 'Total Flags')).toBe('7');
    expect(await resolvedSection.getByRole('listitem').count()).toBe(5);
    await see(resolvedSection.getByText('... and 2 more resolved flags'));
    // The latest resolved first; no notes line without notes.
    const latest = resolvedSection.getByRole('listitem').first();
    await see(latest.getByRole('heading', { name: 'Sue Spoken' }));
    expect(await latest.getByText('Notes:').count()).toBe(0);
    await checkScreen(tracked, 'flagged-all-resolved');

    for (const other of [owner, rater, tracked]) {
      expect(takeErrors(other)).toEqual([]);
      await other.context.close();
    }
  });

  it('lists users with masked e-mails, e-mail signups and empty match requests', async () => {
    const uma = { ...person('Uma', 'User'), email: 'uma.user@example.com' };
    const umaPage = await newTrackedPage(browser, server.baseUrl);
    await signUpViaApi(umaPage.context, uma);
    await umaPage.context.close();

    const tracked = await adminDeveloperPage(browser, server.baseUrl);
    const { page } = tracked;
    await page.goto('/?tab=users');
    const users = page.getByRole('list', { name: 'Users' });
    const userCard = (name: string) => users.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await see(userCard('Uma User'));
    // docs/product.md#email-masking: first and last character of the local part, three asterisks between.
    await see(userCard('Uma User').getByText('u***r@example.com'));
    expect(await page.getByText(uma.email).count()).toBe(0);
    await see(userCard('Uma User').getByText('Regular User'));
    expect(await counterValue(userCard('Uma User'), 'Joined')).toBe('today');
    await see(userCard('Ada Admin').getByText('a***n@example.com'));
    await see(userCard('Ada Admin').getByText('Admin', { exact: true }));
    await checkScreen(tracked, 'user-management');

    const search = page.getByLabel('Search users');
    await search.fill('Uma');
    await expect.poll(() => users.getByRole('listitem').count()).toBe(1);
    await see(userCard('Uma User'));
    await search.fill('ada.admin@');
    await expect.poll(() => users.getByRole('listitem').count()).toBe(1);
    await see(userCard('Ada Admin'));
    await search.fill('nobody-at-all');
    await see(page.getByText('No users found'));
    await checkScreen(tracked, 'user-management-none');

    // Email Signups: empty on a fresh server, then one from the coming-soon form.
    await openTab(page, 'Email Signups');
    await see(page.getByText('No email signups yet'));
    await see(page.getByText('0 signups'));
    await checkScreen(tracked, 'email-signups-empty');
    await signUpForUpdatesViaApi(server.baseUrl, 'launch.fan@example.com');
    await page.getByRole('button', { name: 'Refresh email signups' }).click();
    const table = page.getByRole('table', { name: /Email signups/ });
    await see(table.getByRole('cell', { name: 'launch.fan@example.com' }));
    await see(page.getByText('1 signup', { exact: true }));
    // The list downloads as CSV.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('email-signups.csv');
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toContain('launch.fan@example.com');
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());
    await see(table.getByRole('row').filter({ hasText: 'launch.fan@example.com' }).getByText(today));
    await checkScreen(tracked, 'email-signups');
    expect(takeErrors(tracked)).toEqual([]);
    await tracked.context.close();

    // Match Requests for an isAdmin user: nothing in any status.
    const admin = await adminUserPage(browser, server.baseUrl);
    await admin.page.goto('/?tab=match-requests');
    await see(admin.page.getByText('No pending requests'));
    expect(await adminTab(admin.page, 'Match Requests').textContent()).toBe('Match Requests');
    await checkScreen(admin, 'match-requests-empty');
    await admin.page.getByRole('tab', { name: 'Approved' }).click();
    await see(admin.page.getByText('No approved requests'));
    await admin.page.getByRole('tab', { name: 'Denied' }).click();
    await see(admin.page.getByText('No denied requests'));
    await checkScreen(admin, 'match-requests-denied-empty');
    expect(takeErrors(admin)).toEqual([]);
    await admin.context.close();
  });
});

describe('admin login without DEMO_MODE', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ DEMO_MODE: 'false' }, { prepare: seedAdminUser(ADMIN_USER) }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows no demo credentials, and the typed key still signs in', async () => {
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page } = tracked;
    // No DEMO_MODE, so no link in the answer: this account stays unconfirmed, which the admin login does not need.
    await signUpViaApi(tracked.context, person('Nora', 'Nodemo'), { confirm: false });
    await page.goto('/?tab=users');
    const form = adminLoginForm(page);
    await see(page.getByRole('heading', { name: 'Admin Login' }));
    await see(form.getByLabel('Admin key', { exact: true }));
    expect(await form.getByText('Demo credentials').count()).toBe(0);
    expect(await page.getByText(E2E_ADMIN.key).count()).toBe(0);
    expect(await form.getByRole('button', { name: 'Use demo credentials' }).count()).toBe(0);
    await checkScreen(tracked, 'admin-login-no-demo');
    await submitAdminLogin(page, E2E_ADMIN.email, E2E_ADMIN.key);
    await see(toast(page, 'Admin Access Granted'));
    await see(page.getByRole('list', { name: 'Users' }));
    expect(takeErrors(tracked)).toEqual([]);
    await tracked.context.close();
  });
});
