import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { leaderboardBoards, players, raterDailyStats, raterStats, raterTrust, users } from '../../db/schema/index';
import type { RaterCountBucket, StoredLeaderboardRow } from '../../db/schema/leaderboard-boards';
import type { LeaderboardPeriod } from '../../../common/constants';
import { LEADERBOARD_SIZE } from '../../../common/schemas/leaderboard';
import { raterDisplayName } from './rater-display-name';

/**
 * One ranked rater before masking: the same rows serve every caller. `totalPoints` is all-time,
 * whatever the period (for the rank shown beside the entry).
 */
export type LeaderboardRow = StoredLeaderboardRow;

/*
 * docs/product.md#helpfulness-rules order: ratings count, then the rater's helpfulness score (a lower bound over the votes on all
 * their ratings, from the trust run; none yet sorts last), then average helpfulness, more reviews,
 * and user id so equal raters keep a stable order. Only raters at or above the 50th's count can
 * place, so the all-time list reads a range of rater_stats_leaderboard_idx rather than every rater.
 */
const helpfulnessScoreOf = (email: SQL) =>
  sql`(select ${raterTrust.helpfulnessScore} from ${raterTrust} where ${raterTrust.raterKey} = lower(${email}))`;

function allTimeStatement(): SQL {
  const [rs, u] = [raterStats, users];
  return sql`with cut as (
      select coalesce((select ${rs.ratingsSubmitted} from ${rs} where ${rs.ratingsSubmitted} > 0
        order by ${rs.ratingsSubmitted} desc limit 1 offset ${sql.raw(String(LEADERBOARD_SIZE - 1))}), 1) as count
    ), entries as (
      select ${rs.userId} as "userId", ${u.email} as email, ${rs.ratingsSubmitted} as "ratingsCount",
        ${rs.helpfulnessSum} as "helpfulnessSum", ${rs.helpfulnessCount} as "helpfulnessCount",
        ${rs.totalPoints} as "totalPoints", ${helpfulnessScoreOf(sql`${u.email}`)} as "helpfulnessScore",
        ${players.firstName} as "firstName", ${players.lastName} as "lastName",
        ${u.firstName} as "accountFirstName", ${u.lastName} as "accountLastName"
      from ${rs} join ${u} on ${u.id} = ${rs.userId}
      left join ${players} on ${players.userId} = ${rs.userId}
      where ${rs.ratingsSubmitted} >= (select count from cut)
    )
    ${boardOrder}`;
}

const boardOrder = sql`select * from entries
    order by "ratingsCount" desc, "helpfulnessScore" desc nulls last,
      "helpfulnessSum"::float8 / greatest("helpfulnessCount", 1) desc, "helpfulnessCount" desc, "userId"
    limit ${sql.raw(String(LEADERBOARD_SIZE))}`;

/** Each rater's counts summed over the per-day counters from `since` (a UTC day) on. */
const periodTotals = () => {
  const d = raterDailyStats;
  return sql`totals as (
      select ${d.userId} as user_id, sum(${d.ratingsCount})::int as ratings_count,
        sum(${d.helpfulnessSum})::int as helpfulness_sum, sum(${d.helpfulnessCount})::int as helpfulness_count
      from ${d} where ${d.day} >= ${sql.placeholder('since')}::date
      group by ${d.userId} having sum(${d.ratingsCount}) > 0
    )`;
};

/**
 * The first 50 of raters' counts (`totals`: user_id, ratings_count, helpfulness_sum, helpfulness_count), after
 * `ctes`, among those `where` keeps: raters at or above the 50th's count.
 */
export function rankedStatement(parts: { ctes: SQL; totals: SQL; where: SQL }): SQL {
  return sql`with ${parts.ctes}entries as (
      select totals.user_id as "userId", account.email, totals.ratings_count as "ratingsCount",
        totals.helpfulness_sum as "helpfulnessSum", totals.helpfulness_count as "helpfulnessCount",
        coalesce((select ${raterStats.totalPoints} from ${raterStats} where ${raterStats.userId} = totals.user_id), 0)
          as "totalPoints",
        ${helpfulnessScoreOf(sql`account.email`)} as "helpfulnessScore",
        player.first_name as "firstName", player.last_name as "lastName",
        account.first_name as "accountFirstName", account.last_name as "accountLastName"
      from ${parts.totals}
      cross join lateral (${oneRowOf(users, sql`${users.id} = totals.user_id`, [users.email, users.firstName, users.lastName])}) as account
      left join lateral (${oneRowOf(players, sql`${players.userId} = totals.user_id`, [players.firstName, players.lastName])}) as player on true
      where ${parts.where}
    )
    ${boardOrder}`;
}

/**
 * A rater's account or player, by its unique key. Written as a lateral subquery with `limit 1` so that it stays one
 * index read per rater whatever the planner guesses of their number (as a join, a guess of a few hundred ranked
 * raters made it read every account).
 */
export const oneRowOf = (table: typeof users | typeof players, where: SQL, columns: AnyPgColumn[]) =>
  sql`select ${sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  )} from ${table} where ${where} limit 1`;

/** Sums the per-day counters from `since` (a UTC day) on; only raters at or above the 50th's count are ranked. */
const sinceStatement = () =>
  rankedStatement({
    ctes: sql`${periodTotals()}, cut as (
      select coalesce((select ratings_count from totals order by ratings_count desc
        limit 1 offset ${sql.raw(String(LEADERBOARD_SIZE - 1))}), 1) as count
    ), `,
    totals: sql`totals`,
    where: sql`totals.ratings_count >= (select count from cut)`,
  });

/** A board row or a caller's place, from either kind of statement (the columns are named alike). */
export const toRow = (raw: Record<string, unknown>): RaterPlace => ({
  userId: raw.userId as string,
  email: raw.email as string,
  ratingsCount: Number(raw.ratingsCount),
  helpfulnessSum: Number(raw.helpfulnessSum),
  helpfulnessCount: Number(raw.helpfulnessCount),
  totalPoints: Number(raw.totalPoints),
  helpfulnessScore: raw.helpfulnessScore === null ? null : Number(raw.helpfulnessScore),
  displayName: raterDisplayName(
    { firstName: raw.firstName as string | null, lastName: raw.lastName as string | null },
    raw.email as string,
    { firstName: raw.accountFirstName as string | null, lastName: raw.accountLastName as string | null },
  ),
});

const leaderboardAllTimeQuery = preparedStatement<Record<string, unknown>>('leaderboard_all_time', allTimeStatement);

export async function findAllTimeLeaderboard(db: Executor): Promise<LeaderboardRow[]> {
  return (await leaderboardAllTimeQuery.run(db, {})).map(toRow);
}

const leaderboardSinceQuery = preparedStatement<Record<string, unknown>>('leaderboard_since', sinceStatement);

export async function findLeaderboardSince(db: Executor, since: string): Promise<LeaderboardRow[]> {
  return (await leaderboardSinceQuery.run(db, { since })).map(toRow);
}

const allTimeRaterCounts = () =>
  sql`select ${raterStats.ratingsSubmitted} as "ratingsCount", count(*)::int as raters from ${raterStats}
    where ${raterStats.ratingsSubmitted} > 0 group by 1 order by 1 desc`;

const sinceRaterCounts = () =>
  sql`with ${periodTotals()} select ratings_count as "ratingsCount", count(*)::int as raters from totals
    group by 1 order by 1 desc`;

const leaderboardRaterCountsAllTimeQuery = preparedStatement<Record<string, unknown>>(
  'leaderboard_rater_counts_all_time',
  allTimeRaterCounts,
);

const leaderboardRaterCountsSinceQuery = preparedStatement<Record<string, unknown>>(
  'leaderboard_rater_counts_since',
  sinceRaterCounts,
);

/** How many raters have each ratings count in the period (from `since`; null for all time), most first. */
export async function findRaterCounts(db: Executor, since: string | null): Promise<RaterCountBucket[]> {
  const raw =
    since === null
      ? await leaderboardRaterCountsAllTimeQuery.run(db, {})
      : await leaderboardRaterCountsSinceQuery.run(db, { since });
  return raw.map((bucket) => [Number(bucket.ratingsCount), Number(bucket.raters)]);
}

export type StoredBoard = { computedAt: Date; rows: LeaderboardRow[]; raterCounts: RaterCountBucket[] };

export async function findStoredBoard(db: Db, period: LeaderboardPeriod): Promise<StoredBoard | undefined> {
  const [board] = await db
    .select({
      computedAt: leaderboardBoards.computedAt,
      rows: leaderboardBoards.rows,
      raterCounts: leaderboardBoards.raterCounts,
    })
    .from(leaderboardBoards)
    .where(eq(leaderboardBoards.period, period));
  return board;
}

export type StoredBoardWithState = StoredBoard & {
  period: LeaderboardPeriod;
  since: string | null;
  trustRunId: number | null;
};

/** Every stored board with the refresh's record of it, for the refresh. */
export async function findStoredBoards(db: Executor): Promise<StoredBoardWithState[]> {
  const rows = await db
    .select({
      period: leaderboardBoards.period,
      computedAt: leaderboardBoards.computedAt,
      rows: leaderboardBoards.rows,
      raterCounts: leaderboardBoards.raterCounts,
      since: leaderboardBoards.since,
      trustRunId: leaderboardBoards.trustRunId,
    })
    .from(leaderboardBoards);
  return rows.map((row) => ({ ...row, period: row.period as LeaderboardPeriod }));
}

/** A board's rows and counts, and (from the refresh) the state they were drawn in: see leaderboard-boards.ts. */
export async function storeBoard(
  db: Executor,
  period: LeaderboardPeriod,
  board: {
    computedAt: Date;
    rows: LeaderboardRow[];
    raterCounts: RaterCountBucket[];
    since?: string | null;
    trustRunId?: number | null;
    checkedAt?: Date;
    namesCheckedAt?: Date;
  },
) {
  await db
    .insert(leaderboardBoards)
    .values({ period, ...board })
    .onConflictDoUpdate({ target: leaderboardBoards.period, set: board });
}

/** The refresh job's lock: held by one instance at a time, released with its transaction. */
const BOARD_REFRESH_LOCK_KEY = 7_265_012;

const boardRefreshLockQuery = preparedStatement<{ key: number }>(
  'leaderboard_try_refresh_lock',
  () => sql`select pg_try_advisory_xact_lock(${sql.placeholder('key')}) as taken`,
);

/** Run on the refresh's own transaction: the lock is transaction-scoped, so it is released with that transaction. */
export async function tryTakeBoardRefreshLock(tx: Executor): Promise<boolean> {
  const [row] = (await boardRefreshLockQuery.run(tx, { key: BOARD_REFRESH_LOCK_KEY })) as { taken: boolean }[];
  return row?.taken === true;
}

/** The caller's own entry for the period, as a board row (their rank comes from the list when listed). */
export type RaterPlace = LeaderboardRow & { displayName: string };

/*
 * The caller's own counts, score and display name for the period, read for this caller alone. Their rank
 * outside the listed 50 is not counted per request (counting the raters above re-sums the whole period: 0.45 s
 * of database time per call at 100k players / 1M ratings) but read from the board's stored rater counts.
 */
function placeStatement(ctes: SQL | null, me: SQL): SQL {
  return sql`with ${ctes === null ? sql`` : sql`${ctes}, `}me as (
      select mine.user_id, mine.ratings_count, mine.helpfulness_sum, mine.helpfulness_count, ${users.email} as email,
        ${players.firstName} as first_name, ${players.lastName} as last_name,
        ${users.firstName} as account_first_name, ${users.lastName} as account_last_name,
        ${helpfulnessScoreOf(sql`${users.email}`)} as score,
        coalesce((select ${raterStats.totalPoints} from ${raterStats} where ${raterStats.userId} = mine.user_id), 0)
          as total_points
      from ${me} as mine join ${users} on ${users.id} = mine.user_id
      left join ${players} on ${players.userId} = mine.user_id
      where mine.ratings_count > 0
    )
    select me.user_id as "userId", me.ratings_count as "ratingsCount", me.helpfulness_sum as "helpfulnessSum",
      me.helpfulness_count as "helpfulnessCount", me.score as "helpfulnessScore", me.email,
      me.first_name as "firstName", me.last_name as "lastName", me.account_first_name as "accountFirstName",
      me.account_last_name as "accountLastName", me.total_points as "totalPoints"
    from me`;
}

/** All time reads rater_stats in place: the count above is a range of rater_stats_leaderboard_idx. */
function allTimePlaceStatement(): SQL {
  const rs = raterStats;
  const own = sql`(select ${rs.userId} as user_id, ${rs.ratingsSubmitted} as ratings_count,
    ${rs.helpfulnessSum} as helpfulness_sum, ${rs.helpfulnessCount} as helpfulness_count from ${rs}
    where ${rs.userId} = ${sql.placeholder('userId')}::uuid)`;
  return placeStatement(null, own);
}

/**
 * A period sums the caller's own days only: a range of rater_daily_stats_user_day_idx, a few rows. One sum without
 * `group by`, so the planner knows it is one row: grouped by user, it guessed 140 and hashed all users (2.5 ms
 * instead of a primary-key read for a year's place at 100k players); no day in the period sums to null, left out below.
 */
function sincePlaceStatement(): SQL {
  const d = raterDailyStats;
  const own = sql`(select ${sql.placeholder('userId')}::uuid as user_id, sum(${d.ratingsCount})::int as ratings_count,
      sum(${d.helpfulnessSum})::int as helpfulness_sum, sum(${d.helpfulnessCount})::int as helpfulness_count
    from ${d} where ${d.userId} = ${sql.placeholder('userId')}::uuid and ${d.day} >= ${sql.placeholder('since')}::date)`;
  return placeStatement(null, own);
}

/** The stored board's version (its computedAt) and the caller's own place, read together in one statement. */
export type BoardVersionAndPlace = { boardComputedAt: Date; place: RaterPlace | undefined };

const leaderboardPlaceAllTimeQuery = preparedStatement<Record<string, unknown>>(
  'leaderboard_place_all_time',
  allTimePlaceStatement,
);

const leaderboardPlaceSinceQuery = preparedStatement<Record<string, unknown>>(
  'leaderboard_place_since',
  sincePlaceStatement,
);

/** The caller's place for the period (from `since`, a UTC day; null for all time); undefined with no rating in it. */
export async function findRaterPlace(
  db: Executor,
  userId: string,
  since: string | null,
): Promise<RaterPlace | undefined> {
  const [raw] =
    since === null
      ? await leaderboardPlaceAllTimeQuery.run(db, { userId })
      : await leaderboardPlaceSinceQuery.run(db, { userId, since });
  return raw ? toRow(raw) : undefined;
}

/** A place statement with the stored board's computedAt beside it: one row whenever the board is stored. */
const withBoardVersion = (placeOnly: () => SQL) => () =>
  sql`select board.computed_at as "boardComputedAt", place.*
    from ${leaderboardBoards} as board left join (${placeOnly()}) as place on true
    where board.period = ${sql.placeholder('period')}`;
const allTimeVersionAndPlace = withBoardVersion(allTimePlaceStatement);
const sinceVersionAndPlace = withBoardVersion(sincePlaceStatement);

const leaderboardVersionPlaceAllTimeQuery = preparedStatement<Record<string, unknown>>(
  'leaderboard_version_place_all_time',
  allTimeVersionAndPlace,
);

const leaderboardVersionPlaceSinceQuery = preparedStatement<Record<string, unknown>>(
  'leaderboard_version_place_since',
  sinceVersionAndPlace,
);

/**
 * The stored board's version and the caller's place in one round trip; undefined while no board is stored
 * (a new database). The board's rows themselves are read only when the version is one the instance has not seen.
 */
export async function findBoardVersionAndPlace(
  db: Executor,
  period: LeaderboardPeriod,
  userId: string,
  since: string | null,
): Promise<BoardVersionAndPlace | undefined> {
  const [raw] =
    since === null
      ? await leaderboardVersionPlaceAllTimeQuery.run(db, { period, userId })
      : await leaderboardVersionPlaceSinceQuery.run(db, { period, userId, since });
  if (!raw) return undefined;
  const computedAt = raw.boardComputedAt;
  return {
    boardComputedAt: computedAt instanceof Date ? computedAt : new Date(computedAt as string),
    place: raw.ratingsCount === null || raw.ratingsCount === undefined ? undefined : toRow(raw),
  };
}
