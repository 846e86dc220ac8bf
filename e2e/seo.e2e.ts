import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addNewPlayerInWizard,
  checkScreen,
  person,
  rateNewPlayerViaApi,
  see,
  settled,
  signUpViaApi,
  takeErrors,
  type Person,
} from './support/app';
import { playerIdByName, rateExistingPlayerViaApi } from './support/admin';
import { PHONE, launchBrowser, newTrackedPage, type TrackedPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MIN_TAP = 44;

type SmallTarget = { name: string; width: number; height: number };

/**
 * Every button, link drawn as a button, star and tab on screen that a fingertip cannot reliably hit: smaller
 * than 44×44 CSS px and without an invisible hit area of that size. The hit area is measured by asking the
 * browser what a tap 22 px from the centre (each side) lands on.
 */
async function smallTapTargets(page: Page): Promise<{ checked: number; stars: number; small: SmallTarget[] }> {
  return page.evaluate((min) => {
    const half = min / 2 - 0.5;
    const filled = (style: CSSStyleDeclaration) =>
      style.backgroundColor !== 'rgba(0, 0, 0, 0)' || parseFloat(style.borderTopWidth) > 0;
    // Text links (WCAG 2.5.8 leaves them out): no box and no padding, as links in running text or "Forgot password?".
    const textLink = (style: CSSStyleDeclaration) =>
      !filled(style) && parseFloat(style.paddingLeft) === 0 && parseFloat(style.paddingRight) === 0;
    const candidates = [
      ...document.querySelectorAll('button, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], a'),
    ].filter((el) => {
      const style = getComputedStyle(el);
      // Shown to keyboards only (the skip link), never under a finger.
      if (style.clipPath !== 'none' || style.clip !== 'auto') return false;
      if (el.tagName === 'A') return /flex|grid|block/.test(style.display) && filled(style);
      return !textLink(style);
    });
    const small: SmallTarget[] = [];
    for (const el of candidates) {
      const shown = el.getBoundingClientRect();
      if (shown.width === 0 || shown.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const rect = el.getBoundingClientRect();
      if (rect.width >= min - 0.5 && rect.height >= min - 0.5) continue;
      const cx = rect.left + rect.width / 2;
      const cy = rect.top + rect.height / 2;
      const points = [
        [cx - half, cy],
        [cx + half, cy],
        [cx, cy - half],
        [cx, cy + half],
      ];
      const reached = points.every(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (hit === el || el.contains(hit));
      });
      if (reached) continue;
      const name =
        (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40) || el.outerHTML.slice(0, 60);
      small.push({ name, width: Math.round(rect.width), height: Math.round(rect.height) });
    }
    window.scrollTo(0, 0);
    const stars = candidates.filter((el) => el.getAttribute('role') === 'radio').length;
    return { checked: candidates.length, stars, small };
  }, MIN_TAP);
}

describe('found and previewed: robots, sitemap, preview image, deep links, tap targets', () => {
  let server: RunningServer;
  let browser: Browser;
  let rater: TrackedPage;
  let ron: Person;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    rater = await newTrackedPage(browser, server.baseUrl);
    ron = person('Ron', 'Rater');
    await signUpViaApi(rater.context, ron);
    await rateNewPlayerViaApi(rater.context, { firstName: 'Sasha', lastName: 'Seeded' }, 4, 'Quick hands at the net.');
    // A second account's rating lists the new player for search engines (docs/product.md#new-players).
    const second = await newTrackedPage(browser, server.baseUrl);
    await signUpViaApi(second.context, person('Sid', 'Second'));
    const sasha = { id: await playerIdByName(second.context, 'Sasha Seeded'), name: 'Sasha Seeded' };
    await rateExistingPlayerViaApi(second.context, sasha, 4, 'Soft hands at the kitchen line.');
    await second.context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('leads a signed-out deep link to sign in and back to its tab', async () => {
    const visitor = await newTrackedPage(browser, server.baseUrl);
    const { page } = visitor;
    await page.goto('/?tab=leaderboard');
    const notice = page.getByRole('region', { name: 'Sign in to see Leaderboard' });
    await see(notice);
    await see(notice.getByText('Leaderboard is for members.', { exact: false }));
    // The landing page is still all there under the notice.
    await see(page.getByRole('heading', { level: 1, name: /Know your game/ }));
    await checkScreen(visitor, 'deep-link-notice');

    await notice.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/?tab=leaderboard');
    await page.getByLabel('Email', { exact: true }).fill(ron.email);
    await page.getByLabel('Password', { exact: true }).fill(ron.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('tab') === 'leaderboard');
    await see(page.getByRole('heading', { level: 1, name: 'Leaderboard' }));
    await see(page.getByRole('tab', { name: /^Leaderboard/, selected: true }));
    expect(takeErrors(visitor)).toEqual([]);
    await visitor.context.close();
  });

  it('shows no notice on the landing page without a tab, or with a tab that does not exist', async () => {
    const visitor = await newTrackedPage(browser, server.baseUrl);
    const { page } = visitor;
    for (const path of ['/', '/?tab=nonsense']) {
      await page.goto(path);
      await see(page.getByRole('heading', { level: 1, name: /Know your game/ }));
      await settled(page);
      expect(await page.getByText(/^Sign in to see/).count(), path).toBe(0);
    }
    await visitor.context.close();
  });

  it('serves robots.txt, a sitemap with the seeded player and a 1200×630 PNG preview of them', async () => {
    const robots = await fetch(`${server.baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    const robotsText = await robots.text();
    expect(robotsText).toContain('Disallow: /api/');
    expect(robotsText).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);

    const index = await fetch(`${server.baseUrl}/sitemap.xml`);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const indexXml = await index.text();
    expect(indexXml).toContain(`<loc>${server.baseUrl}/sitemap-players-1.xml</loc>`);
    const playersXml = await (await fetch(`${server.baseUrl}/sitemap-players-1.xml`)).text();
    const playerUrl = [...playersXml.matchAll(/<loc>([^<]*sasha-seeded[^<]*)<\/loc>/g)][0]?.[1];
    expect(playerUrl).toMatch(/\/players\/(\d+)\/sasha-seeded/);
    const pages = await (await fetch(`${server.baseUrl}/sitemap-pages.xml`)).text();
    expect(pages).toContain(`<loc>${server.baseUrl}/login</loc>`);

    const id = /\/players\/(\d+)\//.exec(playerUrl ?? '')?.[1];
    const image = await fetch(`${server.baseUrl}/og/players/${id}.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await image.arrayBuffer());
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ width: 1200, height: 630 });
    const missing = await fetch(`${server.baseUrl}/og/players/999999.png`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Player not found', code: 'player_not_found' });
  });

  it('gives every button, star and tab a 44 px tap target on a 360 px phone', async () => {
    const problems: Record<string, SmallTarget[]> = {};
    const measure = async (page: Page, screen: string) => {
      await settled(page);
      const { checked, stars, small } = await smallTapTargets(page);
      expect(checked, `controls measured on ${screen}`).toBeGreaterThan(2);
      if (small.length > 0) problems[screen] = small;
      return { stars };
    };

    const visitor = await newTrackedPage(browser, server.baseUrl, PHONE);
    await visitor.page.goto('/?tab=rate');
    await see(visitor.page.getByRole('region', { name: 'Sign in to see Rate a Player' }));
    await measure(visitor.page, 'landing page with the deep-link notice');
    await visitor.page.goto('/login');
    await see(visitor.page.getByLabel('Password', { exact: true }));
    await measure(visitor.page, 'sign-in');
    expect(takeErrors(visitor)).toEqual([]);
    await visitor.context.close();

    const member = await newTrackedPage(browser, server.baseUrl, PHONE);
    const { page } = member;
    const signIn = await member.context.request.post('/api/auth/login', {
      data: { email: ron.email, password: ron.password },
    });
    expect(signIn.ok()).toBe(true);
    await page.goto('/?tab=rate');
    await see(page.getByRole('heading', { level: 1, name: 'Rate a Player' }));
    await measure(page, 'rate wizard step 1 and the tab bar');
    await addNewPlayerInWizard(page, 'Nia Newcomer');
    expect(await page.getByRole('radio', { name: '1 star', exact: true }).count()).toBeGreaterThanOrEqual(5);
    // Five categories and the overall, five stars each.
    expect((await measure(page, 'rate wizard step 2 (stars)')).stars).toBeGreaterThanOrEqual(30);

    expect(problems).toEqual({});
    expect(takeErrors(member)).toEqual([]);
    await member.context.close();
  });
});
