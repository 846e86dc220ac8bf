/** Page metadata shared by the server (HTML it sends) and the client (on navigation). */
export type PageMeta = { title: string; description: string; path: string };

export const SITE_NAME = 'Pickleball Ratings';
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
  },
  '/coming-soon': {
    title: `Coming soon – ${SITE_NAME}`,
    description: 'Be the first to know when Pickleball Ratings launches in your area.',
    path: '/coming-soon',
  },
  '/dev-login': {
    title: `Developer sign-in – ${SITE_NAME}`,
    description: 'Developer access to Pickleball Ratings.',
    path: '/dev-login',
  },
};

export const NOT_FOUND_META: PageMeta = {
  title: `Page not found – ${SITE_NAME}`,
  description: DEFAULT_DESCRIPTION,
  path: '/404',
};

/** §1: the sports-organisation structured data. */
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
