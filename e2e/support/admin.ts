import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { adminHeaders, allScores, devLoginViaApi, gone, see, signInViaApi, toast } from './app';
import { newTrackedPage, type TrackedPage } from './browser';
import type { SeedUser } from './seed';
import { E2E_ADMIN, E2E_DEVELOPERS } from './server';

/** The admin tabs of docs/product.md#workspace-tabs, in their order. */
export const ADMIN_TAB_LABELS = [
  'Bulk Import',
  'Player List',
  'User Management',
  'Email Signups',
  'Match Requests',
  'Flagged Content',
] as const;

/** A user with isAdmin set (seeded with seedAdminUser): sees the admin tabs, needs the admin key for most. */
export const ADMIN_USER: SeedUser = {
  email: 'ada.admin@example.com',
  password: 'Pickle-Ball-2025',
  firstName: 'Ada',
  lastName: 'Admin',
};

/** A page signed in as the admin developer of the suite, who opens every admin tab without the admin form. */
export async function adminDeveloperPage(browser: Browser, baseUrl: string): Promise<TrackedPage> {
  const tracked = await newTrackedPage(browser, baseUrl);
  await devLoginViaApi(tracked.context, E2E_DEVELOPERS.admin);
  return tracked;
}

/** A page signed in as the seeded isAdmin user (no admin key entered yet). */
export async function adminUserPage(browser: Browser, baseUrl: string): Promise<TrackedPage> {
  const tracked = await newTrackedPage(browser, baseUrl);
  await signInViaApi(tracked.context, ADMIN_USER);
  return tracked;
}

/** The docs/product.md#admin-login admin login form (the form holding the Admin key field). */
export function adminLoginForm(page: Page): Locator {
  return page.locator('form').filter({ has: page.getByLabel('Admin key', { exact: true }) });
}

/** Fills and submits the admin login form. */
export async function submitAdminLogin(page: Page, email: string, key: string) {
  const form = adminLoginForm(page);
  await form.getByLabel('Admin email', { exact: true }).fill(email);
  await form.getByLabel('Admin key', { exact: true }).fill(key);
  await form.getByRole('button', { name: 'Sign in as admin' }).click();
}

/** Enters the suite's admin e-mail and key in the form on screen and waits for the admin session. */
export async function logInAsAdmin(page: Page) {
  await see(page.getByRole('heading', { name: 'Admin Login' }));
  await submitAdminLogin(page, E2E_ADMIN.email, E2E_ADMIN.key);
  await see(toast(page, 'Admin Access Granted'));
  await gone(page.getByRole('heading', { name: 'Admin Login' }));
}

/** The number shown under a counter or result tile (a <dt> label with its <dd> value). */
export async function counterValue(scope: Page | Locator, label: string): Promise<string> {
  const term = scope.getByRole('term').filter({ hasText: new RegExp(`^\\s*${label}\\s*$`) });
  const value = term.locator('xpath=following-sibling::dd[1]');
  return ((await value.textContent()) ?? '').trim();
}

/** docs/product.md#player-calls POST /api/email-signup, as the coming-soon page sends it. */
export async function signUpForUpdatesViaApi(baseUrl: string, email: string) {
  const res = await fetch(`${baseUrl}/api/email-signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(res.status, await res.text()).toBe(201);
}

/** Verifies a player with the demo code (docs/product.md#verify-screen; the server answers the code in DEMO_MODE). */
export async function verifyPlayerViaApi(baseUrl: string, email: string) {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const requested = await post('/api/verify/request', { email });
  const { verificationCode } = (await requested.json()) as { verificationCode?: string };
  expect(requested.status).toBe(200);
  expect(verificationCode).toBeTruthy();
  const confirmed = await post('/api/verify/confirm', { email, verificationCode });
  expect(confirmed.status, await confirmed.text()).toBe(200);
}

/** The id of the player with this exact full name, from the public search (docs/product.md#player-calls GET /api/players/search). */
export async function playerIdByName(context: BrowserContext, fullName: string): Promise<number> {
  const res = await context.request.get(`/api/players/search?q=${encodeURIComponent(fullName)}`);
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
  const players = (await res.json()) as { id: number; firstName: string; lastName: string }[];
  const found = players.find((p) => `${p.firstName} ${p.lastName}` === fullName);
  expect(found, `player ${fullName}`).toBeDefined();
  return found!.id;
}

/** The signed-in person of the context rates an existing player, all categories at `stars` (POST /api/ratings). */
export async function rateExistingPlayerViaApi(
  context: BrowserContext,
  player: { id: number; name: string },
  stars: number,
  strengthsImprovements: string,
) {
  const res = await context.request.post('/api/ratings', {
    data: {
      playerName: player.name,
      playerId: player.id,
      ...allScores(stars),
      isAnonymous: false,
      strengthsImprovements,
    },
  });
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
}

/**
 * docs/product.md#anonymity POST /api/admin/anonymity/release with the suite's admin token: the anonymous ratings,
 * edits and votes waiting now reach everyone, if at least 3 raters are in them. Answers `{released, held}`.
 */
export async function releaseAnonymousRatingsViaApi(baseUrl: string): Promise<{ released: number; held: number }> {
  const res = await fetch(`${baseUrl}/api/admin/anonymity/release`, {
    method: 'POST',
    headers: await adminHeaders(baseUrl),
  });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return JSON.parse(body) as { released: number; held: number };
}
