import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { playerPath } from '../common/player-path';
import type { Database, Executor } from '../server/db/client';
import { sessions, users } from '../server/db/schema/index';
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
      ...Array.from({ length: BENCH_SUBMITTERS }, (_, i) => ({
        email: `bench-rater-${runId}-${i}@example.org`,
        authProvider: 'password',
        emailVerified: true,
        firstName: 'Bench',
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
 * Takes back ratings the bench submitted: deletes them and subtracts exactly what they added to
 * their players' running aggregates, so the seeded data stays consistent between runs.
 */
export async function undoRatings(db: Executor, raterUserIds: string[], ratingId?: number): Promise<number> {
  const result = await execute(
    db,
    sql`
    with gone as (
      delete from ratings where rater_user_id = any(${sql.param(raterUserIds)}::uuid[])
        and (${ratingId ?? null}::int is null or id = ${ratingId ?? null}::int)
      returning *
    ), totals as (
      -- floor(x + 0.5) buckets stars as ratings.repo starBucket (Math.round) does.
      select player_id, count(*)::int as c, sum(overall_rating) as o,
        sum(serve_return)::int as s1, sum(groundstrokes_third_shot)::int as s2, sum(net_play_volleys_dinks)::int as s3,
        sum(movement_court_awareness)::int as s4, sum(mental_physical_game)::int as s5,
        (count(*) filter (where floor(overall_rating + 0.5) = 1))::int as t1,
        (count(*) filter (where floor(overall_rating + 0.5) = 2))::int as t2,
        (count(*) filter (where floor(overall_rating + 0.5) = 3))::int as t3,
        (count(*) filter (where floor(overall_rating + 0.5) = 4))::int as t4,
        (count(*) filter (where floor(overall_rating + 0.5) = 5))::int as t5
      -- Only what was counted: an anonymous rating adds to its player's aggregates at its release, not before.
      from gone where listed_at is not null group by player_id
    )
    update players p set
      rating_count = p.rating_count - t.c, overall_sum = p.overall_sum - t.o,
      serve_return_sum = p.serve_return_sum - t.s1, groundstrokes_third_shot_sum = p.groundstrokes_third_shot_sum - t.s2,
      net_play_volleys_dinks_sum = p.net_play_volleys_dinks_sum - t.s3,
      movement_court_awareness_sum = p.movement_court_awareness_sum - t.s4,
      mental_physical_game_sum = p.mental_physical_game_sum - t.s5,
      stars_1 = p.stars_1 - t.t1, stars_2 = p.stars_2 - t.t2, stars_3 = p.stars_3 - t.t3,
      stars_4 = p.stars_4 - t.t4, stars_5 = p.stars_5 - t.t5
    from totals t where p.id = t.player_id`,
  );
  return result.rowCount ?? 0;
}

/** Removes what the bench added: its ratings (aggregates restored), its users (stats cascade) and sessions. */
export async function cleanupFixtures(database: Database, fixtures: Fixtures): Promise<number> {
  const { db } = database;
  return db.transaction(async (tx) => {
    const submitterIds = fixtures.submitters.map((submitter) => submitter.id);
    const players = await undoRatings(tx, submitterIds);
    await tx.delete(sessions).where(eq(sessions.sid, fixtures.rater.sid));
    await tx.delete(users).where(inArray(users.id, [fixtures.admin.id, ...submitterIds]));
    return players;
  });
}
