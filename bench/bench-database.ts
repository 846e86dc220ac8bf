import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { playerPath } from '../common/player-path';
import type { Database, Executor } from '../server/db/client';
import { sessions, users } from '../server/db/schema/index';
import { eraseRatingsByRater } from '../server/features/ratings/rating-erasure.service';
import { hmac, newToken } from '../server/lib/tokens';
import { IDLE_TIMEOUT_MS, SECURE_SESSION_COOKIE } from '../server/plugins/session';

/** Creates the bench database when missing (or anew with fresh), through the server's maintenance database. */
export async function ensureDatabase(url: string, options: { fresh: boolean }): Promise<'created' | 'exists'> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    if (options.fresh) await client.query(`drop database if exists ${name} with (force)`);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return 'exists';
    await client.query(`create database ${name}`);
    return 'created';
  } finally {
    await client.end();
  }
}

/** Raw SQL on the bench's node-postgres connection (Drizzle's execute is untyped across drivers). */
async function execute<T>(db: Executor, query: SQL): Promise<{ rows: T[]; rowCount: number | null }> {
  return (await db.execute(query)) as { rows: T[]; rowCount: number | null };
}

/** How many bench raters take turns at submitting ratings. */
const BENCH_SUBMITTERS = 100;
/** How old the bench raters' accounts are. */
const BENCH_RATER_AGE_DAYS = 30;

export type BenchUser = { id: string; email: string; cookie: string; sid: string };

/** A session row written the way plugins/session.ts writes one; returns the Cookie header value. */
export async function signIn(db: Executor, secret: string, user: { id: string; email: string }): Promise<BenchUser> {
  const token = newToken();
  const sid = hmac(secret, token);
  await db.insert(sessions).values({
    sid,
    sess: { userId: user.id, createdAt: Date.now() },
    expire: new Date(Date.now() + IDLE_TIMEOUT_MS),
    userId: user.id,
  });
  return { ...user, sid, cookie: `${SECURE_SESSION_COOKIE}=${token}` };
}

export type Fixtures = {
  /** The seeded rater with the most ratings: my-stats, leaderboard and signed-in search. */
  rater: BenchUser;
  /** A bench-only admin: reads any player's received ratings. */
  admin: BenchUser;
  /**
   * Bench-only raters with no ratings yet, taking turns: each submits one rating per player. Real traffic
   * is many raters each rating now and then; one rater submitting on every connection at once measures
   * the wait on that rater's own totals row instead (every submit locks it until commit).
   */
  submitters: BenchUser[];
  samples: {
    searchTerms: string[];
    playerIds: number[];
    /** The same players' page paths (/players/:id/:slug), as a shared link opens them. */
    playerPaths: string[];
    ratedPlayerIds: number[];
    /** Players the submitters may rate, shuffled, with the names the rating form sends. */
    submitTargets: { id: number; name: string }[];
  };
};

type SampleRow = { id: number; first_name: string; last_name: string; location: string; rating_count: number };

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** A typing slip: two neighbouring letters swapped in the middle of the word ("Smtih"). */
function misspelled(word: string): string {
  if (word.length < 4) return word;
  const at = Math.floor(word.length / 2) - 1;
  return `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
}

/**
 * Search text the way people type it into the rate wizard, which asks at each pause: the first 2 or 3 letters of a
 * name, a last name or its start, a full name (whole or with the last name begun), a city, a misspelt last name.
 */
function searchTermsFrom(rows: SampleRow[]): string[] {
  return rows.map((row, i) => {
    switch (i % 10) {
      case 0:
        return row.first_name.slice(0, 2);
      case 1:
        return row.last_name.slice(0, 3);
      case 2:
        return row.last_name.slice(0, Math.max(3, Math.min(5, row.last_name.length)));
      case 3:
        return `${row.first_name} ${row.last_name.slice(0, 2)}`;
      case 4:
      case 5:
        return `${row.first_name} ${row.last_name}`;
      case 6:
        return row.location.split(',')[0];
      case 7:
        return misspelled(row.last_name);
      default:
        return row.last_name;
    }
  });
}

export async function prepareFixtures(database: Database, secret: string): Promise<Fixtures> {
  const { db } = database;
  const runId = Date.now().toString(36);
  const {
    rows: [top],
  } = await execute<{ id: string; email: string }>(
    db,
    sql`select u.id, u.email from rater_stats s join users u on u.id = s.user_id
        order by s.ratings_submitted desc limit 1`,
  );
  if (!top) throw new Error('the bench database has no raters; seed it first');

  const [admin, ...raters] = await db
    .insert(users)
    .values([
      { email: `bench-admin-${runId}@example.org`, isAdmin: true, authProvider: 'password', emailVerified: true },
      // Members of some weeks, as most raters are: an account younger than 7 days adds the burst probe to its
      // submit (docs/product.md#bursts), a cost of new accounts only, which a rater made now would measure instead.
      ...Array.from({ length: BENCH_SUBMITTERS }, (_, i) => ({
        email: `bench-rater-${runId}-${i}@example.org`,
        authProvider: 'password',
        emailVerified: true,
        firstName: 'Bench',
        createdAt: new Date(Date.now() - BENCH_RATER_AGE_DAYS * 24 * 3600 * 1000),
      })),
    ])
    .returning({ id: users.id, email: users.email });

  const sample = async (condition: ReturnType<typeof sql>, limit: number) =>
    (
      await execute<SampleRow>(
        db,
        sql`select id, first_name, last_name, location, rating_count from players
        tablesample bernoulli (5) where ${condition} limit ${limit}`,
      )
    ).rows;
  const anyPlayers = await sample(sql`true`, 2000);
  const ratedPlayers = await sample(sql`rating_count > 0`, 2000);
  const submitRows = (
    await execute<SampleRow>(
      db,
      sql`select id, first_name, last_name from players where user_id is null order by random() limit 60000`,
    )
  ).rows;

  return {
    rater: await signIn(db, secret, top),
    admin: await signIn(db, secret, admin),
    submitters: await Promise.all(raters.map((rater) => signIn(db, secret, rater))),
    samples: {
      searchTerms: shuffle(searchTermsFrom(anyPlayers)),
      playerIds: shuffle(anyPlayers.map((row) => row.id)),
      playerPaths: shuffle(
        anyPlayers.map((row) =>
          playerPath({ id: row.id, firstName: row.first_name, lastName: row.last_name, location: row.location }),
        ),
      ),
      ratedPlayerIds: shuffle(ratedPlayers.map((row) => row.id)),
      submitTargets: shuffle(submitRows.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}` }))),
    },
  };
}

/**
 * Takes back what the bench's raters wrote through the erasure the app itself runs: each rating deleted and its
 * effect taken back by the effects module (features/ratings/rating-effects.service.ts), so the seeded data stays
 * consistent between runs (the recount checks it: --verify).
 */
export async function eraseBenchRatings(
  db: Database['db'],
  raters: Pick<BenchUser, 'id' | 'email'>[],
): Promise<number> {
  return db.transaction(async (tx) => {
    let erased = 0;
    for (const rater of raters)
      erased += (await eraseRatingsByRater(tx, { userId: rater.id, email: rater.email })).erased;
    return erased;
  });
}

/** Removes what the bench added: its ratings (effects taken back), its users (stats cascade) and sessions. */
export async function cleanupFixtures(database: Database, fixtures: Fixtures): Promise<number> {
  const { db } = database;
  const erased = await eraseBenchRatings(db, fixtures.submitters);
  await db.transaction(async (tx) => {
    const submitterIds = fixtures.submitters.map((submitter) => submitter.id);
    await tx.delete(sessions).where(eq(sessions.sid, fixtures.rater.sid));
    await tx.delete(users).where(inArray(users.id, [fixtures.admin.id, ...submitterIds]));
  });
  return erased;
}
