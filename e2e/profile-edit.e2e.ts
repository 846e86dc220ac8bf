import { describe, expect, it } from 'vitest';
import { checkScreen, person, registerPlayerViaApi, see, signUpViaApi, toast } from './support/app';
import { newTrackedPage } from './support/browser';
import { serverAndBrowserPerFile } from './support/suite';

describe('editing one’s own player profile', () => {
  const suite = serverAndBrowserPerFile();

  it('a linked player edits their bio and hides their page from visitors, and sees both saved', async () => {
    const tracked = await newTrackedPage(suite.browser, suite.server.baseUrl);
    const { page, context, consoleErrors } = tracked;
    const paula = person('Paula', 'Profile');
    await signUpViaApi(context, paula);
    await registerPlayerViaApi(context, paula);
    await page.goto('/');
    await see(page.getByRole('heading', { name: 'Your player profile' }));
    await see(page.getByText('Your page is visible to everyone.'));

    await page.getByRole('button', { name: 'Edit your profile' }).click();
    const form = page.getByRole('form', { name: 'Edit your profile' });
    await see(form);
    await expect.poll(() => form.getByLabel('Skill level').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await form.getByRole('radio', { name: /Everyone/ }).isChecked()).toBe(true);
    await form.getByLabel('About you').fill('Lefty who loves a long dink rally.');
    await form.getByLabel('Years playing').selectOption({ label: '6-10 years' });
    await form.getByRole('radio', { name: /Signed-in members/ }).check();
    await checkScreen(tracked, 'profile-edit');

    await form.getByRole('button', { name: 'Save profile' }).click();
    await see(toast(page, 'Profile saved'));
    await see(page.getByRole('heading', { name: 'Your player profile' }));
    await see(page.getByText('Lefty who loves a long dink rally.'));
    await see(page.getByText('Your page is visible to signed-in members only.'));
    const editButton = page.getByRole('button', { name: 'Edit your profile' });
    await expect.poll(() => editButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await checkScreen(tracked, 'profile-edit-saved');

    // Saved on the server, not only in this page's cache.
    await page.reload();
    await see(page.getByText('Lefty who loves a long dink rally.'));
    await see(page.getByText('Your page is visible to signed-in members only.'));
    await page.getByRole('button', { name: 'Edit your profile' }).click();
    expect(await form.getByRole('radio', { name: /Signed-in members/ }).isChecked()).toBe(true);
    expect(await form.getByLabel('Years playing').inputValue()).toBe('6-10');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
