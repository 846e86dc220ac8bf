import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, PHONE, axeViolations, formatViolations, screenshot, type TrackedPage } from './browser';
import { E2E_ADMIN } from './server';

/** Waits until `locator` is visible (Playwright's auto-wait, reported through Vitest). */
export async function see(locator: Locator, timeout = 15_000) {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Waits until no element matches `locator`. */
export async function gone(locator: Locator, timeout = 15_000) {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/**
 * The toast with this title or text (docs/product.md#limits-and-timings: one at a time), inside the notifications region. Found by CSS, not by
 * role: while a modal dialog is open the rest of the page, the toast viewport included, is aria-hidden.
 */
export function toast(page: Page, text: string | RegExp): Locator {
  return notifications(page).getByText(text, { exact: typeof text === 'string' });
}

function notifications(page: Page): Locator {
  return page.locator('[role="region"][aria-label^="Notifications"]');
}

/** Waits for the page's loading spinners to be gone (lazy chunks, queries). */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await gone(page.getByRole('status').filter({ hasText: /^Loading/ }));
}

/**
 * The checks every visited screen gets: no axe-core WCAG 2.1 A/AA violation and a screenshot, at desktop
 * width and at a 360 px phone width, where the page must not scroll sideways (left at desktop width after). Console errors are asserted by the
 * caller at the end of its journey.
 */
export async function checkScreen(tracked: TrackedPage, name: string) {
  const { page } = tracked;
  const fullPage = (await page.getByRole('dialog').count()) === 0;
  const problems: string[] = [];
  // axe measures a toast fading in or out as half transparent (a failed contrast check that no reader meets):
  // with reduced motion every animation takes 1 ms (styles.css), and the ones under way are waited for.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await settled(page);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, `${name}-desktop`, { fullPage });
  const desktop = formatViolations(await axeViolations(page));
  if (desktop) problems.push(`axe at desktop width:\n${desktop}`);

  await page.setViewportSize(PHONE);
  // Layout switches with media queries (sidebar → strip); give it a frame.
  await page.waitForTimeout(150);
  await screenshot(page, `${name}-phone`, { fullPage });
  const phone = formatViolations(await axeViolations(page));
  if (phone) problems.push(`axe at phone width:\n${phone}`);
  // Nothing wider than the phone: the page must not scroll sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${overflow}px wider than a ${PHONE.width}px phone: ${await overflowing(page)}`);

  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ reducedMotion: null });
  await page.waitForTimeout(100);
  expect(problems.join('\n'), `checks of the ${name} screen`).toBe('');
}

/** The innermost elements reaching past the right edge of the viewport, as short CSS-like names (for a report). */
export async function overflowing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const past = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 0.5;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList]
        .slice(0, 4)
        .map((c) => `.${c}`)
        .join('')} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    // Content scrolled inside its own overflow box does not widen the page.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible' && p !== document.documentElement && p !== document.body)
          return true;
      }
      return false;
    };
    const culprits = [...document.body.querySelectorAll('*')].filter(
      (el) => past(el) && !clipped(el) && ![...el.children].some(past),
    );
    return culprits.slice(0, 5).map(name).join('; ') || 'no single element';
  });
}

export type Person = { firstName: string; lastName: string; email: string; password: string };

let counter = 0;
/** A new person with a unique e-mail (each server has its own database, but some files sign up several). */
export function person(firstName: string, lastName: string): Person {
  counter += 1;
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName}.${counter}@example.com`.toLowerCase(),
    password: 'Pickle-Ball-2025',
  };
}

/**
 * Signs a person up through the API with the context's cookie jar, so the context's pages are signed in, and
 * opens the e-mail confirmation link (the e2e servers run with DEMO_MODE, which returns it) unless told not to.
 */
export async function signUpViaApi(context: BrowserContext, who: Person, options: { confirm?: boolean } = {}) {
  const res = await context.request.post('/api/auth/register', {
    data: { firstName: who.firstName, lastName: who.lastName, email: who.email, password: who.password },
  });
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
  if (options.confirm === false) return;
  const { confirmationUrl } = (await res.json()) as { confirmationUrl?: string };
  expect(confirmationUrl, 'DEMO_MODE answers the confirmation link').toBeTruthy();
  const confirmed = await context.request.get(confirmationUrl ?? '', { maxRedirects: 0 });
  expect(confirmed.headers().location).toBe('/?emailConfirmed=1');
}

export async function signInViaApi(context: BrowserContext, who: Pick<Person, 'email' | 'password'>) {
  const res = await context.request.post('/api/auth/login', { data: { email: who.email, password: who.password } });
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
}

/** A developer session in the context (/dev-login is exercised through its form in auth.e2e.ts). */
export async function devLoginViaApi(context: BrowserContext, dev: { id: string; password: string }) {
  const res = await context.request.post('/api/dev-login', { data: { userId: dev.id, password: dev.password } });
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
}

/** The docs/product.md#roles admin headers, from POST /api/admin/login with the e2e admin credentials. */
export async function adminHeaders(baseUrl: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: E2E_ADMIN.email, adminKey: E2E_ADMIN.key }),
  });
  expect(res.status).toBe(200);
  const { token, adminEmail } = (await res.json()) as { token: string; adminEmail: string };
  return { 'x-admin-email': adminEmail, 'x-admin-token': token };
}

export type ImportRow = { firstName: string; lastName: string; email: string; location?: string; skillLevel?: string };

/** Creates players the way an admin's bulk import does (POST /api/players/bulk); answers the created count. */
export async function importPlayersViaApi(baseUrl: string, players: ImportRow[]) {
  const res = await fetch(`${baseUrl}/api/players/bulk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await adminHeaders(baseUrl)) },
    body: JSON.stringify({ players }),
  });
  const body = (await res.json()) as { results: { created: unknown[] } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.results.created).toHaveLength(players.length);
}

/** Opens a home tab by its label (docs/product.md#workspace-tabs); the label may carry a badge, so it matches from the start. */
export async function openTab(page: Page, label: string) {
  await page.getByRole('tab', { name: new RegExp(`^${label}`) }).click();
  await see(page.getByRole('heading', { level: 1, name: label }));
}

/**
 * Rate a Player, step 1 to step 2 for a player nobody registered: searches the name, waits for the search's
 * answer (its status line moves the "Add as new player" box down, and a click during that shift can miss),
 * adds them with the name split into first and last, and continues to the stars.
 */
export async function addNewPlayerInWizard(page: Page, name: string) {
  await page.getByLabel('Search for the player you want to rate').fill(name);
  await see(page.getByText(`No players match “${name}”. You can add them as a new player below.`));
  await page.getByRole('button', { name: 'Add as new player' }).click();
  const newPlayer = page.getByRole('form', { name: 'Add a new player' });
  await expect.poll(() => newPlayer.getByLabel('Last name').inputValue()).toBe(name.split(' ').slice(1).join(' '));
  await newPlayer.getByRole('button', { name: 'Continue to Ratings' }).click();
  await see(page.getByRole('heading', { name: 'Step 2: Rate skills' }));
}

/** Picks N stars in the star radio group labelled `label`. */
export async function pickStars(scope: Page | Locator, label: string, stars: number) {
  await scope
    .getByRole('radiogroup', { name: label, exact: true })
    .getByRole('radio', { name: `${stars} star${stars === 1 ? '' : 's'}`, exact: true })
    .click();
}

/** Registers the signed-in person of the context as a player (POST /api/players). */
export async function registerPlayerViaApi(context: BrowserContext, who: Person, location = 'Austin, TX') {
  const res = await context.request.post('/api/players', {
    data: { firstName: who.firstName, lastName: who.lastName, email: who.email, skillLevel: '3.0', location },
  });
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
}

/** The id of the context's linked player (GET /api/auth/user/player). */
export async function linkedPlayerId(context: BrowserContext): Promise<number> {
  const res = await context.request.get('/api/auth/user/player');
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
  const body = (await res.json()) as { id?: number; player?: { id: number } };
  const id = body.player?.id ?? body.id;
  expect(id).toBeTypeOf('number');
  return id!;
}

export const SCORE_LABELS = [
  'Serve & Return',
  'Groundstrokes & Third Shot',
  'Net Play, Volleys & Dinks',
  'Movement & Court Awareness',
  'Mental & Physical Game',
] as const;

/** The signed-in person of the context rates a new player, all categories at `stars` (POST /api/ratings). */
export async function rateNewPlayerViaApi(
  context: BrowserContext,
  player: { firstName: string; lastName: string },
  stars: number,
  strengthsImprovements?: string,
) {
  const res = await context.request.post('/api/ratings', {
    data: {
      playerName: `${player.firstName} ${player.lastName}`,
      isNewPlayer: true,
      newPlayerFirstName: player.firstName,
      newPlayerLastName: player.lastName,
      ...allScores(stars),
      ...(strengthsImprovements ? { strengthsImprovements } : {}),
    },
  });
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
}

/** The five category scores and the overall of a rating, all `stars` (POST /api/ratings). */
export function allScores(stars: number) {
  return {
    serveReturn: stars,
    groundstrokesThirdShot: stars,
    netPlayVolleysDinks: stars,
    movementCourtAwareness: stars,
    mentalPhysicalGame: stars,
    overallRating: stars,
  };
}

/** The console errors collected so far, cleared: a page shared by several tests reports each error once. */
export function takeErrors(tracked: TrackedPage): string[] {
  return tracked.consoleErrors.splice(0);
}

/** What Chromium logs for each request to a server that no longer listens. */
export const CONNECTION_REFUSED = 'Failed to load resource: net::ERR_CONNECTION_REFUSED';

/** The id of the process listening on 127.0.0.1:`port`, read from Linux's /proc, or null. */
function listenerPid(port: number): number | null {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const listening = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((columns) => columns[1] === local && columns[3] === '0A');
  if (!listening) return null;
  const socket = `socket:[${listening[9]}]`;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // another user's process, or gone
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === socket) return Number(pid);
      } catch {
        // closed meanwhile
      }
    }
  }
  return null;
}

/**
 * Stops the real server mid-session and waits until nothing answers on its address. RunningServer.stop signals
 * the npx wrapper, which does not pass SIGTERM on to the server, so the server process itself (found by its
 * port) gets the SIGTERM first; stop() then tidies up the wrapper and the data directory.
 */
export async function stopServerMidSession(server: { baseUrl: string; stop: () => Promise<void> }) {
  const pid = listenerPid(Number(new URL(server.baseUrl).port));
  expect(pid, `the process listening on ${server.baseUrl}`).not.toBeNull();
  expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain('server/main.ts');
  process.kill(pid!, 'SIGTERM');
  await expect
    .poll(
      () =>
        fetch(`${server.baseUrl}/api/health`).then(
          () => 'answering',
          () => 'unreachable',
        ),
      {
        timeout: 10_000,
      },
    )
    .toBe('unreachable');
  await server.stop();
}

/**
 * The console errors collected so far, cleared, without the connection-refused lines a stopped server causes;
 * `refused` counts those, so a caller can tell that the failures it saw came from the network.
 */
export function takeErrorsBesidesRefused(tracked: TrackedPage): { refused: number; others: string[] } {
  const errors = takeErrors(tracked);
  const others = errors.filter((text) => text !== CONNECTION_REFUSED);
  return { refused: errors.length - others.length, others };
}
