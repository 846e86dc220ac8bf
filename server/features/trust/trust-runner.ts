import { Worker } from 'node:worker_threads';
import type { Database } from '../../db/client';
import type { App } from '../../deps';
import { recordJobRun } from '../../lib/metrics';
import { runTrustLoop, type TrustLoop, type TrustLoopSettings } from './trust-loop';
import type { TrustWorkerData, TrustWorkerMessage } from './trust-worker';

/** Where the jobs of this instance run (docs/decisions/025-trust-model-in-a-worker.md). */
export type TrustJobsMode = 'worker-thread' | 'inline' | 'off';

export type TrustRunner = { mode: TrustJobsMode; kick: () => void };

const onRun = (outcome: string) => {
  if (outcome === 'full') recordJobRun('trust-full-run');
  if (outcome === 'refreshed' || outcome === 'backfilled' || outcome === 'idle') recordJobRun('trust-refresh');
};

/**
 * From source (tsx, Vitest) the worker loads the TypeScript entry through tsx; the built server ships
 * dist/server/trust-worker.js beside its main.js.
 */
function workerEntry(): URL {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? './trust-worker-source.mjs' : './trust-worker.js', import.meta.url);
}

/**
 * Starts this instance's trust jobs. On PostgreSQL they run in a worker thread with its own connections, restarted
 * when it dies; on PGlite (one process's embedded database, development-sized) on this thread. `kick` starts a
 * pass at once, for a full run an admin just queued. With `off` (APP_ROLE=api) another instance runs them.
 */
export function startTrustJobs(
  app: Pick<App, 'addHook' | 'log'>,
  database: Database,
  settings: TrustLoopSettings & { mode: TrustJobsMode },
): TrustRunner {
  if (settings.mode === 'off') return { mode: 'off', kick: () => undefined };
  if (settings.mode === 'inline' || !database.url) return startInline(app, database, settings);
  return startWorkerThread(app, database.url, settings);
}

function startInline(app: Pick<App, 'addHook' | 'log'>, database: Database, settings: TrustLoopSettings): TrustRunner {
  let loop: TrustLoop | null = null;
  const report = {
    onRun,
    onFailure: (_message: string, err: unknown) => app.log.warn({ err }, 'trust worker failed; stored estimates kept'),
  };
  app.addHook('onReady', async () => {
    loop = runTrustLoop(database.db, settings, report);
  });
  app.addHook('onClose', async () => {
    await loop?.stop();
  });
  return { mode: 'inline', kick: () => (loop ??= runTrustLoop(database.db, settings, report)).kick() };
}

const RESTART_AFTER_MS = 5000;

function startWorkerThread(app: Pick<App, 'addHook' | 'log'>, url: string, settings: TrustLoopSettings): TrustRunner {
  let worker: Worker | null = null;
  let closing = false;
  let restartTimer: NodeJS.Timeout | null = null;
  const start = () => {
    const data: TrustWorkerData = { url, everyMs: settings.everyMs, fullRunMs: settings.fullRunMs };
    const thread = new Worker(workerEntry(), { workerData: data, name: 'trust-worker' });
    worker = thread;
    thread.on('message', (message: TrustWorkerMessage) => {
      if (message.type === 'ran') onRun(message.outcome);
      if (message.type === 'failed')
        app.log.warn({ reason: message.message }, 'trust worker failed; stored estimates kept');
    });
    thread.on('error', (err) => app.log.error({ err }, 'trust worker thread crashed; restarting it'));
    thread.on('exit', (code) => {
      worker = null;
      if (closing) return;
      // A crash mid-run leaves its request running under a lease that lapses; the next holder marks it failed.
      app.log.warn({ code }, 'trust worker thread stopped; restarting it');
      restartTimer = setTimeout(start, RESTART_AFTER_MS);
      restartTimer.unref();
    });
  };
  // With no schedule (everyMs 0: tests, a one-off) the thread starts at the first full run asked for.
  app.addHook('onReady', async () => {
    if (settings.everyMs > 0) start();
  });
  app.addHook('onClose', async () => {
    closing = true;
    if (restartTimer) clearTimeout(restartTimer);
    const thread = worker;
    if (!thread) return;
    const stopped = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
    thread.postMessage({ type: 'stop' });
    const timer = setTimeout(() => void thread.terminate(), 6000);
    await stopped;
    clearTimeout(timer);
  });
  return {
    mode: 'worker-thread',
    kick: () => {
      if (closing) return;
      if (!worker) start();
      worker?.postMessage({ type: 'kick' });
    },
  };
}

/** APP_ROLE=api leaves the jobs to a worker instance; a worker instance runs them on its own main thread. */
export function trustJobsMode(env: { APP_ROLE: 'all' | 'api' | 'worker' }, database: Database): TrustJobsMode {
  if (env.APP_ROLE === 'api') return 'off';
  if (env.APP_ROLE === 'worker' || database.kind !== 'postgres') return 'inline';
  return 'worker-thread';
}
