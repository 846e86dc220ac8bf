/*
 * When young accounts' ratings of one player are a burst to hold for a second look (docs/product.md#bursts).
 * Pure, so the service and the planted-truth evaluation (npm run trust:eval) apply the same rule.
 */

const DAY_MS = 24 * 3600 * 1000;

export const BURST_RULE = {
  /** An account younger than this is young; a burst's held ratings count once their accounts are this old. */
  youngDays: 7,
  /** The window the young accounts' ratings of one player fall in. */
  windowHours: 24,
  /** Distinct young accounts rating one player within the window. */
  minAccounts: 5,
  /**
   * Young accounts must be unusual for the site: fewer than this share of the site's accounts, the burst's own left
   * out (so the burst cannot dilute the figure). On a new site, where most accounts are young, nothing is held.
   */
  maxSiteYoungShare: 0.5,
} as const;

export const YOUNG_ACCOUNT_MS = BURST_RULE.youngDays * DAY_MS;
export const BURST_WINDOW_MS = BURST_RULE.windowHours * 3600 * 1000;

export function isYoungAccount(accountCreatedAt: Date, now: Date): boolean {
  return now.getTime() - accountCreatedAt.getTime() < YOUNG_ACCOUNT_MS;
}

/** The site's accounts, and how many of them are young, counting the burst's own. */
export type SiteAccounts = { accounts: number; youngAccounts: number };

/** The share of the site's accounts outside the burst that are young; 1 when there are none (a new site). */
export function siteYoungShare(site: SiteAccounts, burstAccounts: number): number {
  const others = site.accounts - burstAccounts;
  if (others <= 0) return 1;
  return Math.max(0, site.youngAccounts - burstAccounts) / others;
}

/** Whether `burstAccounts` distinct young accounts rating one player within the window are held. */
export function isHeldBurst(burstAccounts: number, site: SiteAccounts): boolean {
  return burstAccounts >= BURST_RULE.minAccounts && siteYoungShare(site, burstAccounts) < BURST_RULE.maxSiteYoungShare;
}
