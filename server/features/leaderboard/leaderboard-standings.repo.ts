import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { param, preparedStatement } from '../../db/prepared';
import {
  leaderboardBoards,
  leaderboardMarks,
  leaderboardStandings,
  players,
  raterDailyStats,
  raterStats,
  trustRuns,
  users,
} from '../../db/schema/index';
import type { LeaderboardPeriod } from '../../../common/constants';
import { LEADERBOARD_SIZE } from '../../../common/schemas/leaderboard';
import { oneRowOf, rankedStatement, toRow, type LeaderboardRow } from './leaderboard.repo';
import type { RaterCountBucket } from '../../db/schema/leaderboard-boards';

/*
 * The refresh's statements (decision 026): every one reads the marked raters, one period's first rows or one window
 * edge by index, except the rebuilds, which run once per period when its board is new or its window has moved by
 * more than its own length (a new year).
 */

const s = leaderboardStandings;

/** What the refresh looks at each time, in one statement of a few rows: the boards' state, any mark, the last trust run. */
const refreshStateQuery = preparedStatement(
  'leaderboard_refresh_state',
  () => sql`select g.marked, g.trust_run_id as "latestTrustRunId", b.period, b.since, b.trust_run_id as "trustRunId",
      b.checked_at as "checkedAt", b.names_checked_at as "namesCheckedAt"
    from (select exists (select from ${leaderboardMarks}) as marked,
      (select max(${trustRuns.id}) from ${trustRuns}) as trust_run_id) as g
    left join ${leaderboardBoards} as b on true`,
);

export type BoardState = {
  period: LeaderboardPeriod;
  since: string | null;
  trustRunId: number | null;
  checkedAt: Date;
  namesCheckedAt: Date;
};

export type RefreshState = { marked: boolean; latestTrustRunId: number | null; boards: BoardState[] };

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(value as string));
/** A date column as YYYY-MM-DD, however the driver gives it. */
const asDay = (value: unknown) =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : (value as string).slice(0, 10);
const asNumberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export async function findRefreshState(db: Executor): Promise<RefreshState> {
  const raw = await refreshStateQuery.run(db, {});
  return {
    marked: raw[0]?.marked === true,
    latestTrustRunId: asNumberOrNull(raw[0]?.latestTrustRunId),
    boards: raw
      .filter((row) => row.period !== null)
      .map((row) => ({
        period: row.period as LeaderboardPeriod,
        since: asDay(row.since),
        trustRunId: asNumberOrNull(row.trustRunId),
        checkedAt: asDate(row.checkedAt),
        namesCheckedAt: asDate(row.namesCheckedAt),
      })),
  };
}

/**
 * Takes every committed mark: the raters to count again (null: all of them). A rating committed after this
 * statement leaves its mark for the next refresh, and one committed before it is in what the refresh reads next.
 */
const takeMarksQuery = preparedStatement(
  'leaderboard_take_marks',
  () => sql`with taken as (delete from ${leaderboardMarks} returning ${leaderboardMarks.userId})
    select distinct user_id as "userId" from taken`,
);

export type TakenMarks = { everyone: boolean; userIds: string[] };

export async function takeMarks(db: Executor): Promise<TakenMarks> {
  const raw = await takeMarksQuery.run(db, {});
  const userIds = raw.map((row) => row.userId as string | null);
  return { everyone: userIds.includes(null), userIds: userIds.filter((id): id is string => id !== null) };
}

/** One rater's move in a period: their count before (0: not counted) and now (0: no longer counted). */
export type StandingChange = { userId: string; oldCount: number; newCount: number };

/**
 * Writes the fresh counts of the raters in `fresh` (user_id, ratings_count, helpfulness_sum, helpfulness_count,
 * after the CTEs `ctes`) where they differ from the stored ones, and returns who moved.
 */
function updateStatement(ctes: SQL, fresh: SQL): SQL {
  const period = param('period', 'text');
  return sql`with ${ctes}, fresh as (${fresh}), old as (
      select ${s.userId} as user_id, ${s.ratingsCount} as ratings_count, ${s.helpfulnessSum} as helpfulness_sum,
        ${s.helpfulnessCount} as helpfulness_count
      from ${s} where ${s.period} = ${period} and ${s.userId} in (select user_id from fresh)
    ), changed as (
      select fresh.*, coalesce(old.ratings_count, 0) as old_count from fresh left join old using (user_id)
      where case when old.user_id is null then fresh.ratings_count > 0
        else (old.ratings_count, old.helpfulness_sum, old.helpfulness_count)
          is distinct from (fresh.ratings_count, fresh.helpfulness_sum, fresh.helpfulness_count) end
    ), removed as (
      delete from ${s} using changed
      where ${s.period} = ${period} and ${s.userId} = changed.user_id and changed.ratings_count <= 0
    ), kept as (
      insert into ${s} (period, user_id, ratings_count, helpfulness_sum, helpfulness_count)
      select ${period}, user_id, ratings_count, helpfulness_sum, helpfulness_count from changed where ratings_count > 0
      on conflict (period, user_id) do update set ratings_count = excluded.ratings_count,
        helpfulness_sum = excluded.helpfulness_sum, helpfulness_count = excluded.helpfulness_count
    )
    select user_id as "userId", old_count as "oldCount", greatest(ratings_count, 0) as "newCount" from changed`;
}

const markedUsers = sql`select distinct unnest(${param('userIds', 'uuid[]')}) as user_id`;

/** All time: each marked rater's totals, a primary-key read of rater_stats. */
const updateAllTimeQuery = preparedStatement<{ period: 'all'; userIds: string[] }>(
  'leaderboard_standings_update_all_time',
  () =>
    updateStatement(
      sql`marked as (${markedUsers})`,
      sql`select marked.user_id, coalesce(${raterStats.ratingsSubmitted}, 0) as ratings_count,
        coalesce(${raterStats.helpfulnessSum}, 0) as helpfulness_sum,
        coalesce(${raterStats.helpfulnessCount}, 0) as helpfulness_count
      from marked left join ${raterStats} on ${raterStats.userId} = marked.user_id`,
    ),
);

/**
 * A period. The marked raters are summed again over their own days in the window (a range of
 * rater_daily_stats_user_day_idx each). When the window's start moves forward (a day's change), the days that left
 * it (a range of rater_daily_stats' primary key: one day's rows) are taken off the other raters' stored counts, so
 * the raters who stay are not read at all; a start that moves back (a clock set back) sums again the raters of the
 * days that entered. Empty ranges when the start has not moved.
 */
const updateSinceQuery = preparedStatement<{
  period: LeaderboardPeriod;
  userIds: string[];
  since: string;
  leftFrom: string;
  leftTo: string;
  enteredFrom: string;
  enteredTo: string;
}>('leaderboard_standings_update_since', () => {
  const d = raterDailyStats;
  const inRange = (from: string, to: string) =>
    sql`${d.day} >= ${param(from, 'date')} and ${d.day} < ${param(to, 'date')}`;
  return updateStatement(
    sql`marked as (
        ${markedUsers} union select ${d.userId} from ${d} where ${inRange('enteredFrom', 'enteredTo')}
      ), left_days as (
        select ${d.userId} as user_id, sum(${d.ratingsCount})::int as ratings_count,
          sum(${d.helpfulnessSum})::int as helpfulness_sum, sum(${d.helpfulnessCount})::int as helpfulness_count
        from ${d} where ${inRange('leftFrom', 'leftTo')}
          and not exists (select from marked where marked.user_id = ${d.userId})
        group by ${d.userId}
      )`,
    sql`select marked.user_id, coalesce(sum(${d.ratingsCount}), 0)::int as ratings_count,
        coalesce(sum(${d.helpfulnessSum}), 0)::int as helpfulness_sum,
        coalesce(sum(${d.helpfulnessCount}), 0)::int as helpfulness_count
      from marked left join ${d} on ${d.userId} = marked.user_id and ${d.day} >= ${param('since', 'date')}
      group by marked.user_id
      union all
      select left_days.user_id, coalesce(${s.ratingsCount}, 0) - left_days.ratings_count,
        coalesce(${s.helpfulnessSum}, 0) - left_days.helpfulness_sum,
        coalesce(${s.helpfulnessCount}, 0) - left_days.helpfulness_count
      from left_days left join ${s} on ${s.period} = ${param('period', 'text')} and ${s.userId} = left_days.user_id`,
  );
});

const toChange = (raw: Record<string, unknown>): StandingChange => ({
  userId: raw.userId as string,
  oldCount: Number(raw.oldCount),
  newCount: Number(raw.newCount),
});

/** How a period's window start moved since its standings were counted: the days that left it, or entered it. */
export type WindowMove = { left: { from: string; to: string } | null; entered: { from: string; to: string } | null };

/** Counts the marked raters again in the period, and takes the days that left the window (`window.moved`) off. */
export async function updateStandings(
  db: Executor,
  period: LeaderboardPeriod,
  userIds: string[],
  window: { since: string; moved: WindowMove } | null,
): Promise<StandingChange[]> {
  if (window === null) return (await updateAllTimeQuery.run(db, { period: 'all', userIds })).map(toChange);
  const none = { from: window.since, to: window.since };
  const [left, entered] = [window.moved.left ?? none, window.moved.entered ?? none];
  const raw = await updateSinceQuery.run(db, {
    period,
    userIds,
    since: window.since,
    leftFrom: left.from,
    leftTo: left.to,
    enteredFrom: entered.from,
    enteredTo: entered.to,
  });
  return raw.map(toChange);
}

const clearStandingsQuery = preparedStatement<{ period: LeaderboardPeriod }>(
  'leaderboard_standings_clear',
  () => sql`delete from ${s} where ${s.period} = ${param('period', 'text')}`,
);

const fillAllTimeQuery = preparedStatement(
  'leaderboard_standings_fill_all_time',
  () => sql`insert into ${s} (period, user_id, ratings_count, helpfulness_sum, helpfulness_count)
    select 'all', ${raterStats.userId}, ${raterStats.ratingsSubmitted}, ${raterStats.helpfulnessSum},
      ${raterStats.helpfulnessCount}
    from ${raterStats} where ${raterStats.ratingsSubmitted} > 0`,
);

const fillSinceQuery = preparedStatement<{ period: LeaderboardPeriod; since: string }>(
  'leaderboard_standings_fill_since',
  () => {
    const d = raterDailyStats;
    return sql`insert into ${s} (period, user_id, ratings_count, helpfulness_sum, helpfulness_count)
    select ${param('period', 'text')}, ${d.userId}, sum(${d.ratingsCount})::int, sum(${d.helpfulnessSum})::int,
      sum(${d.helpfulnessCount})::int
    from ${d} where ${d.day} >= ${param('since', 'date')}
    group by ${d.userId} having sum(${d.ratingsCount}) > 0`;
  },
);

/**
 * Counts every rater of the period afresh: the one step whose cost grows with the data, run once per window. On the
 * refresh's own transaction only, its statements may run past the 10 s that bound a request's: the year's sum takes
 * 0.6 s at 1M ratings, so several seconds at 10M on a loaded machine.
 */
export async function rebuildStandings(db: Executor, period: LeaderboardPeriod, since: string | null) {
  await db.execute(sql`set local statement_timeout = '300s'`);
  await clearStandingsQuery.run(db, { period });
  if (since === null) await fillAllTimeQuery.run(db, {});
  else await fillSinceQuery.run(db, { period, since });
}

/**
 * The planner's statistics after a rebuild, at once: with none (a new table, or autovacuum not yet round), it
 * read every standing of the period for the 50th's count instead of 50 entries of leaderboard_standings_count_idx.
 */
export async function analyzeStandings(db: Executor) {
  await db.execute(sql`analyze ${s}`);
}

const standingCountsQuery = preparedStatement<{ period: LeaderboardPeriod }>(
  'leaderboard_standings_rater_counts',
  () => sql`select ${s.ratingsCount} as "ratingsCount", count(*)::int as raters from ${s}
    where ${s.period} = ${param('period', 'text')} group by 1 order by 1 desc`,
);

/** How many raters have each ratings count in the period, from every standing (after a rebuild only). */
export async function findStandingCounts(db: Executor, period: LeaderboardPeriod): Promise<RaterCountBucket[]> {
  const raw = await standingCountsQuery.run(db, { period });
  return raw.map((bucket) => [Number(bucket.ratingsCount), Number(bucket.raters)]);
}

/** The 50th's count in the period (1 with fewer raters): 50 entries of leaderboard_standings_count_idx. */
const standingCutQuery = preparedStatement<{ period: LeaderboardPeriod }>(
  'leaderboard_standings_cut',
  () => sql`select coalesce((select ${s.ratingsCount} from ${s} where ${s.period} = ${param('period', 'text')}
      order by ${s.ratingsCount} desc nulls last limit 1 offset ${sql.raw(String(LEADERBOARD_SIZE - 1))}), 1) as count`,
);

/**
 * The raters at or above the cut, ranked: a range of leaderboard_standings_count_idx. The cut is a value, not a
 * subquery, so the planner knows how few raters it keeps and reads each one's account by primary key (with the
 * cut unknown, it guessed a third of the period's raters and read every account).
 */
const standingRowsQuery = preparedStatement<{ period: LeaderboardPeriod; cut: number }>(
  'leaderboard_standings_rows',
  () =>
    rankedStatement({
      ctes: sql``,
      totals: sql`${s} as totals`,
      where: sql`totals.period = ${param('period', 'text')} and totals.ratings_count >= ${param('cut', 'int')}`,
    }),
);

export async function findStandingRows(db: Executor, period: LeaderboardPeriod): Promise<LeaderboardRow[]> {
  const [{ count }] = await standingCutQuery.run(db, { period });
  return (await standingRowsQuery.run(db, { period, cut: Number(count) })).map(toRow);
}

/** What names a listed rater: their account's e-mail and names and their player's names (null: no account). */
export type ListedRaterNames = {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  accountFirstName: string | null;
  accountLastName: string | null;
};

const listedNamesQuery = preparedStatement<{ userIds: string[] }>(
  'leaderboard_listed_names',
  () => sql`select listed.user_id as "userId", account.email, player.first_name as "firstName",
      player.last_name as "lastName", account.first_name as "accountFirstName", account.last_name as "accountLastName"
    from unnest(${param('userIds', 'uuid[]')}) as listed(user_id)
    cross join lateral (${oneRowOf(users, sql`${users.id} = listed.user_id`, [users.email, users.firstName, users.lastName])}) as account
    left join lateral (${oneRowOf(players, sql`${players.userId} = listed.user_id`, [players.firstName, players.lastName])}) as player on true`,
);

export async function findListedNames(db: Executor, userIds: string[]): Promise<ListedRaterNames[]> {
  if (userIds.length === 0) return [];
  return (await listedNamesQuery.run(db, { userIds })) as ListedRaterNames[];
}

/** The refresh's own record on a board whose rows and counts stayed as they were. */
export async function storeBoardState(
  db: Executor,
  period: LeaderboardPeriod,
  state: { since: string | null; trustRunId: number | null; checkedAt: Date; namesCheckedAt?: Date },
) {
  await db
    .update(leaderboardBoards)
    .set(state)
    .where(sql`${leaderboardBoards.period} = ${period}`);
}
