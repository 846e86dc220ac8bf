/** Page metadata shared by the server (HTML it sends) and the client (on navigation). */
export type PageMeta = {
  title: string;
  description: string;
  /** The canonical path (the server prefixes PUBLIC_URL). */
  path: string;
  /** Kept out of search engines' indexes (`<meta name="robots" content="noindex">`). */
  noindex?: boolean;
  /** The link-preview picture; absent: the site's /og-image.png. `url` is absolute or a path. */
  image?: { url: string; alt: string; width: number; height: number };
  /** Structured data for this page, each object sent as its own JSON-LD script (the organisation's always). */
  jsonLd?: object[];
  /** og:type; 'website' when absent. */
  ogType?: 'website' | 'profile';
};

export const SITE_NAME = 'Pickleball Ratings';
/** The site's own preview picture (client/public/og-image.png). */
export const SITE_IMAGE = {
  url: '/og-image.png',
  alt: `${SITE_NAME}: peer-built pickleball ratings`,
  width: 1200,
  height: 630,
};

export const SITE_KEYWORDS =
  'pickleball, pickleball ratings, player ratings, skill level, DUPR alternative, pickleball community';

const DEFAULT_DESCRIPTION =
  'Honest, peer-built pickleball ratings: rate players on serve and return, groundstrokes, net play, movement and mental game, and see how your community sees your game.';

export const PAGE_META: Record<string, PageMeta> = {
  '/': { title: `${SITE_NAME} – Peer-built pickleball player ratings`, description: DEFAULT_DESCRIPTION, path: '/' },
  '/login': {
    title: `Sign in – ${SITE_NAME}`,
    description: 'Sign in to rate players and see how others rate your game.',
    path: '/login',
  },
  '/register': {
    title: `Create your account – ${SITE_NAME}`,
    description: 'Join Pickleball Ratings: claim your player profile and start rating.',
    path: '/register',
  },
  '/verify': {
    title: `Verify your player profile – ${SITE_NAME}`,
    description: 'Claim and verify your pickleball player profile with a code sent by e-mail.',
    path: '/verify',
    noindex: true,
  },
  '/transparency': {
    title: `Transparency report – ${SITE_NAME}`,
    description:
      'What our moderators did each month: reports, decisions and their reasons, appeals, holds and removals.',
    path: '/transparency',
  },
  '/coming-soon': {
    title: `Coming soon – ${SITE_NAME}`,
    description: 'Be the first to know when Pickleball Ratings launches in your area.',
    path: '/coming-soon',
  },
  '/reset-password': {
    title: `Choose a new password – ${SITE_NAME}`,
    description: 'Set a new password for your Pickleball Ratings account.',
    path: '/reset-password',
    noindex: true,
  },
  '/unsubscribe': {
    title: `Unsubscribe – ${SITE_NAME}`,
    description: 'Switch off a kind of e-mail from Pickleball Ratings.',
    path: '/unsubscribe',
    noindex: true,
  },
  '/account': {
    title: `Your account – ${SITE_NAME}`,
    description: 'Download your data or delete your Pickleball Ratings account.',
    path: '/account',
    noindex: true,
  },
  '/dev-login': {
    title: `Developer sign-in – ${SITE_NAME}`,
    description: 'Developer access to Pickleball Ratings.',
    path: '/dev-login',
    noindex: true,
  },
};

export const NOT_FOUND_META: PageMeta = {
  title: `Page not found – ${SITE_NAME}`,
  description: DEFAULT_DESCRIPTION,
  path: '/404',
  noindex: true,
};

/** docs/product.md#page-metadata: the sports-organisation structured data. */
export function organizationJsonLd(baseUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsOrganization',
    name: SITE_NAME,
    sport: 'Pickleball',
    description: DEFAULT_DESCRIPTION,
    url: baseUrl,
    logo: `${baseUrl}/favicon.svg`,
  };
}

/** The element id of a page's own structured data (PageMeta.jsonLd), so the client can replace it on navigation. */
export const pageJsonLdId = (index: number) => `ld-page-${index}`;

/** The head tags for a client path: its own entry, else the 404 page's. */
export function pageMetaFor(pathname: string): PageMeta {
  return PAGE_META[pathname] ?? NOT_FOUND_META;
}

/** docs/product.md#page-metadata: the top 3 are Gold, Silver and Bronze; the rest of the top 10 are "Rank N". */
export function leaderboardAwardLabel(rank: number): string {
  return ['Gold', 'Silver', 'Bronze'][rank - 1] ?? `Rank ${rank}`;
}

export type LeaderboardJsonLdEntry = { rank: number; name: string; totalPoints: number; currentRank: string };

/**
 * docs/product.md#page-metadata: the ordered list of top raters. Each item has a name, the rank as an award, and a description
 * of points and rank. Only the top 10.
 */
export function leaderboardJsonLd(entries: LeaderboardJsonLdEntry[], baseUrl: string) {
  const top = [...entries].sort((a, b) => a.rank - b.rank).slice(0, 10);
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `${SITE_NAME} community leaderboard`,
    url: baseUrl,
    numberOfItems: top.length,
    itemListOrder: 'https://schema.org/ItemListOrderAscending',
    itemListElement: top.map((entry) => ({
      '@type': 'ListItem',
      position: entry.rank,
      item: {
        '@type': 'Person',
        name: entry.name,
        award: leaderboardAwardLabel(entry.rank),
        description: `${entry.totalPoints} points · ${entry.currentRank}`,
      },
    })),
  };
}
