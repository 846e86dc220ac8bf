import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/schema/index';
import { seedDatabase } from '../../server/db/seed/seed-database';
import { signIn, type BenchUser } from '../bench-database';
import type { RequestSpec } from './driver';

export type ChaosData = {
  raters: BenchUser[];
  /** Players no rater has rated yet (none linked to a rater), with the name the rating form sends. */
  targets: { id: number; name: string }[];
  searchTerms: string[];
  /** Submissions made so far, across scenarios sharing this data (the next pair is always new). */
  cursor: { submitted: number };
};

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Seeds a small dataset, then adds confirmed raters with sessions written the way the server writes them
 * (the same session secret goes to the server), so every rater is signed in without a password check.
 */
export async function prepareData(
  database: Database,
  secret: string,
  options: { players: number; ratings: number; raters: number },
): Promise<ChaosData> {
  await seedDatabase(database, { players: options.players, ratings: options.ratings, seed: 7 });
  const runId = Date.now().toString(36);
  const created = await database.db
    .insert(users)
    .values(
      Array.from({ length: options.raters }, (_, i) => ({
        email: `chaos-rater-${runId}-${i}@example.org`,
        authProvider: 'password',
        emailVerified: true,
        firstName: 'Chaos',
      })),
    )
    .returning({ id: users.id, email: users.email });
  const raters: BenchUser[] = [];
  for (const user of created) raters.push(await signIn(database.db, secret, user));

  const { rows } = (await database.db.execute(
    sql`select id, first_name, last_name from players where user_id is null order by id`,
  )) as { rows: { id: number; first_name: string; last_name: string }[] };
  // Submission k goes from rater k mod R to player k mod P: with R and P coprime, no pair repeats
  // before R x P submissions, and neighbouring submissions touch different raters and players.
  let count = rows.length;
  while (count > 1 && gcd(count, raters.length) !== 1) count -= 1;
  const targets = rows.slice(0, count).map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}` }));
  const searchTerms = [...new Set(rows.slice(0, 500).map((row) => row.last_name))];
  return { raters, targets, searchTerms, cursor: { submitted: 0 } };
}

/** Submissions on distinct (rater, player) pairs, so each one is answered 201 with a new rating id. */
export function submissions(data: ChaosData): () => RequestSpec {
  return () => {
    const k = data.cursor.submitted;
    data.cursor.submitted += 1;
    const rater = data.raters[k % data.raters.length];
    const player = data.targets[k % data.targets.length];
    const score = (offset: number) => 1 + ((player.id + offset) % 5);
    return {
      kind: 'submit',
      method: 'POST',
      path: '/api/ratings',
      headers: { cookie: rater.cookie },
      body: JSON.stringify({
        playerId: player.id,
        playerName: player.name,
        isAnonymous: k % 2 === 0,
        serveReturn: score(0),
        groundstrokesThirdShot: score(1),
        netPlayVolleysDinks: score(2),
        movementCourtAwareness: score(3),
        mentalPhysicalGame: score(4),
        overallRating: score(5),
        strengthsImprovements: 'Steady at the kitchen line, patient in dink rallies.',
      }),
    };
  };
}

/** Reads people make most: a player's page (anonymous) and a search (signed in). */
export function reads(data: ChaosData): () => RequestSpec {
  let k = 0;
  return () => {
    k += 1;
    const player = data.targets[(k * 7919) % data.targets.length];
    if (k % 2 === 0) return { kind: 'read', method: 'GET', path: `/api/players/${player.id}` };
    const term = data.searchTerms[k % data.searchTerms.length];
    const cookie = data.raters[k % data.raters.length].cookie;
    return {
      kind: 'read',
      method: 'GET',
      path: `/api/players/search?q=${encodeURIComponent(term)}`,
      headers: { cookie },
    };
  };
}

/** Reads and submissions mixed: one submission in every `every` requests. */
export function mixed(data: ChaosData, every = 4): () => RequestSpec {
  const read = reads(data);
  const submit = submissions(data);
  let k = 0;
  return () => {
    k += 1;
    return k % every === 0 ? submit() : read();
  };
}

/** The id of an answered submission (201 body), if it has one. */
export function createdId(body: string | undefined): number | null {
  if (!body) return null;
  try {
    const id = (JSON.parse(body) as { id?: unknown }).id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

/** Which of the ids the ratings table holds. */
export async function storedRatingIds(database: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = (await database.db.execute(
    sql`select id from ratings where id = any(${`{${ids.join(',')}}`}::int[])`,
  )) as { rows: { id: number }[] };
  return new Set(rows.map((row) => row.id));
}
