import { randomUUID } from 'node:crypto';
import type { App } from '../../deps';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { releaseLease, takeLease } from './trust.repo';
import { runFullComputation, type RunSummary } from './full-run.service';
import { refreshStaleEstimates } from './stale-estimates.service';
import { fullRunNeeded } from './trust.service';

/**
 * One lease for both trust jobs, so a full run never writes estimates older than the worker's: the
 * instance holding it refreshes marked players, or refits everything when the last full run is old.
 * A lease row, not a lock held on a connection: a full run takes up to a minute at full size.
 */
const LEASE = 'trust';
/** Longer than a full run at full size; after a crash another instance takes over when it ends. */
const LEASE_SECONDS = 120;
/** This process, as a lease holder. */
const holder = randomUUID();

export class TrustJobBusy extends Error {}

/** Runs `job` while holding the cluster's trust lease; throws TrustJobBusy when another instance holds it. */
async function withLease<T>(db: Db, job: () => Promise<T>): Promise<T> {
  if (!(await takeLease(db, LEASE, holder, LEASE_SECONDS))) throw new TrustJobBusy();
  try {
    return await job();
  } finally {
    await releaseLease(db, LEASE, holder);
  }
}

/** POST /api/admin/trust/recompute and the seed: a full run now, waiting up to `waitMs` for the lease. */
export async function recomputeNow(db: Db, waitMs = 30_000): Promise<RunSummary> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await withLease(db, () => runFullComputation(db));
    } catch (error) {
      if (!(error instanceof TrustJobBusy)) throw error;
      if (Date.now() > deadline)
        throw new AppError(503, 'A trust computation is running; try again shortly', 'trust_computation_running');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export type TrustTick = 'full' | 'refreshed' | 'idle' | 'busy';

/** One pass of the worker: a full run when due, else the marked players (all of them, in batches). */
export async function trustTick(db: Db, fullRunMs: number): Promise<TrustTick> {
  try {
    return await withLease(db, async () => {
      if (await fullRunNeeded(db, fullRunMs)) {
        await runFullComputation(db);
        return 'full';
      }
      let refreshed = 0;
      for (let batch = await refreshStaleEstimates(db); batch > 0; batch = await refreshStaleEstimates(db)) {
        refreshed += batch;
      }
      return refreshed ? 'refreshed' : 'idle';
    });
  } catch (error) {
    if (error instanceof TrustJobBusy) return 'busy';
    throw error;
  }
}

/** Starts the worker on every instance once the app is ready; the lease makes it one at a time. */
export function scheduleTrustJobs(
  app: Pick<App, 'addHook' | 'log'>,
  db: Db,
  options: { everyMs: number; fullRunMs: number; onRun: (outcome: TrustTick) => void },
) {
  if (options.everyMs <= 0) return;
  let running = false;
  let lastLogged = 0;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      options.onRun(await trustTick(db, options.fullRunMs));
    } catch (err) {
      // While the database is down this fails on every pass: logged once a minute.
      if (Date.now() - lastLogged >= 60_000) {
        lastLogged = Date.now();
        app.log.warn({ err }, 'trust worker failed; stored estimates kept');
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), options.everyMs);
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // A pass in flight gets a moment to finish before the database closes; its lease lapses if it cannot.
    const deadline = Date.now() + 5000;
    while (running && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  });
}
