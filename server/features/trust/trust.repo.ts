import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import type { OverallEstimate } from '../../../common/schemas/trust';
import {
  playerSkill,
  raterTrust,
  trustFlags,
  trustJobs,
  trustPredictions,
  trustRuns,
  users,
  type StoredSkill,
} from '../../db/schema/index';

/*
 * The model's reads and the worker's bookkeeping are hand-written statements, declared once as prepared statements
 * (server/db/prepared.ts) so their SQL is checked in under server/db/queries/trust_*.sql.
 */

/** A rating as the model reads it: the six stars in the model's field order, dated by its last change. */
export type RatingInput = {
  id: number;
  playerId: number;
  raterKey: string;
  stars: [number, number, number, number, number, number];
  at: number;
};

export type PlayerInput = { id: number; skillLevel: string; importedBy: string | null; ownerKey: string | null };

const ratingInputColumns = sql`r.id, r.player_id as "playerId", lower(r.rater_email) as "raterKey",
  r.serve_return as s1, r.groundstrokes_third_shot as s2, r.net_play_volleys_dinks as s3,
  r.movement_court_awareness as s4, r.mental_physical_game as s5, r.overall_rating as s6,
  floor(extract(epoch from r.published_at) * 1000)::float8 as at`;

type RawRating = { id: number; playerId: number; raterKey: string; at: number } & Record<
  `s${1 | 2 | 3 | 4 | 5 | 6}`,
  number
>;

const toRatingInput = (row: RawRating): RatingInput => ({
  id: row.id,
  playerId: row.playerId,
  raterKey: row.raterKey,
  // An edited overall is the one-decimal mean of the five (product rule): the model reads whole stars.
  stars: [row.s1, row.s2, row.s3, row.s4, row.s5, Math.min(5, Math.max(1, Math.round(Number(row.s6))))],
  at: Number(row.at),
});

export type RatingRow = RawRating;

const ratingPageQuery = preparedStatement<{ after: number; limit: number }>(
  'trust_rating_page',
  () => sql`select ${ratingInputColumns} from ratings r
    where r.id > ${sql.placeholder('after')} and r.listed_at is not null
    order by r.id limit ${sql.placeholder('limit')}`,
);

/**
 * The full run's read: the next `limit` listed ratings after id `after`, by primary key, as raw rows (the caller
 * packs them into arrays). Each page is one short index range, so no statement grows with the site.
 */
export async function loadRatingPage(db: Executor, after: number, limit: number): Promise<RatingRow[]> {
  return (await ratingPageQuery.run(db, { after, limit })) as RatingRow[];
}

const ratingsOfPlayersQuery = preparedStatement<{ ids: number[] }>(
  'trust_ratings_of_players',
  () => sql`select ${ratingInputColumns} from ratings r
    where r.player_id = any(${sql.placeholder('ids')}::int[]) and r.listed_at is not null`,
);

export async function loadRatingsOfPlayers(db: Executor, playerIds: number[]): Promise<RatingInput[]> {
  if (playerIds.length === 0) return [];
  return ((await ratingsOfPlayersQuery.run(db, { ids: playerIds })) as RawRating[]).map(toRatingInput);
}

const playerInputColumns = sql`p.id, p.skill_level as "skillLevel", p.imported_by as "importedBy",
  lower(u.email) as "ownerKey"`;

/** The planner's row count of ratings (no scan): how much room the full run's arrays take at once. */
export async function estimatedRatingCount(db: Executor): Promise<number> {
  const [row] = await estimatedRatingsQuery.run(db, {});
  return Number(row?.n ?? 0);
}

const estimatedRatingsQuery = preparedStatement(
  'trust_estimated_rating_count',
  () => sql`select reltuples::float8 as n from pg_class where oid = 'ratings'::regclass`,
);

const ratedPlayerPageQuery = preparedStatement<{ after: number; limit: number }>(
  'trust_rated_player_page',
  () => sql`select ${playerInputColumns}
    from players p left join users u on u.id = p.user_id
    where p.id > ${sql.placeholder('after')} and (p.rating_count > 0 or p.user_id is not null)
    order by p.id limit ${sql.placeholder('limit')}`,
);

/** The next page of the model's population (players with a rating or a linked account), by primary key. */
export async function loadRatedPlayerPage(db: Executor, after: number, limit: number): Promise<PlayerInput[]> {
  return (await ratedPlayerPageQuery.run(db, { after, limit })) as PlayerInput[];
}

const playersQuery = preparedStatement<{ ids: number[] }>(
  'trust_players',
  () => sql`select ${playerInputColumns}
    from players p left join users u on u.id = p.user_id where p.id = any(${sql.placeholder('ids')}::int[])`,
);

export async function loadPlayers(db: Executor, ids: number[]): Promise<PlayerInput[]> {
  if (ids.length === 0) return [];
  return (await playersQuery.run(db, { ids })) as PlayerInput[];
}

/**
 * Rating ids that count in no estimate: those of confirmed flags, and those inside a ring while it awaits
 * review (ring flags are precise enough to set aside at once; a boost counts until an admin confirms it).
 */
export async function findExcludedRatingIds(db: Executor): Promise<Set<number>> {
  const rows = await excludedRatingIdsQuery.run(db, {});
  return new Set(rows.map((row) => Number(row.id)));
}

const excludedRatingIdsQuery = preparedStatement(
  'trust_excluded_rating_ids',
  () => sql`select distinct unnest(rating_ids) as id from trust_flags
      where status = 'confirmed' or (status = 'pending' and type = 'ring')`,
);

export async function findDismissedSignatures(db: Executor): Promise<Set<string>> {
  const rows = await db
    .select({ signature: trustFlags.signature })
    .from(trustFlags)
    .where(eq(trustFlags.status, 'dismissed'));
  return new Set(rows.map((row) => row.signature));
}

/** Every helpfulness vote: the rated player's 1-5 on a rating. */
export async function loadHelpfulnessVotes(db: Db) {
  return (await helpfulnessVotesQuery.run(db, {})) as { ratingId: number; vote: number }[];
}

const helpfulnessVotesQuery = preparedStatement(
  'trust_helpfulness_votes',
  () =>
    sql`select rating_id as "ratingId", released_score as vote from rating_helpfulness where released_score is not null`,
);

// ---- Stale players (marked by the submit and edit statements) ----

export type StalePlayer = { id: number; staleAt: string };

/** Up to `limit` marked players, oldest mark first (player_skill_marks_marked_at_idx). */
export async function findStalePlayers(db: Executor, limit: number): Promise<StalePlayer[]> {
  return (await stalePlayersQuery.run(db, { limit })) as StalePlayer[];
}

const stalePlayersQuery = preparedStatement<{ limit: number }>(
  'trust_stale_players',
  () => sql`select player_id as id, marked_at::text as "staleAt" from player_skill_marks
    order by marked_at, player_id limit ${sql.placeholder('limit')}`,
);

/** Clears each mark unless a newer rating changed it meanwhile (compared as text: a JS date drops microseconds). */
export async function clearStaleMarks(db: Executor, marks: StalePlayer[]) {
  if (marks.length === 0) return;
  await clearStaleMarksQuery.run(db, {
    ids: marks.map((mark) => mark.id),
    staleAts: marks.map((mark) => mark.staleAt),
  });
}

const clearStaleMarksQuery = preparedStatement<{ ids: number[]; staleAts: string[] }>(
  'trust_clear_stale_marks',
  () => sql`delete from player_skill_marks s
    using unnest(${sql.placeholder('ids')}::int[], ${sql.placeholder('staleAts')}::timestamptz[]) as m(id, marked_at)
    where s.player_id = m.id and s.marked_at = m.marked_at`,
);

/** Clears the marks a full run covered: those set before it read the ratings. */
export async function clearStaleMarksBefore(db: Executor, before: Date) {
  await clearStaleMarksBeforeQuery.run(db, { before: before.toISOString() });
}

const clearStaleMarksBeforeQuery = preparedStatement<{ before: string }>(
  'trust_clear_stale_marks_before',
  () => sql`delete from player_skill_marks where marked_at <= ${sql.placeholder('before')}::timestamptz`,
);

// ---- Stored estimates ----

export type SkillWrite = { playerId: number; skill: StoredSkill; weights: Record<string, number> };

const WRITE_BATCH = 500;

export async function storeSkills(db: Executor, skills: SkillWrite[], computedAt: Date) {
  for (let start = 0; start < skills.length; start += WRITE_BATCH) {
    const batch = skills.slice(start, start + WRITE_BATCH).map((row) => ({ ...row, computedAt }));
    await db
      .insert(playerSkill)
      .values(batch)
      .onConflictDoUpdate({
        target: playerSkill.playerId,
        set: {
          skill: sql`excluded.skill`,
          weights: sql`excluded.weights`,
          computedAt: sql`excluded.computed_at`,
        },
      });
  }
}

export async function findStoredSkills(db: Executor, playerIds: number[]) {
  if (playerIds.length === 0)
    return new Map<number, { skill: StoredSkill; weights: Record<string, number>; computedAt: Date }>();
  const rows = await db.select().from(playerSkill).where(inArray(playerSkill.playerId, playerIds));
  return new Map(rows.map((row) => [row.playerId, row]));
}

const storedOverallsQuery = preparedStatement<{ ids: number[] }>(
  'trust_stored_overalls',
  () => sql`select player_id as "playerId", skill -> 'overall' as overall, skill -> 'reliability' ->> 'label' as label
      from ${playerSkill} where player_id = any(${sql.placeholder('ids')}::int[])`,
);

/**
 * The overall estimates of a page of players (search results), one named statement reading
 * player_skill's primary key: cheaper than a subquery per result row (measured in the bench).
 */
export async function findStoredOveralls(db: Db, playerIds: number[]): Promise<Map<number, OverallEstimate>> {
  const rows = await storedOverallsQuery.run(db, { ids: playerIds });
  return new Map(
    rows.map((row) => [
      Number(row.playerId),
      {
        ...(row.overall as Omit<OverallEstimate, 'reliability'>),
        reliability: row.label as OverallEstimate['reliability'],
      },
    ]),
  );
}

export type LeniencyWrite = {
  raterKey: string;
  leniency: number;
  leniencySd: number;
  ratingsGiven: number;
  helpfulnessScore: number | null;
};

export async function storeRaterTrust(db: Executor, raters: LeniencyWrite[], computedAt: Date) {
  for (let start = 0; start < raters.length; start += WRITE_BATCH) {
    const batch = raters.slice(start, start + WRITE_BATCH).map((row) => ({ ...row, computedAt }));
    await db
      .insert(raterTrust)
      .values(batch)
      .onConflictDoUpdate({
        target: raterTrust.raterKey,
        set: {
          leniency: sql`excluded.leniency`,
          leniencySd: sql`excluded.leniency_sd`,
          ratingsGiven: sql`excluded.ratings_given`,
          helpfulnessScore: sql`excluded.helpfulness_score`,
          computedAt: sql`excluded.computed_at`,
        },
      });
  }
}

export async function findRaterTrust(db: Executor, raterKeys: string[]) {
  if (raterKeys.length === 0) return [];
  return db.select().from(raterTrust).where(inArray(raterTrust.raterKey, raterKeys));
}

export async function findUserEmail(db: Executor, userId: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email;
}

/** Ratings given by the rater, as the model counts them (confirmed flags' ratings excluded by the caller). */
export async function countRatingsGiven(db: Executor, raterKey: string) {
  const [row] = await ratingsGivenQuery.run(db, { raterKey });
  return Number(row?.n ?? 0);
}

const ratingsGivenQuery = preparedStatement<{ raterKey: string }>(
  'trust_ratings_given',
  () => sql`select count(*)::int as n from ratings
    where lower(rater_email) = ${sql.placeholder('raterKey')} and listed_at is not null`,
);

// ---- Runs ----

export type RunRecord = {
  computedAt: Date;
  durationMs: number;
  players: number;
  ratings: number;
  hyper: Record<string, unknown>;
};

export async function insertRun(db: Executor, run: RunRecord) {
  await db.insert(trustRuns).values(run);
}

export async function findLatestRun(db: Executor) {
  const [row] = await db.select().from(trustRuns).orderBy(desc(trustRuns.computedAt)).limit(1);
  return row;
}

// ---- Job leases ----

/** Takes or renews the job's lease for `seconds`; false while another holder's lease runs. */
export async function takeLease(db: Executor, name: string, holder: string, seconds: number): Promise<boolean> {
  return (await takeLeaseQuery.run(db, { name, holder, seconds })).length > 0;
}

const takeLeaseQuery = preparedStatement<{ name: string; holder: string; seconds: number }>(
  'trust_take_lease',
  () => sql`insert into trust_jobs (name, holder, lease_until)
    values (${sql.placeholder('name')}, ${sql.placeholder('holder')}, now() + ${sql.placeholder('seconds')} * interval '1 second')
    on conflict (name) do update set holder = excluded.holder, lease_until = excluded.lease_until
      where trust_jobs.lease_until <= now() or trust_jobs.holder = excluded.holder
    returning holder`,
);

export async function releaseLease(db: Executor, name: string, holder: string) {
  await db
    .update(trustJobs)
    .set({ leaseUntil: sql`now() - interval '1 second'` })
    .where(and(eq(trustJobs.name, name), eq(trustJobs.holder, holder)));
}

// ---- Calibration ----

export type PredictionWrite = { ratingId: number; inside: number; fields: number; ratedAt: Date };

export async function storePredictions(db: Executor, predictions: PredictionWrite[]) {
  if (predictions.length === 0) return;
  await db.insert(trustPredictions).values(predictions).onConflictDoNothing();
}

export async function calibrationSince(db: Executor, since: Date) {
  const [row] = await db
    .select({
      ratings: sql<number>`count(*)::int`,
      inside: sql<number>`coalesce(sum(${trustPredictions.inside}), 0)::int`,
      fields: sql<number>`coalesce(sum(${trustPredictions.fields}), 0)::int`,
    })
    .from(trustPredictions)
    .where(sql`${trustPredictions.ratedAt} >= ${since.toISOString()}::timestamptz`);
  return { ratings: Number(row?.ratings ?? 0), inside: Number(row?.inside ?? 0), fields: Number(row?.fields ?? 0) };
}
