import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { ratings, trustFlags, users, type TrustEvidence } from '../../db/schema/index';

/* The reads and writes of burst holds (docs/product.md#bursts); the ratings themselves are held by the ratings feature. */

/**
 * After a young account's rating: how many distinct young accounts rated the player within the window, and whether
 * a burst of the player is still awaiting review. One round trip, on the player's ratings (ratings_player_idx).
 */
const burstProbe = preparedStatement<{ playerId: number; windowStart: string; youngSince: string }>(
  'trust_burst_probe',
  () => sql`select
      (select count(distinct r.rater_user_id)::int from ratings r join users u on u.id = r.rater_user_id
        where r.player_id = ${sql.placeholder('playerId')} and r.created_at >= ${sql.placeholder('windowStart')}::timestamptz
          and u.created_at > ${sql.placeholder('youngSince')}::timestamptz and r.removed_at is null
          and r.burst_flag_id is null) as "youngAccounts",
      exists (select from trust_flags f where f.type = 'burst' and f.status = 'pending'
        and f.player_ids = array[${sql.placeholder('playerId')}::int]) as "pendingBurst"`,
);

export async function probeBurst(db: Executor, playerId: number, windowStart: Date, youngSince: Date) {
  const [row] = await burstProbe.run(db, {
    playerId,
    windowStart: windowStart.toISOString(),
    youngSince: youngSince.toISOString(),
  });
  return row as { youngAccounts: number; pendingBurst: boolean };
}

/** One burst of a player is decided at a time: held until the caller's transaction ends. */
export async function lockPlayerBursts(db: Executor, playerId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('trust_burst'), ${playerId}::int)`);
}

export type BurstCandidate = {
  id: number;
  raterKey: string;
  raterUserId: string;
  accountCreatedAt: Date;
  overallRating: number;
};

/** The young accounts' standing ratings of the player within the window, not part of a reviewed burst. */
export async function findBurstCandidates(
  db: Executor,
  playerId: number,
  windowStart: Date,
  youngSince: Date,
  pendingFlagId: number | null,
): Promise<BurstCandidate[]> {
  const ofPendingFlag = pendingFlagId === null ? sql`false` : sql`${ratings.burstFlagId} = ${pendingFlagId}`;
  return db
    .select({
      id: ratings.id,
      raterKey: sql<string>`lower(${ratings.raterEmail})`,
      raterUserId: sql<string>`${ratings.raterUserId}`,
      accountCreatedAt: users.createdAt,
      overallRating: ratings.overallRating,
    })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.raterUserId))
    .where(
      sql`${ratings.playerId} = ${playerId} and ${ratings.createdAt} >= ${windowStart.toISOString()}::timestamptz
        and ${users.createdAt} > ${youngSince.toISOString()}::timestamptz and ${ratings.removedAt} is null
        and (${ratings.burstFlagId} is null or ${ofPendingFlag})`,
    )
    .orderBy(asc(ratings.id));
}

export async function findPendingBurst(db: Executor, playerId: number) {
  const [row] = await db
    .select()
    .from(trustFlags)
    .where(
      and(
        eq(trustFlags.type, 'burst'),
        eq(trustFlags.status, 'pending'),
        sql`${trustFlags.playerIds} = array[${playerId}::int]`,
      ),
    )
    .limit(1);
  return row;
}

/** The site's accounts and how many are young (users_created_at_idx for the second); read only for a burst. */
export async function countSiteAccounts(db: Executor, youngSince: Date) {
  const [row] = await db
    .select({
      accounts: sql<number>`count(*)::int`,
      youngAccounts: sql<number>`(count(*) filter (where ${users.createdAt} > ${youngSince.toISOString()}::timestamptz))::int`,
    })
    .from(users);
  return { accounts: Number(row?.accounts ?? 0), youngAccounts: Number(row?.youngAccounts ?? 0) };
}

/** The player's counted ratings: what the burst stands against, in the admin's evidence. */
export async function countedRatingsSummary(db: Executor, playerId: number) {
  const [row] = await db
    .select({
      mean: sql<number | null>`avg(${ratings.overallRating})::float8`,
      count: sql<number>`count(*)::int`,
    })
    .from(ratings)
    .where(sql`${ratings.playerId} = ${playerId} and ${ratings.listedAt} is not null`);
  return { mean: row?.mean ?? null, count: Number(row?.count ?? 0) };
}

export type BurstFlagWrite = {
  signature: string;
  raterKeys: string[];
  playerId: number;
  ratingIds: number[];
  score: number;
  evidence: TrustEvidence;
};

export async function insertBurstFlag(db: Executor, flag: BurstFlagWrite): Promise<number> {
  const [row] = await db
    .insert(trustFlags)
    .values({
      type: 'burst',
      score: flag.score,
      signature: flag.signature,
      raterKeys: flag.raterKeys,
      playerIds: [flag.playerId],
      ratingIds: flag.ratingIds,
      evidence: flag.evidence,
    })
    .returning({ id: trustFlags.id });
  return row.id;
}

/** A pending burst grows with each young account's rating that joins it. */
export async function updateBurstFlag(
  db: Executor,
  id: number,
  flag: Pick<BurstFlagWrite, 'raterKeys' | 'ratingIds' | 'score' | 'evidence'>,
): Promise<void> {
  await db.update(trustFlags).set(flag).where(eq(trustFlags.id, id));
}

/**
 * Held ratings of pending bursts whose raters' accounts are old enough now (or gone), locked: the release job's
 * work, in rating id order. The held ones are few (ratings_burst_held_idx).
 */
export async function findAgedHeldRatings(db: Executor, grownSince: Date): Promise<number[]> {
  const rows = await db
    .select({ id: ratings.id })
    .from(ratings)
    .innerJoin(trustFlags, and(eq(trustFlags.id, ratings.burstFlagId), eq(trustFlags.status, 'pending')))
    .leftJoin(users, eq(users.id, ratings.raterUserId))
    .where(
      sql`${ratings.burstHeldAt} is not null
        and (${users.createdAt} is null or ${users.createdAt} <= ${grownSince.toISOString()}::timestamptz)`,
    )
    .orderBy(asc(ratings.id));
  return rows.map((row) => row.id);
}

/** One release of aged bursts at a time across instances: held until the caller's transaction ends. */
export async function takeBurstReleaseLock(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('trust_burst_release'))`);
}
