import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

const require = createRequire(import.meta.url);

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const PHONE = { width: 360, height: 780 };
export const DESKTOP = { width: 1280, height: 900 };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export type TrackedPage = { page: Page; context: BrowserContext; consoleErrors: string[] };

/** A fresh context (own cookies and storage) whose console errors and page errors are collected. */
export async function newTrackedPage(browser: Browser, baseUrl: string, viewport = DESKTOP): Promise<TrackedPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // The browser logs every non-2xx fetch; expected 401/404 answers are part of the product's flows.
    if (/Failed to load resource: the server responded with a status of (401|404|409|400|403)/.test(text)) return;
    consoleErrors.push(text);
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  const tracked = { page, context, consoleErrors };
  reportOnFailure(tracked);
  return tracked;
}

/**
 * A failed journey prints what its page showed at that moment (address, open dialog, alerts, notifications, the
 * console) and saves a screenshot: a failure seen only in CI's log can then be read without running it again.
 */
function reportOnFailure({ page, consoleErrors }: TrackedPage) {
  try {
    onTestFailed(async ({ task }) => {
      if (page.isClosed()) return;
      const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
      const shown = await page
        .evaluate(() => {
          const text = (selector: string) =>
            [...document.querySelectorAll<HTMLElement>(selector)].map((element) => element.innerText.trim());
          return {
            dialogs: text('[role="dialog"], [role="alertdialog"]'),
            alerts: text('[role="alert"]'),
            notifications: text('[role="region"][aria-label^="Notifications"] li'),
            main: document.body.innerText.slice(0, 1500),
          };
        })
        .catch((error: unknown) => ({ unreadable: String(error) }));
      mkdirSync('e2e/screenshots/failed', { recursive: true });
      await page.screenshot({ path: `e2e/screenshots/failed/${name}.png` }).catch(() => undefined);
      console.log(
        `Page at the failure of "${task.name}" (e2e/screenshots/failed/${name}.png):\n` +
          JSON.stringify({ url: page.url(), ...shown, consoleErrors }, null, 2),
      );
    });
  } catch {
    // Opened outside a test (a beforeAll): there is no test to report on.
  }
}

let axeSource: string | undefined;

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe-core in the page against WCAG 2.1 A/AA and returns the violations. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol rather than as a <script> tag, which the app's CSP (script-src 'self')
  // rightly refuses; the context keeps its CSP so the suite still sees what a visitor's browser enforces.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
}

export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    .join('\n');
}

/**
 * Saves a screenshot under e2e/screenshots/ for people to look at (not compared by tests). `fullPage: false`
 * for an open dialog: a full-page capture stretches the page under a fixed overlay.
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  mkdirSync('e2e/screenshots', { recursive: true });
  // A page scrolled down (focus moved to a step heading) renders its sticky header mid-page in a full capture.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  const path = `e2e/screenshots/${name}.png`;
  // Chromium on a busy 2-core runner once produced no frame for a capture for 30 s (the admin Player List at phone
  // width, stop-20 CI run), while the page itself answered at once. The picture is for people, not an assertion:
  // a stalled capture is tried again after the page has drawn a frame, and said so in the log.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.screenshot({ path, fullPage, timeout: 15_000 });
      return;
    } catch (error) {
      if (!(error instanceof Error && error.name === 'TimeoutError') || attempt === 3) throw error;
      console.log(`Screenshot ${name} took over 15 s (attempt ${attempt}); trying again after a frame.`);
      await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    }
  }
}
