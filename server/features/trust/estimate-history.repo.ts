import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import type { EstimateHistoryPoint } from '../../../common/schemas/player-page';

/*
 * player_estimate_history is written by the trust worker only (this module) and read by the player page. Each
 * statement takes its rows as arrays (unnest), so a batch of players is one statement, not one per row.
 */

export type HistoryRow = EstimateHistoryPoint & { playerId: number };

/** Rows per statement: the arrays of one statement stay well under a megabyte. */
const ROWS_PER_STATEMENT = 1000;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

const columnsOf = (rows: HistoryRow[]) => ({
  playerIds: rows.map((row) => row.playerId),
  quarters: rows.map((row) => row.quarter),
  means: rows.map((row) => row.mean),
  lows: rows.map((row) => row.low),
  highs: rows.map((row) => row.high),
  ns: rows.map((row) => row.n),
});

type Columns = ReturnType<typeof columnsOf>;

const rowsInput = sql`unnest(${sql.placeholder('playerIds')}::int[], ${sql.placeholder('quarters')}::text[],
    ${sql.placeholder('means')}::float8[], ${sql.placeholder('lows')}::float8[], ${sql.placeholder('highs')}::float8[],
    ${sql.placeholder('ns')}::int[]) as i(player_id, quarter, mean, low, high, n)`;

const upsertSet = sql`on conflict (player_id, quarter) do update set mean = excluded.mean, low = excluded.low,
    high = excluded.high, n = excluded.n, computed_at = excluded.computed_at`;

const deleteHistoriesQuery = preparedStatement<{ ids: number[] }>(
  'estimate_history_delete',
  () => sql`delete from player_estimate_history where player_id = any(${sql.placeholder('ids')}::int[])`,
);

// The upsert only matters against a writer that is not the lease holder; rows of the same batch never collide.
const insertHistoryQuery = preparedStatement<Columns & { computedAt: string }>(
  'estimate_history_insert',
  () => sql`insert into player_estimate_history (player_id, quarter, mean, low, high, n, computed_at)
    select i.player_id, i.quarter, i.mean, i.low, i.high, i.n, ${sql.placeholder('computedAt')}::timestamptz
    from ${rowsInput}
    ${upsertSet}`,
);

/**
 * Replaces every stored point of `playerIds` with `rows` (theirs, all quarters), in one transaction: a reader sees
 * the old history or the new one, never a mix.
 */
export async function replaceHistories(db: Db, playerIds: number[], rows: HistoryRow[], computedAt: Date) {
  if (playerIds.length === 0) return;
  await db.transaction(async (tx) => {
    await deleteHistoriesQuery.run(tx, { ids: playerIds });
    for (const chunk of chunks(rows, ROWS_PER_STATEMENT)) {
      await insertHistoryQuery.run(tx, { ...columnsOf(chunk), computedAt: computedAt.toISOString() });
    }
  });
}

/*
 * Only players whose history was computed get a current point: one without any row is left for the backfill
 * (playersWithoutHistory), which writes every quarter. The same statement drops the quarters that left the chart.
 */
const upsertCurrentQuery = preparedStatement<Columns & { computedAt: string; oldest: string }>(
  'estimate_history_upsert_current',
  () => sql`with upserted as (
      insert into player_estimate_history (player_id, quarter, mean, low, high, n, computed_at)
      select i.player_id, i.quarter, i.mean, i.low, i.high, i.n, ${sql.placeholder('computedAt')}::timestamptz
      from ${rowsInput}
      where exists (select 1 from player_estimate_history h where h.player_id = i.player_id)
      ${upsertSet}
      returning player_id)
    delete from player_estimate_history h using upserted u
    where h.player_id = u.player_id and h.quarter < ${sql.placeholder('oldest')}::text`,
);

/** Upserts one quarter's point of players that have a history, dropping their quarters before `oldest`. */
export async function upsertCurrentPoints(db: Executor, rows: HistoryRow[], computedAt: Date, oldest: string) {
  for (const chunk of chunks(rows, ROWS_PER_STATEMENT)) {
    await upsertCurrentQuery.run(db, { ...columnsOf(chunk), computedAt: computedAt.toISOString(), oldest });
  }
}

/**
 * The shown points of the player `playerId` names, from the quarter `oldest` names on, oldest first, as one JSON
 * array (the primary key's range): a subquery, so the player page reads them in the statement that reads the player.
 */
export const shownHistorySql = (playerId: SQL, oldest: SQL): SQL<EstimateHistoryPoint[]> => sql`(select
    coalesce(json_agg(json_build_object('quarter', h.quarter, 'mean', h.mean, 'low', h.low, 'high', h.high, 'n', h.n)
      order by h.quarter), '[]'::json)
    from player_estimate_history h where h.player_id = ${playerId} and h.quarter >= ${oldest} and h.n > 0)`;

const historyOfPlayerQuery = preparedStatement<{ playerId: number; oldest: string }>(
  'estimate_history_of_player',
  () =>
    sql`select ${shownHistorySql(sql`${sql.placeholder('playerId')}::int`, sql`${sql.placeholder('oldest')}::text`)} as points`,
);

/** The player's shown points from `oldest` on, oldest first. */
export async function findHistoryOfPlayer(db: Db, playerId: number, oldest: string): Promise<EstimateHistoryPoint[]> {
  const [row] = await historyOfPlayerQuery.run(db, { playerId, oldest });
  return (row?.points ?? []) as EstimateHistoryPoint[];
}

const withoutHistoryQuery = preparedStatement<{ afterId: number; limit: number }>(
  'estimate_history_missing',
  () => sql`select s.player_id as id from player_skill s
    where s.player_id > ${sql.placeholder('afterId')}::int
      and not exists (select 1 from player_estimate_history h where h.player_id = s.player_id)
    order by s.player_id limit ${sql.placeholder('limit')}::int`,
);

/** Players with a stored estimate and no history, by id after `afterId` (both primary keys, in order). */
export async function findPlayersWithoutHistory(db: Executor, limit: number, afterId: number): Promise<number[]> {
  return (await withoutHistoryQuery.run(db, { afterId, limit })).map((row) => Number(row.id));
}
