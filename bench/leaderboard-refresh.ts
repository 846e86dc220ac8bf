/**
 * npm run bench:leaderboard-refresh -- [--database-url postgres://…/pr_bench]
 * What the leaderboard refresh reads, from EXPLAIN (ANALYZE, BUFFERS) of each statement it runs, on a seeded
 * database whose boards the refresh has stored (a server has run on it):
 * - recount: the eight statements every refresh ran every 5 s before the standings (they still count a board on the
 *   request while none is stored, and are the tests' oracle);
 * - idle: the state statement (each instance, each second) and the names check (every 30 s);
 * - one rating: what the next refresh runs after the most active rater rates once (listed on every board);
 * - a day's change: the raters of the day that leaves the week and the month;
 * - a new year (or a new board): the year and all time counted from every rater, once.
 * Everything runs in one transaction under the refresh's lock, rolled back, with the standings' statistics as a
 * rebuild leaves them (analyzed). Rows read: each scan node's rows
 * returned and removed by its filter, times its loops. Writes bench/results/leaderboard-refresh-<time>.{json,md}.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { declaredStatements, type PreparedStatement } from '../server/db/prepared';
import { periodStartDay } from '../server/features/leaderboard/leaderboard.service';
import '../server/features/leaderboard/leaderboard-standings.repo';
import type { LeaderboardPeriod } from '../common/constants';

const { values: args } = parseArgs({
  options: { 'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/pr_bench' } },
});

type PlanNode = {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
};

const SCANS = new Set(['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Heap Scan']);

function rowsRead(node: PlanNode): number {
  const own = SCANS.has(node['Node Type'])
    ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
      node['Actual Loops']
    : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0);
}

type Measured = { phase: string; statement: string; period: string; rows: number; blocks: number; ms: number };

/** The SQL text and parameters a declared statement sends for `values`, caught before it reaches a database. */
async function textOf(name: string, values: Record<string, unknown>): Promise<{ text: string; params: unknown[] }> {
  const statement = declaredStatements().find((declared) => declared.name === name) as
    PreparedStatement<Record<string, unknown>> | undefined;
  if (!statement) throw new Error(`no statement ${name}`);
  let caught: { text: string; params: unknown[] } | undefined;
  const catcher = {
    session: {
      prepareQuery: (query: { sql: string; params: unknown[] }) => ({
        execute: (filled: Record<string, unknown>) => {
          const params = query.params.map((param) =>
            param && typeof param === 'object' && 'name' in param ? filled[(param as { name: string }).name] : param,
          );
          caught = { text: query.sql, params };
          return Promise.resolve({ rows: [] });
        },
      }),
    },
  };
  await statement.run(catcher as never, values);
  return caught!;
}

const client = new pg.Client({ connectionString: args['database-url'] });
await client.connect();
const measured: Measured[] = [];

async function explain(phase: string, statement: string, period: string, text: string, params: unknown[] = []) {
  const result = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
    `explain (analyze, buffers, format json) ${text}`,
    params,
  );
  const [{ Plan: plan, 'Execution Time': ms }] = result.rows[0]['QUERY PLAN'];
  const row = {
    phase,
    statement,
    period,
    rows: rowsRead(plan),
    blocks: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
    ms: Math.round(ms * 100) / 100,
  };
  measured.push(row);
  console.log(`${phase.padEnd(10)} ${statement.padEnd(40)} ${period.padEnd(5)} ${row.rows} rows ${row.ms} ms`);
}

const declared = async (phase: string, name: string, period: string, values: Record<string, unknown>) => {
  const { text, params } = await textOf(name, values);
  await explain(phase, name, period, text, params);
};

const now = new Date();
const since = (period: LeaderboardPeriod) => periodStartDay(period, now)!;
const dayBefore = (day: string) => new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);
const SINCE_PERIODS = ['year', 'month', 'week'] as const;
/** A window whose start has not moved: every range empty. */
const unmoved = (first: string) => ({
  since: first,
  leftFrom: first,
  leftTo: first,
  enteredFrom: first,
  enteredTo: first,
});

await client.query('begin');
try {
  const [{ taken }] = (await client.query<{ taken: boolean }>('select pg_try_advisory_xact_lock(7265012) as taken'))
    .rows;
  if (!taken) throw new Error('another instance is refreshing the boards: run again');
  const boards = (
    await client.query<{ period: string; rows: { userId: string }[] }>('select period, rows from leaderboard_boards')
  ).rows;
  if (boards.length < 4) throw new Error('no stored boards: start a server on this database first');
  // As the refresh leaves them after a rebuild (statistics are transactional: rolled back with the rest).
  await client.query('analyze leaderboard_standings');

  // Before: every refresh counted each board from every rater.
  await declared('recount', 'leaderboard_all_time', 'all', {});
  await declared('recount', 'leaderboard_rater_counts_all_time', 'all', {});
  for (const period of SINCE_PERIODS) {
    await declared('recount', 'leaderboard_since', period, { since: since(period) });
    await declared('recount', 'leaderboard_rater_counts_since', period, { since: since(period) });
  }

  // Idle: the state, each second; the names check (every 30 s) reads the boards and the listed raters' names.
  await declared('idle', 'leaderboard_refresh_state', '-', {});
  await declared('names', 'leaderboard_take_marks', '-', {});
  await explain('names', 'boards (rows, counts, state)', '-', 'select * from leaderboard_boards');
  const listed = [...new Set(boards.flatMap((board) => board.rows.map((row) => row.userId)))];
  await declared('names', 'leaderboard_listed_names', '-', { userIds: listed });
  await explain(
    'names',
    'boards state update',
    '-',
    'update leaderboard_boards set checked_at = now(), names_checked_at = now() where true',
  );

  // One rating by the most active rater: their day and totals move (the triggers mark them), as the submit does.
  const top = boards.find((board) => board.period === 'all')!.rows[0].userId;
  await explain(
    'rating',
    'rater day (+ mark trigger)',
    '-',
    `insert into rater_daily_stats (day, user_id, ratings_count) values (current_date, $1, 1)
      on conflict (day, user_id) do update set ratings_count = rater_daily_stats.ratings_count + 1`,
    [top],
  );
  await explain(
    'rating',
    'rater totals (+ mark trigger)',
    '-',
    `update rater_stats set ratings_submitted = ratings_submitted + 1, total_points = total_points + 10 where user_id = $1`,
    [top],
  );
  await declared('rating', 'leaderboard_refresh_state', '-', {});
  await declared('rating', 'leaderboard_take_marks', '-', {});
  await explain('rating', 'boards (rows, counts, state)', '-', 'select * from leaderboard_boards');
  await declared('rating', 'leaderboard_standings_update_all_time', 'all', { period: 'all', userIds: [top] });
  for (const period of SINCE_PERIODS) {
    const first = since(period);
    await declared('rating', 'leaderboard_standings_update_since', period, {
      period,
      userIds: [top],
      ...unmoved(first),
    });
  }
  for (const period of ['all', ...SINCE_PERIODS]) {
    await declared('rating', 'leaderboard_standings_cut', period, { period });
    const cut = (
      await client.query<{ count: number }>((await textOf('leaderboard_standings_cut', { period })).text, [period])
    ).rows[0].count;
    await declared('rating', 'leaderboard_standings_rows', period, { period, cut });
  }

  // A day's change: the raters of the day that left the week and the month are counted again.
  for (const period of ['month', 'week'] as const) {
    const first = since(period);
    await declared('day', 'leaderboard_standings_update_since', period, {
      period,
      userIds: [],
      ...unmoved(first),
      leftFrom: dayBefore(first),
    });
  }

  // A new year (or a board stored for the first time): counted from every rater, once.
  await declared('rebuild', 'leaderboard_standings_clear', 'year', { period: 'year' });
  await declared('rebuild', 'leaderboard_standings_fill_since', 'year', { period: 'year', since: since('year') });
  await declared('rebuild', 'leaderboard_standings_rater_counts', 'year', { period: 'year' });
  await declared('rebuild', 'leaderboard_standings_clear', 'all', { period: 'all' });
  await declared('rebuild', 'leaderboard_standings_fill_all_time', 'all', {});
  await declared('rebuild', 'leaderboard_standings_rater_counts', 'all', { period: 'all' });
} finally {
  await client.query('rollback');
}
const [{ raters, days }] = (
  await client.query<{ raters: number; days: number }>(
    'select (select count(*) from rater_stats)::int as raters, (select count(*) from rater_daily_stats)::int as days',
  )
).rows;
await client.end();

const total = (phase: string) => measured.filter((row) => row.phase === phase).reduce((sum, row) => sum + row.rows, 0);
const totalMs = (phase: string) =>
  Math.round(measured.filter((row) => row.phase === phase).reduce((sum, row) => sum + row.ms, 0) * 10) / 10;
// Before: one recount every 5 s by the lease holder, and each instance's age check (4 board rows) each second.
const beforePerMinute = 12 * total('recount') + 60 * 4;
// After, idle: each instance's state statement each second, and a names check every 30 s.
const afterPerMinute = 60 * total('idle') + 2 * total('names');

const stamp = now.toISOString().replace(/:/g, '-').slice(0, 19);
const base = path.join('bench', 'results', `leaderboard-refresh-${stamp}`);
writeFileSync(`${base}.json`, JSON.stringify({ database: args['database-url'], raters, days, measured }, null, 2));
const lines = [
  `# Leaderboard refresh: rows read (${stamp})`,
  '',
  `Database: ${raters} raters, ${days} rater days. EXPLAIN (ANALYZE, BUFFERS) of each statement, in one transaction`,
  'rolled back; rows read = rows each scan returned or filtered out, times its loops; blocks = shared hit + read.',
  '',
  `| phase | rows read | ms |`,
  `| --- | ---: | ---: |`,
  ...['recount', 'idle', 'names', 'rating', 'day', 'rebuild'].map(
    (phase) => `| ${phase} | ${total(phase)} | ${totalMs(phase)} |`,
  ),
  '',
  `Rows read per minute, idle: before ${beforePerMinute} (a recount every 5 s), after ${afterPerMinute}`,
  '(the state each second per instance, the names check every 30 s).',
  '',
  '| phase | statement | period | rows read | blocks | ms |',
  '| --- | --- | --- | ---: | ---: | ---: |',
  ...measured.map(
    (row) => `| ${row.phase} | ${row.statement} | ${row.period} | ${row.rows} | ${row.blocks} | ${row.ms} |`,
  ),
  '',
];
writeFileSync(`${base}.md`, lines.join('\n'));
console.log(`\nbefore ${beforePerMinute} rows/min idle, after ${afterPerMinute}; written to ${base}.md`);
