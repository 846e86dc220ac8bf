import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { holdLease, LeaseLost, type HeldLease } from './job-lease';
import { runFullComputation, type RunSummary } from './full-run.service';
import { backfillHistoryBatch } from './history-backfill';
import { refreshStaleEstimates } from './stale-estimates.service';
import { fullRunNeeded } from './trust.service';
import {
  failAbandonedRuns,
  failRun,
  findOpenRun,
  finishRun,
  queueRun,
  recordProgress,
  startRun,
  type RunProgress,
} from './trust-runs.repo';

/**
 * One lease for both trust jobs, so a full run never writes estimates older than the worker's: the holder
 * refreshes marked players, or runs a full run when one is queued (an admin asked) or due (the last is old).
 * A lease row renewed while the job runs, not a lock held on a connection: a full run takes minutes at full size.
 */
const LEASE = 'trust';
/** Renewed every third of it while a job runs; after a crash another instance takes over when it ends. */
export const TRUST_LEASE_SECONDS = 120;
/** This process (or worker thread), as a lease holder. */
const defaultHolder = randomUUID();

export type TrustJobOptions = {
  fullRunMs: number;
  leaseSeconds?: number;
  holder?: string;
  /** Tests: called at every step of a full run, after its progress is recorded. */
  onStep?: (progress: RunProgress) => Promise<void> | void;
};

export type TrustTick = 'full' | 'refreshed' | 'backfilled' | 'idle' | 'busy';

/** One pass of the worker: a queued or due full run, else the marked players (all of them, in batches). */
export async function trustTick(db: Db, options: TrustJobOptions): Promise<TrustTick> {
  const holder = options.holder ?? defaultHolder;
  const lease = await holdLease(db, LEASE, holder, options.leaseSeconds ?? TRUST_LEASE_SECONDS);
  if (!lease) return 'busy';
  try {
    // A run whose holder died holds no lease any more: it shows as failed, and a new one starts over at once.
    if ((await failAbandonedRuns(db, LEASE)) > 0) await queueRun(db, { admin: false, userId: null });
    let request = await findOpenRun(db);
    if (!request && (await fullRunNeeded(db, options.fullRunMs)))
      request = await queueRun(db, { admin: false, userId: null });
    if (request) {
      await runRequest(db, request.id, holder, lease, options.onStep);
      return 'full';
    }
    let refreshed = 0;
    for (let batch = await refreshStaleEstimates(db); batch > 0; batch = await refreshStaleEstimates(db)) {
      refreshed += batch;
      await lease.confirm();
    }
    if (refreshed > 0) return 'refreshed';
    return (await backfillHistoryBatch(db)) > 0 ? 'backfilled' : 'idle';
  } finally {
    await lease.release();
  }
}

async function runRequest(
  db: Db,
  id: number,
  holder: string,
  lease: HeldLease,
  onStep: TrustJobOptions['onStep'],
): Promise<RunSummary> {
  await startRun(db, id, holder);
  try {
    const summary = await runFullComputation(db, {
      step: async (progress) => {
        // Inline (PGlite) the run shares the event loop with requests: each step lets waiting requests through.
        await new Promise((resolve) => setImmediate(resolve));
        await lease.confirm();
        await recordProgress(db, id, holder, progress);
        await onStep?.(progress);
      },
    });
    await lease.confirm();
    await finishRun(db, id, holder, {
      players: summary.players,
      ratings: summary.ratings,
      durationMs: summary.durationMs,
    });
    return summary;
  } catch (error) {
    await failRun(db, id, failureText(error)).catch(() => undefined);
    throw error;
  }
}

/** What an admin reads of a failed run: the cause in a sentence, never a stack or a statement. */
function failureText(error: unknown): string {
  if (error instanceof LeaseLost) return 'Another instance took over the run';
  const message = error instanceof Error ? error.message : String(error);
  return `The run failed: ${message.split('\n')[0].slice(0, 200)}`;
}

/**
 * The seed, the bench and the demo world: a full run now, in this process, waiting up to `waitMs` for the
 * lease. Requests made meanwhile are folded into it.
 */
export async function recomputeNow(db: Db, waitMs = 30_000): Promise<RunSummary> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const lease = await holdLease(db, LEASE, defaultHolder, TRUST_LEASE_SECONDS);
    if (lease) {
      try {
        await failAbandonedRuns(db, LEASE);
        const request = await queueRun(db, { admin: false, userId: null });
        return await runRequest(db, request.id, defaultHolder, lease, undefined);
      } finally {
        await lease.release();
      }
    }
    if (Date.now() > deadline)
      throw new AppError(503, 'A trust computation is running; try again shortly', 'trust_computation_running');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** POST /api/admin/trust/recompute: queues a full run (or joins the one queued or running). */
export async function requestFullRun(db: Db, adminUserId: string | null) {
  const request = await queueRun(db, { admin: true, userId: adminUserId });
  return { runId: request.id, state: request.state };
}
