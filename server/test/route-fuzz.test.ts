import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../common/error-codes';
import { players } from '../db/schema/index';
import { openLoader } from '../db/seed/loader';
import { verifyAggregates } from '../db/seed/verify';
import { freshIp } from '../features/auth/auth-fixtures';
import { addPlayer } from '../features/players/players-fixtures';
import { searchColumns } from '../features/players/search-columns';
import { ratingBody } from '../features/ratings/ratings-fixtures';
import { anyRequest, describeRequest, routeSpecs, type RequestTemplate, type RouteSpec } from './fuzz/route-requests';
import { adminTokenHeaders, signInAs } from './sign-in';
import { createTestApp, TEST_ADMIN, type TestApp } from './test-app';

/*
 * Bad input, at scale: requests for every registered route, built from the route's own schemas with valid,
 * near-valid and hostile values, sent as an anonymous caller, a signed-in user with a confirmed e-mail and an
 * admin. No answer may be a 5xx, every error must be JSON {message, code}, and afterwards every running aggregate
 * must still equal its rows. A failure prints fast-check's seed and path; FUZZ_SEED and FUZZ_RUNS replay or
 * widen a run.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 700);
/** FUZZ_ALL=1 keeps going after a failure and lists every distinct one (no shrinking): for hunting, not CI. */
const REPORT_ALL = process.env.FUZZ_ALL === '1';
const CALLERS = ['anonymous', 'user', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

/** Confirmed users: each but the last has a player profile of its own. */
const USERS = [
  'fuzz.1@example.com',
  'fuzz.2@example.com',
  'fuzz.3@example.com',
  'fuzz.4@example.com',
  'fuzz.5@example.com',
];
const ADMIN_USER = 'fuzz.admin@example.com';

/** Which of the answer's rules it breaks, or null. HEAD answers carry no body to check. */
function problemWith(method: string, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.payload.slice(0, 300)}`;
  if (res.statusCode < 400 || method === 'HEAD') return null;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
    return `error ${res.statusCode} is not JSON (content-type ${String(res.headers['content-type'])})`;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.payload);
  } catch {
    return `error ${res.statusCode} has a body that does not parse: ${res.payload.slice(0, 300)}`;
  }
  const { message, code } = (body ?? {}) as { message?: unknown; code?: unknown };
  if (typeof message !== 'string') return `error ${res.statusCode} has no string message: ${res.payload.slice(0, 300)}`;
  if (typeof code !== 'string' || !Object.hasOwn(ERROR_CODES, code)) {
    return `error ${res.statusCode} has no code of common/error-codes.ts: ${res.payload.slice(0, 300)}`;
  }
  return null;
}

describe('route fuzz: every route, bad input, three kinds of caller', () => {
  let t: TestApp;
  let routes: RouteSpec[];
  const cookies = new Map<string, string>();
  let adminToken: Record<string, string>;
  let sent = 0;
  const statuses = new Map<number, number>();
  const failures = new Map<string, string>();
  const byRoute = new Map<string, number[]>();
  const slowest: [number, string][] = [];

  const cookieOf = async (email: string, fresh: boolean, isAdmin = false) => {
    const cached = cookies.get(email);
    if (cached && !fresh) return cached;
    const cookie = await signInAs(t, { email, isAdmin });
    cookies.set(email, cookie);
    return cookie;
  };

  /** The caller's credentials; `variant` picks which user, and whether the admin uses a session or a token. */
  const credentials = async (caller: Caller, variant: number, fresh: boolean): Promise<Record<string, string>> => {
    if (caller === 'anonymous') return {};
    if (caller === 'user') return { cookie: await cookieOf(USERS[variant % USERS.length], fresh) };
    if (variant % 2 === 0) return { cookie: await cookieOf(ADMIN_USER, fresh, true) };
    if (fresh) adminToken = await adminTokenHeaders(t);
    return adminToken;
  };

  const send = async (template: RequestTemplate, caller: Caller, variant: number) => {
    const headers: Record<string, string> = {
      ...(await credentials(caller, variant, template.needsFreshCredentials)),
      ...template.extraHeaders,
      ...(template.contentType ? { 'content-type': template.contentType } : {}),
    };
    const requestStarted = performance.now();
    const res = await t.app.inject({
      method: template.route.method as 'GET',
      url: template.url,
      headers,
      // A few addresses, so the per-IP limits are reached sometimes but do not answer everything.
      remoteAddress: `10.9.0.${variant % 8}`,
      ...(template.payload === undefined ? {} : { payload: template.payload }),
    });
    sent += 1;
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    if (REPORT_ALL) {
      const key = `${template.route.method} ${template.route.url}`;
      byRoute.set(key, [...(byRoute.get(key) ?? []), res.statusCode]);
      slowest.push([performance.now() - requestStarted, `${caller} ${describeRequest(template)}`.slice(0, 300)]);
    }
    return res;
  };

  const call = async (method: string, url: string, cookie: string, payload?: object) => {
    const res = await t.app.inject({
      method: method as 'POST',
      url,
      headers: { cookie },
      payload,
      remoteAddress: freshIp(),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.payload}`);
    return res.json<Record<string, unknown>>();
  };

  let setupMs = 0;
  beforeAll(async () => {
    const setupStarted = Date.now();
    t = await createTestApp({ BENCH_ROUTES: 'true' });
    routes = routeSpecs(t.app);
    adminToken = await adminTokenHeaders(t);
    // Rows for valid-looking ids to reach: the users' own players, unlinked ones, ratings between the users
    // (one held by moderation), a helpfulness vote and a pending claim.
    const playerIds: number[] = [];
    for (const [index, email] of USERS.slice(0, -1).entries()) {
      const cookie = await cookieOf(email, true);
      const reply = await call('POST', '/api/players', cookie, {
        firstName: `Fuzz${index}`,
        lastName: 'Player',
        email,
        skillLevel: '3.5',
        location: 'Austin, TX 78701',
      });
      playerIds.push((reply.player as { id: number }).id);
    }
    for (let index = 0; index < 30; index += 1) await addPlayer(t.database.db, { firstName: `Unlinked${index}` });
    const ratingIds: number[] = [];
    for (const [rater, email] of USERS.slice(0, -1).entries()) {
      const rated = (rater + 1) % playerIds.length;
      const reply = await call(
        'POST',
        '/api/ratings',
        await cookieOf(email, true),
        ratingBody(playerIds[rated], {
          playerName: `Fuzz${rated} Player`,
          strengthsImprovements:
            rater === 0 ? 'What a fucking cheater, calls every ball out.' : 'Great soft game at the kitchen line.',
        }),
      );
      ratingIds.push(reply.id as number);
    }
    await call('POST', `/api/ratings/${ratingIds[0]}/helpfulness`, await cookieOf(USERS[1], true), {
      helpfulnessScore: 5,
    });
    // A report decided by a removal, and its rater's appeal: ids for the decision and appeal routes to reach.
    await call('POST', `/api/ratings/${ratingIds[1]}/reports`, await cookieOf(USERS[3], true), {
      reason: 'not-based-on-play',
    });
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${ratingIds[1]}/decision`,
      headers: adminToken,
      payload: { outcome: 'remove', rule: 'not-based-on-play', statement: 'Hearsay, not play.' },
    });
    if (decided.statusCode !== 200)
      throw new Error(`report decision answered ${decided.statusCode}: ${decided.payload}`);
    const decisionId = decided.json<{ decision: { id: number } }>().decision.id;
    await call('POST', `/api/decisions/${decisionId}/appeal`, await cookieOf(USERS[1], true), {
      text: 'I played them.',
    });
    await call('POST', `/api/players/${playerIds.length + 1}/match-request`, await cookieOf(USERS.at(-1)!, true), {
      firstName: 'Unlinked0',
      lastName: 'Player',
      email: USERS.at(-1),
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
    setupMs = Date.now() - setupStarted;
  });
  afterAll(() => t?.close());

  it(`sends ${RUNS} requests as each caller: no 5xx, every error JSON {message, code}`, async () => {
    const known = { emails: [...USERS, ADMIN_USER, TEST_ADMIN.email, 'nobody@example.com'] };
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(anyRequest(routes, known), fc.nat(), async (template, variant) => {
        for (const caller of CALLERS) {
          const res = await send(template, caller, variant);
          const problem = problemWith(template.route.method, res);
          if (!problem) continue;
          const failure = `${caller}: ${template.route.method} ${template.route.url}: ${problem}`;
          if (!REPORT_ALL) throw new Error(failure);
          failures.set(
            `${template.route.method} ${template.route.url} ${problem.slice(0, 60)}`,
            `${failure}\n  ${describeRequest(template)}`,
          );
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    console.info(
      `route fuzz: ${sent} requests over ${routes.length} routes in ${Date.now() - started} ms after ${setupMs} ms of set-up (seed ${SEED});` +
        ` statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    if (REPORT_ALL) {
      for (const [route, codes] of [...byRoute].sort()) {
        const counts = new Map<number, number>();
        for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
        console.info(route, JSON.stringify(Object.fromEntries(counts)));
      }
      const total = slowest.reduce((sum, [ms]) => sum + ms, 0);
      console.info(`in inject: ${Math.round(total)} ms; slowest:`);
      for (const [ms, request] of slowest.sort(([a], [b]) => b - a).slice(0, 15)) console.info(Math.round(ms), request);
    }
    expect([...failures.values()], `seed ${SEED}`).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(2000);
  }, 300_000);

  it('leaves every running aggregate equal to the rows it summarises', async () => {
    // The seed's own recomputation (players, ratings' helpfulness and holds, rater stats, ranks, daily stats).
    const results = await verifyAggregates(t.database);
    expect(results.length).toBeGreaterThan(5);
    expect(results.filter((result) => result.mismatches > 0)).toEqual([]);
  });

  it('leaves every player’s search columns equal to the normalised name and location', async () => {
    const rows = await t.database.db.select().from(players);
    const stale = rows.filter((row) => {
      const expected = searchColumns(row);
      return (
        row.searchName !== expected.searchName ||
        row.searchLast !== expected.searchLast ||
        row.searchLocation !== expected.searchLocation
      );
    });
    expect(stale.map((row) => row.id)).toEqual([]);
  });

  it('leaves the rows within the product rules: no self-rating, votes only from the rated player', async () => {
    const loader = await openLoader(t.database);
    try {
      const [row] = await loader.query<{ own: number; foreign: number; counts: number }>(
        `select
          (select count(*) from ratings r join players p on p.id = r.player_id where p.user_id = r.rater_user_id)::int as own,
          (select count(*) from rating_helpfulness h join ratings r on r.id = h.rating_id join players p on p.id = r.player_id
            where p.user_id is distinct from h.user_id or r.rater_user_id = h.user_id)::int as foreign,
          (select count(*) from rater_stats where ratings_submitted < 0 or helpfulness_count < 0 or total_points < 0)::int as counts`,
      );
      expect(row).toEqual({ own: 0, foreign: 0, counts: 0 });
    } finally {
      loader.release();
    }
  });

  it('still answers afterwards', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});
