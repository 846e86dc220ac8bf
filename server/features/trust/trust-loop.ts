import type { Db } from '../../db/client';
import { trustTick, type TrustTick } from './trust-jobs';

export type TrustLoopSettings = { everyMs: number; fullRunMs: number };

export type TrustLoop = {
  /** A pass now (a full run was queued), or right after the one in flight. */
  kick: () => void;
  /** Stops the timer and waits up to 5 s for a pass in flight; its lease lapses if it cannot finish. */
  stop: () => Promise<void>;
};

/**
 * The trust worker's passes: every `everyMs` (0: only when kicked), one at a time. Failures are reported once a
 * minute while they last (the database may be down for a while); the stored estimates stay as they are.
 */
export function runTrustLoop(
  db: Db,
  settings: TrustLoopSettings,
  report: { onRun: (outcome: TrustTick) => void; onFailure: (message: string, error: unknown) => void },
): TrustLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let lastReported = 0;
  const pass = async () => {
    try {
      report.onRun(await trustTick(db, { fullRunMs: settings.fullRunMs }));
    } catch (error) {
      if (Date.now() - lastReported >= 60_000) {
        lastReported = Date.now();
        report.onFailure(error instanceof Error ? error.message : String(error), error);
      }
    }
  };
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again);
    })().finally(() => {
      running = null;
    });
  };
  const timer = settings.everyMs > 0 ? setInterval(run, settings.everyMs) : null;
  timer?.unref();
  if (settings.everyMs > 0) run();
  return {
    kick: run,
    stop: async () => {
      if (timer) clearInterval(timer);
      const inFlight = running;
      if (inFlight) await Promise.race([inFlight, new Promise((resolve) => setTimeout(resolve, 5000))]);
    },
  };
}
