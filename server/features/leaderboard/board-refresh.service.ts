import type { Db, Executor } from '../../db/client';
import type { App } from '../../deps';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '../../../common/constants';
import { LEADERBOARD_SIZE } from '../../../common/schemas/leaderboard';
import {
  findStoredBoards,
  storeBoard,
  tryTakeBoardRefreshLock,
  type LeaderboardRow,
  type StoredBoardWithState,
} from './leaderboard.repo';
import {
  findListedNames,
  findRefreshState,
  findStandingCounts,
  findStandingRows,
  analyzeStandings,
  rebuildStandings,
  storeBoardState,
  takeMarks,
  updateStandings,
  type RefreshState,
  type StandingChange,
  type WindowMove,
} from './leaderboard-standings.repo';
import { periodStartDay } from './leaderboard.service';
import { raterDisplayName } from './rater-display-name';
import { withCountChanges } from './rater-counts';

/**
 * - computed: some board's rows or rater counts changed and were stored (a new version);
 * - checked: there was something to look at (marks, a day's change, a trust run, names), and no board changed;
 * - idle: nothing changed since the last refresh, so nothing was read but the state (a few rows);
 * - fresh: the boards were brought up to date less than the refresh period ago;
 * - busy: another instance is refreshing them.
 */
export type BoardRefresh = 'computed' | 'checked' | 'idle' | 'fresh' | 'busy';

export type RefreshReport = {
  outcome: BoardRefresh;
  /** Raters taken from the marks and counted again from their own rows. */
  marked: number;
  /** Periods counted afresh from every rater: a new board, or a window that moved past its own length. */
  rebuilt: LeaderboardPeriod[];
  /** Boards whose first 50 were read again from the standings. */
  redrawn: LeaderboardPeriod[];
};

/** How often the listed raters' names and e-mails are compared with their accounts (they leave no mark). */
const NAMES_CHECK_MS = 30_000;
/** Past this many marked raters (a bulk load), counting every rater at once costs less than one by one. */
const MARKS_BEFORE_REBUILD = 5_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const quiet = (outcome: BoardRefresh): RefreshReport => ({ outcome, marked: 0, rebuilt: [], redrawn: [] });

/**
 * Brings the stored boards up to date with what changed (decision 026): the raters marked by the triggers on their
 * totals and days, the raters whose days leave or enter a window at a day's change, a new trust run (helpfulness
 * scores order the rows) and, every NAMES_CHECK_MS, the listed raters' names. Nothing changed: 'idle', after one
 * statement of a few rows. At most once per `maxAgeMs` for the whole cluster ('fresh'), by one instance ('busy').
 */
export async function refreshStoredBoards(db: Db, maxAgeMs: number, now = new Date()): Promise<RefreshReport> {
  const first = await findRefreshState(db);
  if (isFresh(first, maxAgeMs, now)) return quiet('fresh');
  if (!hasWork(first, now)) return quiet('idle');
  return db.transaction(async (tx) => {
    if (!(await tryTakeBoardRefreshLock(tx))) return quiet('busy');
    const state = await findRefreshState(tx);
    if (isFresh(state, maxAgeMs, now)) return quiet('fresh');
    if (!hasWork(state, now)) return quiet('idle');
    return bringUpToDate(tx, state, now);
  });
}

const isFresh = (state: RefreshState, maxAgeMs: number, now: Date) =>
  state.boards.length === LEADERBOARD_PERIODS.length &&
  state.boards.every((board) => now.getTime() - board.checkedAt.getTime() < maxAgeMs);

const namesDue = (state: RefreshState, now: Date) =>
  state.boards.some((board) => now.getTime() - board.namesCheckedAt.getTime() >= NAMES_CHECK_MS);

function hasWork(state: RefreshState, now: Date): boolean {
  return (
    state.marked ||
    state.boards.length < LEADERBOARD_PERIODS.length ||
    state.boards.some(
      (board) => board.since !== periodStartDay(board.period, now) || board.trustRunId !== state.latestTrustRunId,
    ) ||
    namesDue(state, now)
  );
}

async function bringUpToDate(tx: Executor, state: RefreshState, now: Date): Promise<RefreshReport> {
  const marks = await takeMarks(tx);
  const countEveryone = marks.everyone || marks.userIds.length > MARKS_BEFORE_REBUILD;
  const boards = new Map((await findStoredBoards(tx)).map((board) => [board.period, board]));
  const checkNames = namesDue(state, now) || boards.size < LEADERBOARD_PERIODS.length;
  const renamed = checkNames ? await findRenamedRaters(tx, [...boards.values()]) : new Set<string>();
  const report: RefreshReport = { outcome: 'checked', marked: marks.userIds.length, rebuilt: [], redrawn: [] };
  for (const period of LEADERBOARD_PERIODS) {
    const since = periodStartDay(period, now);
    const board = boards.get(period);
    const kept = {
      since,
      trustRunId: state.latestTrustRunId,
      checkedAt: now,
      ...(checkNames ? { namesCheckedAt: now } : {}),
    };
    let next: Pick<StoredBoardWithState, 'rows' | 'raterCounts'>;
    if (countEveryone || !board || needsRebuild(board, since, now)) {
      await rebuildStandings(tx, period, since);
      next = { rows: await findStandingRows(tx, period), raterCounts: await findStandingCounts(tx, period) };
      report.rebuilt.push(period);
      report.redrawn.push(period);
    } else {
      const moved = since === null || board.since === since ? null : windowMove(board.since!, since);
      const changes =
        marks.userIds.length > 0 || moved
          ? await updateStandings(
              tx,
              period,
              marks.userIds,
              since === null ? null : { since, moved: moved ?? { left: null, entered: null } },
            )
          : [];
      const redraw =
        board.trustRunId !== state.latestTrustRunId || listChanges(board.rows, changes, [...marks.userIds, ...renamed]);
      next = {
        rows: redraw ? await findStandingRows(tx, period) : board.rows,
        raterCounts: withCountChanges(board.raterCounts, changes),
      };
      if (redraw) report.redrawn.push(period);
    }
    if (board && sameBoard(board, next)) {
      await storeBoardState(tx, period, kept);
    } else {
      await storeBoard(tx, period, { computedAt: nextVersion(board, now), ...next, ...kept });
      report.outcome = 'computed';
    }
  }
  if (report.rebuilt.length > 0) await analyzeStandings(tx);
  return report;
}

/**
 * A board's new version: now, or just past the stored one if that is later (another instance's clock ahead of this
 * one's), since instances read a board again only for a later version.
 */
const nextVersion = (board: StoredBoardWithState | undefined, now: Date) =>
  board && board.computedAt.getTime() >= now.getTime() ? new Date(board.computedAt.getTime() + 1) : now;

/**
 * Counted afresh when the window has moved by as many days as it now holds (a new year: the days that left outnumber
 * those that stay), when the board's standings were never counted (a board stored before them), or when the board
 * has rows but no rater counts (stored before those).
 */
function needsRebuild(board: StoredBoardWithState, since: string | null, now: Date): boolean {
  if (board.rows.length > 0 && board.raterCounts.length === 0) return true;
  if (since === null) return false;
  if (board.since === null) return true;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const held = Math.round((today - Date.parse(since)) / DAY_MS) + 1;
  return Math.abs(Date.parse(since) - Date.parse(board.since)) / DAY_MS >= held;
}

/** The days that left the window (its start moved forward) or entered it (moved back: a clock set back). */
const windowMove = (before: string, after: string): WindowMove =>
  before < after
    ? { left: { from: before, to: after }, entered: null }
    : { left: null, entered: { from: after, to: before } };

/**
 * Whether the first 50 can differ from the stored ones: a listed rater moved, was marked (their all-time points show
 * on every board) or renamed, or a rater now has at least the 50th's count. Otherwise the same 50 lead, in the same
 * order, with the same figures.
 */
function listChanges(rows: LeaderboardRow[], changes: StandingChange[], touched: Iterable<string>): boolean {
  const listed = new Set(rows.map((row) => row.userId));
  for (const userId of touched) if (listed.has(userId)) return true;
  const last = rows.length >= LEADERBOARD_SIZE ? rows[rows.length - 1].ratingsCount : 1;
  return changes.some((change) => listed.has(change.userId) || change.newCount >= last);
}

/** The listed raters whose account e-mail or display name is no longer the one stored on some board. */
async function findRenamedRaters(tx: Executor, boards: StoredBoardWithState[]): Promise<Set<string>> {
  const rows = boards.flatMap((board) => board.rows);
  const names = new Map(
    (await findListedNames(tx, [...new Set(rows.map((row) => row.userId))])).map((row) => [row.userId, row]),
  );
  const renamed = new Set<string>();
  for (const row of rows) {
    const now = names.get(row.userId);
    const displayName =
      now && raterDisplayName(now, now.email, { firstName: now.accountFirstName, lastName: now.accountLastName });
    if (!now || now.email !== row.email || displayName !== row.displayName) renamed.add(row.userId);
  }
  return renamed;
}

/** Rows and counts as a reader sees them (stored JSON orders keys its own way). */
const boardText = (board: Pick<StoredBoardWithState, 'rows' | 'raterCounts'>) =>
  JSON.stringify([
    board.rows.map((row) => [
      row.userId,
      row.email,
      row.ratingsCount,
      row.helpfulnessSum,
      row.helpfulnessCount,
      row.totalPoints,
      row.helpfulnessScore ?? null,
      row.displayName ?? null,
    ]),
    board.raterCounts,
  ]);

const sameBoard = (a: Pick<StoredBoardWithState, 'rows' | 'raterCounts'>, b: typeof a) => boardText(a) === boardText(b);

/** How often each instance looks at the boards' state. */
const REFRESH_CHECK_MS = 1000;

/** Runs the refresh when the app is ready and checks each second, off the request path. */
export function scheduleBoardRefresh(
  app: Pick<App, 'addHook' | 'log'>,
  db: Db,
  refreshMs: number,
  onRun: (outcome: BoardRefresh) => void,
) {
  if (refreshMs <= 0) return;
  let running = false;
  // The check runs each second: while the database is down it fails each second, and is logged once a minute.
  let failingSince: number | null = null;
  let lastLogged = 0;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      onRun((await refreshStoredBoards(db, refreshMs)).outcome);
      if (failingSince !== null) app.log.info('leaderboard refresh works again');
      failingSince = null;
    } catch (err) {
      failingSince ??= Date.now();
      if (Date.now() - lastLogged >= 60_000) {
        lastLogged = Date.now();
        app.log.warn(
          { err, failingForMs: Date.now() - failingSince },
          'leaderboard refresh failed; stored boards kept',
        );
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), Math.min(REFRESH_CHECK_MS, refreshMs));
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => clearInterval(timer));
}
