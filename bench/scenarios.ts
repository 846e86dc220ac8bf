import { LEADERBOARD_PERIODS } from '../common/constants';
import { SEARCH_RESULT_LIMIT } from '../common/schemas/players';
import { PLACES } from '../server/db/seed/places';
import { locatePlace } from '../server/features/locations/locations.service';
import type { Fixtures } from './bench-database';

/** One measured call: how to make the next request of it. */
export type Scenario = {
  name: string;
  route: string;
  /** reference: the floor routes; read and write: the hot calls with their targets (decision 003). */
  kind: 'reference' | 'read' | 'write';
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** The next request: its path, body, and headers beyond `headers`. */
  next: () => { path: string; body?: string; headers?: Record<string, string> };
  /** Paths asked once each, in turn, before the warm-up: what a call measured "cached" needs in the cache. */
  prime?: string[];
};

/** Cycles through a sample so consecutive requests hit different rows. */
function cycle<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('empty sample');
  let index = 0;
  return () => {
    const item = items[index % items.length];
    index += 1;
    return item;
  };
}

const STRENGTHS = [
  'Consistent third shot drops and patient at the kitchen line.',
  'Great hands at the net; could move up faster after the return.',
  'Solid serve and deep returns, needs more patience in dink rallies.',
];

export function buildScenarios(fixtures: Fixtures): Scenario[] {
  const { rater, admin, submitters, samples } = fixtures;
  const playerId = cycle(samples.playerIds);
  const ratedId = cycle(samples.ratedPlayerIds);
  const pagePath = cycle(samples.playerPaths);
  const keptPagePaths = samples.playerPaths.slice(0, 20);
  const keptPagePath = cycle(keptPagePaths);
  // A few players only, each drawn once before the measurement: then every image is served from the server's cache.
  const previewIds = samples.ratedPlayerIds.slice(0, 20);
  const previewId = cycle(previewIds);
  // pk-page's pages: the sample's players, 50 at a time (a search's page), each id a real player.
  const pkPageIds = cycle(
    Array.from({ length: Math.floor(samples.playerIds.length / SEARCH_RESULT_LIMIT) }, (_, page) =>
      samples.playerIds.slice(page * SEARCH_RESULT_LIMIT, (page + 1) * SEARCH_RESULT_LIMIT).join(','),
    ),
  );
  const term = cycle(samples.searchTerms);
  // The seed's places the bundled ZIP data can place (one of the 142 is not in it: a 400 is not the call measured).
  const nearZip = cycle(PLACES.filter((place) => locatePlace(place.zip) !== null));
  const target = cycle(samples.submitTargets);
  const submitter = cycle(submitters);
  const signedIn = (cookie: string) => ({ cookie });
  let submitted = 0;

  const scenarios: Scenario[] = [
    {
      name: 'noop',
      route: 'GET /api/bench/noop',
      kind: 'reference',
      method: 'GET',
      headers: {},
      next: () => ({ path: '/api/bench/noop' }),
    },
    {
      name: 'pk',
      route: 'GET /api/bench/pk?id=',
      kind: 'reference',
      method: 'GET',
      headers: {},
      next: () => ({ path: `/api/bench/pk?id=${playerId()}` }),
    },
    {
      name: 'pk-page',
      // The least work that answers a list call (decision 024): list calls are also compared with it.
      route: 'GET /api/bench/pk-page?ids= (50 players by primary key, as search results)',
      kind: 'reference',
      method: 'GET',
      headers: {},
      next: () => ({ path: `/api/bench/pk-page?ids=${pkPageIds()}` }),
    },
    {
      name: 'search',
      route: 'GET /api/players/search?q= (signed in)',
      kind: 'read',
      method: 'GET',
      headers: signedIn(rater.cookie),
      next: () => ({ path: `/api/players/search?q=${encodeURIComponent(term())}` }),
    },
    {
      name: 'search-near',
      // The seed's places, where its players live: a city's worth of players inside 25 miles.
      route: 'GET /api/players/search?near=<ZIP>&radiusMiles=25 (signed in)',
      kind: 'read',
      method: 'GET',
      headers: signedIn(rater.cookie),
      next: () => ({ path: `/api/players/search?near=${nearZip().zip}&radiusMiles=25` }),
    },
    {
      name: 'player',
      route: 'GET /api/players/:id',
      kind: 'read',
      method: 'GET',
      headers: {},
      next: () => ({ path: `/api/players/${playerId()}` }),
    },
    {
      name: 'player-page',
      // A shared link opened by a visitor or a link-preview bot: the server's HTML with the player's head and facts.
      route: 'GET /players/:id/:slug (HTML)',
      kind: 'read',
      method: 'GET',
      headers: { 'accept-encoding': 'br, gzip' },
      next: () => ({ path: pagePath() }),
    },
    {
      name: 'player-page-cached',
      // The same for a few players, each drawn once before the measurement: a link shared widely is opened again and
      // again, and its page is kept while the player's version holds (the call above mostly draws: 2,000 players).
      route: 'GET /players/:id/:slug (HTML, kept)',
      kind: 'read',
      method: 'GET',
      headers: { 'accept-encoding': 'br, gzip' },
      next: () => ({ path: keptPagePath() }),
      prime: keptPagePaths,
    },
    {
      name: 'player-page-api',
      route: 'GET /api/players/:id/page',
      kind: 'read',
      method: 'GET',
      headers: {},
      next: () => ({ path: `/api/players/${ratedId()}/page` }),
    },
    {
      name: 'preview-image',
      // A link-preview bot fetching a shared player's picture (PNG, cached in memory after its first render).
      route: 'GET /og/players/:id.png (cached)',
      kind: 'read',
      method: 'GET',
      headers: {},
      next: () => ({ path: `/og/players/${previewId()}.png` }),
      prime: previewIds.map((id) => `/og/players/${id}.png`),
    },
    {
      name: 'received',
      // The first page as Ratings About Me asks for it (20 newest); the call's default page is 50.
      route: 'GET /api/players/:id/received-ratings?limit=20 (admin)',
      kind: 'read',
      method: 'GET',
      headers: signedIn(admin.cookie),
      next: () => ({ path: `/api/players/${ratedId()}/received-ratings?limit=20` }),
    },
    {
      name: 'comments',
      // The player page's comment list as it first asks for it (its default page, 10 newest).
      route: 'GET /api/players/:id/comments',
      kind: 'read',
      method: 'GET',
      headers: {},
      next: () => ({ path: `/api/players/${ratedId()}/comments` }),
    },
    {
      name: 'my-ratings',
      // My Ratings' first page (20 newest) for the rater with the most ratings.
      route: 'GET /api/my-ratings?limit=20 (signed in)',
      kind: 'read',
      method: 'GET',
      headers: signedIn(rater.cookie),
      next: () => ({ path: '/api/my-ratings?limit=20' }),
    },
    {
      name: 'submit',
      route: `POST /api/ratings (${submitters.length} raters in turn, a new player each)`,
      kind: 'write',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      next: () => {
        const player = target();
        submitted += 1;
        const score = (offset: number) => 1 + ((player.id + offset) % 5);
        return {
          path: '/api/ratings',
          headers: signedIn(submitter().cookie),
          body: JSON.stringify({
            playerId: player.id,
            playerName: player.name,
            isAnonymous: submitted % 2 === 0,
            serveReturn: score(0),
            groundstrokesThirdShot: score(1),
            netPlayVolleysDinks: score(2),
            movementCourtAwareness: score(3),
            mentalPhysicalGame: score(4),
            overallRating: 3,
            strengthsImprovements: STRENGTHS[submitted % STRENGTHS.length],
          }),
        };
      },
    },
    ...LEADERBOARD_PERIODS.map((period): Scenario => ({
      name: `leaderboard-${period}`,
      route: `GET /api/leaderboard?period=${period}`,
      kind: 'read',
      method: 'GET',
      headers: signedIn(rater.cookie),
      next: () => ({ path: `/api/leaderboard?period=${period}` }),
    })),
    {
      name: 'my-stats',
      route: 'GET /api/gamification/my-stats',
      kind: 'read',
      method: 'GET',
      headers: signedIn(rater.cookie),
      next: () => ({ path: '/api/gamification/my-stats' }),
    },
  ];
  return scenarios;
}

/**
 * Calls that answer a list: reported against pk-page as well as pk, and held to their target against pk-page, the
 * least work that answers a page (decision 024).
 */
export const LIST_CALLS: ReadonlySet<string> = new Set([
  'search',
  'search-near',
  'received',
  'comments',
  'my-ratings',
  ...LEADERBOARD_PERIODS.map((period) => `leaderboard-${period}`),
]);

/** The targets at 10 connections (decision 003), as a share of the primary-key route's requests per second. */
export const TARGET_SHARE_OF_PK: Record<Scenario['kind'], number | null> = {
  reference: null,
  read: 0.5,
  write: 0.25,
};
