import { dismissToast } from '@client/components/ui/use-toast';
import { fakeApi, type ApiCall } from '@client/test/fake-api';
import { renderWithApp } from '@client/test/render-with-app';
import type { TrustRun, TrustStatus } from '@common/schemas/trust';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRUST_RUN_POLL_MS } from '../api/get-trust-status';
import TrustTab from './trust-tab';
import { TrustStatusPanel } from './trust-status-panel';

const lastRun: TrustStatus['lastRun'] = {
  computedAt: '2026-11-28T09:00:00.000Z',
  durationMs: 2440,
  players: 87_027,
  ratings: 1_000_000,
};

const finished: TrustRun = {
  id: 4,
  state: 'done',
  requestedAt: '2026-11-28T08:59:00.000Z',
  requestedByAdmin: false,
  startedAt: '2026-11-28T08:59:01.000Z',
  finishedAt: '2026-11-28T09:00:00.000Z',
  phase: 'done',
  progress: { done: 0, total: 0 },
  error: null,
};

const baseStatus: TrustStatus = {
  lastRun,
  currentRun: finished,
  health: 'ok',
  hyperParameters: null,
  calibration: { ratings: 1200, insideShare: 0.894 },
  pendingFlags: 2,
};

const run5 = (changes: Partial<TrustRun>): TrustRun => ({
  ...finished,
  id: 5,
  state: 'queued',
  requestedAt: '2026-11-28T10:00:00.000Z',
  requestedByAdmin: true,
  startedAt: null,
  finishedAt: null,
  phase: null,
  ...changes,
});

/** What GET /api/admin/trust/status answers now; a test moves it along as the server's run would. */
let status: TrustStatus;
let recomputeAnswer: { status: number; body: unknown };
let calls: ApiCall[];

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  status = baseStatus;
  recomputeAnswer = { status: 202, body: { runId: 5, state: 'queued' } };
  calls = fakeApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/admin/trust/status') return { body: status };
    if (method === 'POST' && path === '/api/admin/trust/recompute') return recomputeAnswer;
    if (method === 'GET' && path === '/api/admin/trust/flags') return { body: { flags: [] } };
    return undefined;
  });
});
afterEach(() => {
  // Toasts live outside React: one test's must not show in the next.
  dismissToast();
  vi.useRealTimers();
});

const panel = () => screen.getByRole('region', { name: 'Estimates and checks' });
const statusReads = () => calls.filter((call) => call.path === '/api/admin/trust/status').length;
/** The last run's counts, whose duration is kept on one line in a span of its own. */
const lastRunLine = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'SPAN' && element.textContent === text && element.parentElement?.tagName === 'DD';
const button = (name: string) => within(panel()).getByRole<HTMLButtonElement>('button', { name });
const posts = () => calls.filter((call) => call.method === 'POST').length;
/** The next poll: the panel reads the status again after TRUST_RUN_POLL_MS while a run is open. */
const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(TRUST_RUN_POLL_MS));
const user = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

describe('Trust status panel: a full run', () => {
  it('queues a run with Recompute now, follows it every 2 s while it runs, then shows the new last run', async () => {
    renderWithApp(<TrustStatusPanel />);
    await screen.findByText(lastRunLine('87,027 players, 1,000,000 ratings in 2.4 s'));
    // Nothing open: the status is not read again.
    await act(() => vi.advanceTimersByTimeAsync(10 * TRUST_RUN_POLL_MS));
    expect(statusReads()).toBe(1);

    status = { ...baseStatus, currentRun: run5({}), health: 'running' };
    await user().click(within(panel()).getByRole('button', { name: 'Recompute now' }));
    await within(panel()).findByText('Queued, waiting to start');
    expect(within(panel()).getByText(/^Asked for by an admin, queued/)).toBeTruthy();
    expect(button('Recomputing...').disabled).toBe(true);
    expect(posts()).toBe(1);

    status = {
      ...status,
      currentRun: run5({
        state: 'running',
        startedAt: '2026-11-28T10:00:01.000Z',
        phase: 'estimates',
        progress: { done: 40_000, total: 87_027 },
      }),
    };
    const reads = statusReads();
    await nextPoll();
    expect(statusReads()).toBe(reads + 1);
    await within(panel()).findByText('Computing estimates: 40,000 of 87,027 players');
    expect(within(panel()).getByRole('progressbar', { name: 'Full run progress' }).getAttribute('aria-valuenow')).toBe(
      '46',
    );
    expect(button('Recomputing...').disabled).toBe(true);
    // The previous run stays shown until this one is done.
    expect(within(panel()).getByText(lastRunLine('87,027 players, 1,000,000 ratings in 2.4 s'))).toBeTruthy();

    status = {
      ...baseStatus,
      lastRun: { computedAt: '2026-11-28T10:02:00.000Z', durationMs: 118_000, players: 87_100, ratings: 1_000_500 },
      currentRun: run5({ state: 'done', phase: 'done', finishedAt: '2026-11-28T10:02:00.000Z' }),
      pendingFlags: 3,
    };
    await nextPoll();
    await within(panel()).findByText(lastRunLine('87,100 players, 1,000,500 ratings in 118.0 s'));
    expect(await screen.findByText('Estimates recomputed')).toBeTruthy();
    expect(screen.getByText('87,100 players and 1,000,500 ratings in 118.0 s.')).toBeTruthy();
    expect(within(panel()).queryByText(/Computing estimates/)).toBeNull();
    expect(button('Recompute now').disabled).toBe(false);

    // Done: no more reads.
    const afterDone = statusReads();
    await act(() => vi.advanceTimersByTimeAsync(10 * TRUST_RUN_POLL_MS));
    expect(statusReads()).toBe(afterDone);
    expect(posts()).toBe(1);
  });

  it('announces a run that finished before the status showed it open, and reads the flags again', async () => {
    renderWithApp(<TrustTab />);
    await screen.findByText(lastRunLine('87,027 players, 1,000,000 ratings in 2.4 s'));
    const flagReads = () => calls.filter((call) => call.path === '/api/admin/trust/flags').length;
    expect(flagReads()).toBe(1);

    // A small database: done by the time the status is read after the 202.
    status = {
      ...baseStatus,
      lastRun: { computedAt: '2026-11-28T10:00:02.000Z', durationMs: 850, players: 12, ratings: 30 },
      currentRun: run5({ state: 'done', phase: 'done', finishedAt: '2026-11-28T10:00:02.000Z' }),
      pendingFlags: 1,
    };
    await user().click(within(panel()).getByRole('button', { name: 'Recompute now' }));
    expect(await screen.findByText('Estimates recomputed')).toBeTruthy();
    expect(screen.getByText('12 players and 30 ratings in 850 ms.')).toBeTruthy();
    expect(flagReads()).toBe(2);
    expect(statusReads()).toBe(2);
  });

  it('follows a run it finds open on opening, started by the schedule', async () => {
    status = {
      ...baseStatus,
      currentRun: run5({
        state: 'running',
        requestedByAdmin: false,
        startedAt: '2026-11-28T10:00:01.000Z',
        phase: 'reading ratings',
        progress: { done: 120_000, total: 0 },
      }),
      health: 'running',
    };
    renderWithApp(<TrustStatusPanel />);
    await within(await screen.findByRole('region', { name: 'Estimates and checks' })).findByText(
      'Reading ratings: 120,000 so far',
    );
    expect(within(panel()).getByText(/^Scheduled, started/)).toBeTruthy();
    expect(within(panel()).queryByRole('progressbar')).toBeNull();
    expect(button('Recomputing...').disabled).toBe(true);

    status = { ...baseStatus, currentRun: run5({ state: 'done', phase: 'done' }) };
    await nextPoll();
    await within(panel()).findByRole('button', { name: 'Recompute now' });
    // Not this admin's run: no toast.
    expect(screen.queryByText('Estimates recomputed')).toBeNull();
  });

  it('shows a failed run’s reason with Try again, which queues a new run', async () => {
    status = {
      ...baseStatus,
      currentRun: run5({
        state: 'failed',
        startedAt: '2026-11-28T10:00:01.000Z',
        finishedAt: '2026-11-28T10:01:00.000Z',
        phase: 'estimates',
        error: 'The worker stopped during the run; the next run starts over',
      }),
      health: 'failed',
    };
    renderWithApp(<TrustStatusPanel />);
    const alert = await within(await screen.findByRole('region', { name: 'Estimates and checks' })).findByRole('alert');
    expect(within(alert).getByText('The last full run failed')).toBeTruthy();
    expect(within(alert).getByText(/The worker stopped during the run; the next run starts over/)).toBeTruthy();
    expect(within(panel()).getByText('Last run failed')).toBeTruthy();

    status = { ...baseStatus, currentRun: run5({ id: 6 }), health: 'running' };
    recomputeAnswer = { status: 202, body: { runId: 6, state: 'queued' } };
    await user().click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(panel()).findByText('Queued, waiting to start');
    expect(posts()).toBe(1);
    expect(within(panel()).queryByRole('alert')).toBeNull();
    expect(within(panel()).queryByText('Last run failed')).toBeNull();
  });

  it('marks runs that are overdue, and a running one that stopped moving', async () => {
    status = { ...baseStatus, health: 'overdue' };
    renderWithApp(<TrustStatusPanel />);
    await within(await screen.findByRole('region', { name: 'Estimates and checks' })).findByText('Overdue');
    expect(within(panel()).getByText('Overdue: later than the schedule allows')).toBeTruthy();
  });

  it('says so when a running run has not moved for minutes', async () => {
    status = {
      ...baseStatus,
      currentRun: run5({ state: 'running', startedAt: '2026-11-28T10:00:01.000Z', phase: 'hyper' }),
      health: 'overdue',
    };
    renderWithApp(<TrustStatusPanel />);
    await within(await screen.findByRole('region', { name: 'Estimates and checks' })).findByText('Fitting the model');
    expect(within(panel()).getByText('Overdue')).toBeTruthy();
    expect(within(panel()).getByText('No progress for a few minutes: the worker may have stopped.')).toBeTruthy();
  });

  it('says why a run could not be queued', async () => {
    recomputeAnswer = { status: 403, body: { message: 'Admin access required', code: 'admin_required' } };
    renderWithApp(<TrustStatusPanel />);
    await user().click(
      await within(await screen.findByRole('region', { name: 'Estimates and checks' })).findByRole('button', {
        name: 'Recompute now',
      }),
    );
    expect(await screen.findByText('Could not recompute')).toBeTruthy();
    expect(screen.getByText('Admin access required')).toBeTruthy();
    expect(button('Recompute now').disabled).toBe(false);
  });
});
