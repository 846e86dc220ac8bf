import { beforeAll, describe, expect, it } from 'vitest';
import { adminDeveloperPage, rateExistingPlayerViaApi } from './support/admin';
import {
  checkScreen,
  gone,
  importPlayersViaApi,
  openTab,
  person,
  see,
  signUpViaApi,
  takeErrors,
  toast,
} from './support/app';
import { newTrackedPage } from './support/browser';
import { serverAndBrowserPerFile } from './support/suite';

/** docs/product.md#merging-players: an admin merges a duplicate player into the one kept, from All Players. */
describe('merging a duplicate player', () => {
  // A server start on a busy machine can take over a minute.
  const suite = serverAndBrowserPerFile({}, { readyWithinMs: 180_000 });
  beforeAll(async () => {
    await importPlayersViaApi(suite.server.baseUrl, [
      { firstName: 'Jordan', lastName: 'Rivera', email: 'jordan.rivera@club.example', location: 'Austin, TX' },
      { firstName: 'Riley', lastName: 'Rivera', email: 'riley.rivera@club.example', location: 'Denver, CO' },
    ]);
    // The duplicate, added later under another e-mail.
    await importPlayersViaApi(suite.server.baseUrl, [
      { firstName: 'Jordan', lastName: 'Rivera', email: 'j.rivera@mail.example', location: 'Austin, TX 78701' },
    ]);
  });

  it('searches the player to keep, previews what moves, merges, and sends the old page to the kept one', async () => {
    const { server, browser } = suite;
    // Two raters: one rated both players (the older rating, of the duplicate, is removed), one only the duplicate.
    const raters = await newTrackedPage(browser, server.baseUrl);
    const both = person('Bea', 'Both');
    await signUpViaApi(raters.context, both);
    const players = (await (await raters.context.request.get('/api/players/search?q=Jordan%20Rivera')).json()) as {
      id: number;
    }[];
    const [kept, duplicate] = players.map((player) => player.id).sort((a, b) => a - b);
    await rateExistingPlayerViaApi(raters.context, { id: duplicate, name: 'Jordan Rivera' }, 3, 'Steady at the line.');
    await rateExistingPlayerViaApi(raters.context, { id: kept, name: 'Jordan Rivera' }, 4, 'Great resets and drops.');
    await raters.context.clearCookies();
    await signUpViaApi(raters.context, person('Omar', 'Once'));
    await rateExistingPlayerViaApi(
      raters.context,
      { id: duplicate, name: 'Jordan Rivera' },
      5,
      'Fast hands at the net.',
    );
    await raters.context.close();

    const tracked = await adminDeveloperPage(browser, server.baseUrl);
    const { page } = tracked;
    await page.goto('/');
    await openTab(page, 'Player List');
    const list = page.getByRole('list', { name: 'Players' });
    const row = (email: string) => list.getByRole('listitem').filter({ hasText: email });
    await see(row('j.rivera@mail.example').getByText('2 ratings'));
    await checkScreen(tracked, 'merge-player-list');

    await row('j.rivera@mail.example')
      .getByRole('button', { name: /^Merge into/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Merge Jordan Rivera into…' });
    await see(dialog);
    // The search starts from the duplicate's last name, and never offers the duplicate itself.
    expect(await dialog.getByRole('searchbox', { name: 'Search the player to keep' }).inputValue()).toBe('Rivera');
    const choices = dialog.getByRole('list', { name: 'Players to keep' });
    await see(choices.getByText('jordan.rivera@club.example'));
    await see(choices.getByText('riley.rivera@club.example'));
    expect(await choices.getByText('j.rivera@mail.example').count()).toBe(0);
    await checkScreen(tracked, 'merge-choose');

    await choices.getByRole('button', { name: /jordan\.rivera@club\.example/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Merge into Jordan Rivera?' });
    const moves = confirm.getByRole('list', { name: 'What the merge does' });
    await see(moves.getByText('2 ratings move'));
    await see(moves.getByText(/^1 older duplicate rating removed/));
    await checkScreen(tracked, 'merge-confirm');

    await confirm.getByRole('button', { name: 'Merge players' }).click();
    await see(toast(page, 'Players merged'));
    await gone(page.getByRole('dialog'));
    await gone(row('j.rivera@mail.example'));
    // The rater's newer rating and the other rater's: two; the older one of Bea's is removed as a duplicate.
    await see(row('jordan.rivera@club.example').getByText('2 ratings'));
    await checkScreen(tracked, 'merge-done');

    // The duplicate's page now leads to the kept player's.
    await page.goto(`/players/${duplicate}/jordan-rivera-austin-tx`);
    await see(page.getByRole('heading', { level: 1, name: 'Jordan Rivera' }));
    expect(new URL(page.url()).pathname).toBe(`/players/${kept}/jordan-rivera-austin-tx`);

    expect(takeErrors(tracked)).toEqual([]);
    await tracked.context.close();
  });
});
