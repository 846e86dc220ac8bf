import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkScreen,
  devLoginViaApi,
  gone,
  importPlayersViaApi,
  openTab,
  person,
  see,
  signUpViaApi,
  toast,
} from './support/app';
import { launchBrowser, newTrackedPage } from './support/browser';
import { E2E_DEVELOPERS, startServer, type RunningServer } from './support/server';

describe('player registration and claims', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await importPlayersViaApi(server.baseUrl, [
      { firstName: 'Clara', lastName: 'Claimable', email: 'clara.c@club.example', location: 'Denver, CO 80202' },
      { firstName: 'Danny', lastName: 'Deniable', email: 'danny.d@club.example', location: '78701 — Austin, TX' },
      { firstName: 'Dora', lastName: 'Duplicate', email: 'dora@example.com' },
      { firstName: 'Wendy', lastName: 'Withdrawn', email: 'wendy.w@club.example', location: 'Portland, OR 97201' },
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const reggie = person('Reggie', 'Register');

  it('registers a signed-in user as a player (form messages, location suggestions, 5 s banner, Unverified skill)', async () => {
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page, context, consoleErrors } = tracked;
    await signUpViaApi(context, reggie);
    await page.goto('/');
    await see(page.getByRole('heading', { level: 1, name: 'Player Registration' }));
    const form = page.getByRole('form', { name: 'Player registration' });
    await see(form);
    // The account e-mail is the player's, read-only.
    const email = form.getByLabel('Email', { exact: true });
    await expect.poll(() => email.inputValue()).toBe(reggie.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    // The account's name fills the name fields in the same way.
    expect(await form.getByLabel('First name').inputValue()).toBe(reggie.firstName);
    expect(await form.getByLabel('Last name').inputValue()).toBe(reggie.lastName);
    await checkScreen(tracked, 'registration');

    // Search needs 2 characters; nothing matches this one.
    const search = page.getByLabel('Search players');
    await search.fill('Q');
    await see(page.getByText('Type at least 2 characters.'));
    await search.fill('Qzx');
    await see(page.getByText('No players match “Qzx”.'));
    await search.fill('');

    await form.getByLabel('First name').fill('');
    await form.getByRole('button', { name: 'Register Player' }).click();
    await see(form.getByText('Please select your skill level'));
    expect(await form.getByLabel('First name').getAttribute('aria-invalid')).toBe('true');
    await checkScreen(tracked, 'registration-errors');

    await form.getByLabel('First name').fill(reggie.firstName);
    await form.getByLabel('Last name').fill(reggie.lastName);
    await form.getByLabel('Skill level').selectOption('3.5');
    await form.getByLabel('Years playing').selectOption({ label: '3-5 years' });
    // docs/product.md#place-suggestions: a ZIP prefix lists places; picking one fills the field.
    const location = form.getByRole('combobox', { name: 'Location' });
    await location.fill('7870');
    const suggestions = page.getByRole('listbox', { name: 'Location suggestions' });
    const option = suggestions.getByRole('option', { name: /78701\s*Austin, TX/ });
    await see(option);
    expect(await suggestions.getByRole('option').count()).toBeLessThanOrEqual(10);
    await option.click();
    await expect.poll(() => location.inputValue()).toBe('78701 — Austin, TX');
    await gone(suggestions);
    await form.getByLabel('About you').fill('Lefty with a big forehand drive.');
    await form.getByRole('button', { name: 'Register Player' }).click();

    const banner = page.getByRole('status').filter({ hasText: 'Registration successful!' });
    await see(banner);
    await see(banner.getByText('Welcome, Reggie! Your player profile is ready for ratings.'));
    await see(page.getByRole('heading', { name: 'Your player profile' }));
    const profile = page.getByRole('definition').filter({ hasText: 'Unverified' });
    expect(await profile.count()).toBeGreaterThan(0);
    // docs/product.md#places: the picked place is shown as city and state.
    await see(page.getByText('Austin, TX', { exact: true }));
    await checkScreen(tracked, 'registration-done');
    // docs/product.md#limits-and-timings: the banner goes after 5 s.
    await gone(banner, 8_000);
    await see(page.getByRole('heading', { name: 'Your player profile' }));

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("tells a signed-in user whose e-mail is already a player's that the account exists", async () => {
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page, context, consoleErrors } = tracked;
    await signUpViaApi(context, { ...person('Dora', 'Duplicate'), email: 'dora@example.com' });
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Player registration' });
    await form.getByLabel('First name').fill('Dora');
    await form.getByLabel('Last name').fill('Duplicate');
    await form.getByLabel('Skill level').selectOption('2.5');
    await form.getByRole('combobox', { name: 'Location' }).fill('Boise, ID');
    await form.getByRole('button', { name: 'Register Player' }).click();
    await see(toast(page, 'Account Already Exists'));
    await see(toast(page, /Search for your profile above and claim it/));
    await checkScreen(tracked, 'registration-duplicate');
    // Still no profile: the form stays.
    await see(form);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('claims a profile through the Claim Profile dialog; an admin approves it in Match Requests', async () => {
    const claimant = await newTrackedPage(browser, server.baseUrl);
    const clara = person('Clara', 'Claimant');
    await signUpViaApi(claimant.context, clara);
    const page = claimant.page;
    await page.goto('/?tab=register');
    await page.getByLabel('Search players').fill('Cla');
    const results = page.getByRole('list', { name: 'Search results' });
    await see(results.getByText('Clara Claimable'));
    await see(results.getByText('Unverified'));

    // docs/product.md#claim-rules: a Linked profile is unavailable to claim, so Claim Profile is not offered on it.
    await page.getByLabel('Search players').fill('Reggie');
    await see(results.getByText('Linked'));
    expect(await results.getByRole('button', { name: /Claim Profile/ }).count()).toBe(0);

    await page.getByLabel('Search players').fill('Clara Cla');
    await page.getByRole('button', { name: 'Claim Profile: Clara Claimable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Claim Clara Claimable' });
    await see(dialog);
    // Pre-filled: the player's names, the account e-mail, and city and state from the player's place; a player's
    // ZIP is never shown, so the claimant gives theirs (docs/product.md#places).
    await expect.poll(() => dialog.getByLabel('First name').inputValue()).toBe('Clara');
    expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe(clara.email);
    expect(await dialog.getByLabel('City').inputValue()).toBe('Denver');
    expect(await dialog.getByLabel('State').inputValue()).toBe('CO');
    expect(await dialog.getByLabel('ZIP').inputValue()).toBe('');
    await checkScreen(claimant, 'claim-dialog');

    // The 'zip — city, state' form of a suggestion is parsed too.
    const location = dialog.getByRole('combobox', { name: /Location/ });
    await location.fill('8030');
    await dialog.getByRole('option', { name: /80301\s*Boulder, CO/ }).click();
    await expect.poll(() => dialog.getByLabel('City').inputValue()).toBe('Boulder');
    expect(await dialog.getByLabel('ZIP').inputValue()).toBe('80301');

    // docs/product.md#validation-messages: every field is required.
    await dialog.getByLabel('City').fill('');
    await dialog.getByRole('button', { name: 'Send Claim Request' }).click();
    await see(toast(page, 'Missing information'));
    await see(toast(page, 'Please fill in: city.'));
    await dialog.getByLabel('City').fill('Boulder');
    await dialog.getByLabel('Message to the admin').fill('I play at Wash Park on Saturdays, ask Mike.');
    await dialog.getByRole('button', { name: 'Send Claim Request' }).click();
    await see(toast(page, 'Claim request sent'));
    await gone(dialog);
    // The pending claim takes the form's place: no way to register a duplicate profile meanwhile.
    const pendingCard = page.getByRole('region', { name: 'Your claim is waiting for review' });
    await see(pendingCard.getByText('Clara Claimable'));
    await see(pendingCard.getByText('Denver, CO', { exact: true }));
    await see(pendingCard.getByText('Pending review').first());
    await see(pendingCard.getByText(/· today$/));
    await see(pendingCard.getByRole('button', { name: 'Withdraw claim' }));
    expect(await page.getByRole('form', { name: 'Player registration' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Register Player' }).count()).toBe(0);
    // Nor is another profile offered for claiming.
    await page.getByLabel('Search players').fill('Danny');
    await see(results.getByText('Danny Deniable'));
    expect(await results.getByRole('button', { name: /Claim Profile/ }).count()).toBe(0);
    await checkScreen(claimant, 'claim-sent');

    // A second claimant, whose request the admin denies.
    const other = await newTrackedPage(browser, server.baseUrl);
    await signUpViaApi(other.context, person('Dan', 'Other'));
    await other.page.goto('/?tab=register');
    await other.page.getByLabel('Search players').fill('Danny');
    await other.page.getByRole('button', { name: 'Claim Profile: Danny Deniable' }).click();
    const otherDialog = other.page.getByRole('dialog', { name: 'Claim Danny Deniable' });
    await expect.poll(() => otherDialog.getByLabel('City').inputValue()).toBe('Austin');
    await otherDialog.getByLabel('ZIP').fill('78701');
    await otherDialog.getByRole('button', { name: 'Send Claim Request' }).click();
    await see(toast(other.page, 'Claim request sent'));

    // The admin (a developer of type admin) reviews.
    const admin = await newTrackedPage(browser, server.baseUrl);
    await devLoginViaApi(admin.context, E2E_DEVELOPERS.admin);
    await admin.page.goto('/');
    // docs/product.md#workspace-tabs: the red badge with the pending count.
    await see(admin.page.getByRole('tab', { name: 'Match Requests 2 pending' }));
    await openTab(admin.page, 'Match Requests');
    const pending = admin.page.getByRole('list', { name: 'Pending requests' });
    await see(pending.getByText('Clara Claimable'));
    await see(pending.getByText('I play at Wash Park on Saturdays, ask Mike.'));
    await checkScreen(admin, 'match-requests-pending');

    const claraCard = pending.getByRole('listitem').filter({ hasText: 'Clara Claimable' });
    await claraCard.getByRole('button', { name: 'Approve' }).click();
    await see(toast(admin.page, 'Request reviewed successfully'));
    await see(toast(admin.page, 'The match request has been processed.'));
    await gone(pending.getByText('Clara Claimable'));
    await see(admin.page.getByRole('tab', { name: 'Match Requests 1 pending' }));

    const dannyCard = pending.getByRole('listitem').filter({ hasText: 'Danny Deniable' });
    await dannyCard.getByRole('button', { name: 'Deny' }).click();
    await see(admin.page.getByText('No pending requests'));
    await gone(admin.page.getByRole('tab', { name: /pending/ }));

    await admin.page.getByRole('tab', { name: 'Approved' }).click();
    const approved = admin.page.getByRole('list', { name: 'Approved requests' });
    await see(approved.getByText('Clara Claimable'));
    await see(approved.getByText('Request approved by admin'));
    await checkScreen(admin, 'match-requests-approved');
    await admin.page.getByRole('tab', { name: 'Denied' }).click();
    const denied = admin.page.getByRole('list', { name: 'Denied requests' });
    await see(denied.getByText('Danny Deniable'));
    await see(denied.getByText('Request denied by admin'));
    expect(await denied.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // The claimant now owns the profile.
    await page.reload();
    await see(page.getByRole('heading', { name: 'Your player profile' }));
    await see(page.getByText('Clara Claimable'));
    await openTab(page, 'Ratings About Me');
    await see(page.getByText('No ratings yet'));

    // The denied claimant has no profile, and the form is theirs again.
    await other.page.reload();
    await see(other.page.getByRole('form', { name: 'Player registration' }));
    expect(await other.page.getByRole('region', { name: 'Your claim is waiting for review' }).count()).toBe(0);

    for (const tracked of [claimant, other, admin]) {
      expect(tracked.consoleErrors).toEqual([]);
      await tracked.context.close();
    }
  });

  it('shows a pending claim instead of the form until the claimant withdraws it; the admin keeps it as withdrawn', async () => {
    const tracked = await newTrackedPage(browser, server.baseUrl);
    const { page, context } = tracked;
    const walt = person('Walt', 'Withdrawer');
    await signUpViaApi(context, walt);
    await page.goto('/?tab=register');
    const form = page.getByRole('form', { name: 'Player registration' });
    await see(form);
    await page.getByLabel('Search players').fill('Wendy');
    await page.getByRole('button', { name: 'Claim Profile: Wendy Withdrawn' }).click();
    const dialog = page.getByRole('dialog', { name: 'Claim Wendy Withdrawn' });
    await expect.poll(() => dialog.getByLabel('City').inputValue()).toBe('Portland');
    await dialog.getByLabel('ZIP').fill('97201');
    await dialog.getByLabel('Message to the admin').fill('Wrong Wendy, sorry.');
    await dialog.getByRole('button', { name: 'Send Claim Request' }).click();
    await see(toast(page, 'Claim request sent'));
    const pendingCard = page.getByRole('region', { name: 'Your claim is waiting for review' });
    await see(pendingCard.getByText('Wendy Withdrawn'));
    await see(pendingCard.getByText('Wrong Wendy, sorry.'));
    await gone(form);

    // Still pending after a reload: the server says so, not only this page.
    await page.reload();
    await see(pendingCard.getByText('Wendy Withdrawn'));
    expect(await form.count()).toBe(0);
    // The server refuses a registration meanwhile, and says why.
    const refused = await context.request.post('/api/players', {
      data: { firstName: 'Walt', lastName: 'Withdrawer', email: walt.email, skillLevel: '3.0', location: 'Austin, TX' },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toEqual({
      message: 'You have a pending claim for Wendy Withdrawn. Withdraw it before registering a new profile.',
      code: 'profile_pending_claim',
    });
    await checkScreen(tracked, 'claim-pending');

    await pendingCard.getByRole('button', { name: 'Withdraw claim' }).click();
    await see(toast(page, 'Claim withdrawn'));
    await gone(pendingCard);
    await see(form);
    expect(await form.getByLabel('First name').inputValue()).toBe('Walt');
    // Claiming is offered again.
    await page.getByLabel('Search players').fill('Wendy');
    await see(page.getByRole('button', { name: 'Claim Profile: Wendy Withdrawn' }));
    await checkScreen(tracked, 'claim-withdrawn');

    // The admin finds it under Withdrawn, with no Approve or Deny.
    const admin = await newTrackedPage(browser, server.baseUrl);
    await devLoginViaApi(admin.context, E2E_DEVELOPERS.admin);
    await admin.page.goto('/?tab=match-requests');
    await see(admin.page.getByRole('tablist', { name: 'Request status' }));
    const pending = admin.page.getByRole('list', { name: 'Pending requests' });
    await see(admin.page.getByText('No pending requests').or(pending));
    expect(await admin.page.getByText('Wendy Withdrawn').count()).toBe(0);
    await admin.page.getByRole('tab', { name: 'Withdrawn' }).click();
    const withdrawn = admin.page.getByRole('list', { name: 'Withdrawn requests' });
    const card = withdrawn.getByRole('listitem').filter({ hasText: 'Wendy Withdrawn' });
    await see(card.getByText('Withdrawn by the requester'));
    await see(card.getByText('Wrong Wendy, sorry.'));
    expect(await card.getByRole('button', { name: /Approve|Deny/ }).count()).toBe(0);
    await checkScreen(admin, 'match-requests-withdrawn');

    // With the claim withdrawn, the user registers their own profile.
    await page.getByLabel('Search players').fill('');
    await form.getByLabel('First name').fill('Walt');
    await form.getByLabel('Last name').fill('Withdrawer');
    await form.getByLabel('Skill level').selectOption('3.0');
    await form.getByRole('combobox', { name: 'Location' }).fill('Austin, TX');
    await form.getByRole('button', { name: 'Register Player' }).click();
    await see(page.getByRole('heading', { name: 'Your player profile' }));

    for (const each of [tracked, admin]) {
      expect(each.consoleErrors).toEqual([]);
      await each.context.close();
    }
  });
});
