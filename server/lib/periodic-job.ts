import type { FastifyInstance } from 'fastify';
import { recordJobRun } from './metrics';

export interface PeriodicJob {
  /** The name in the metrics' job_last_run_timestamp_seconds. */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** Logged when a run fails; say what is kept and when it runs again. */
  failureMessage: string;
}

/** How long closing waits for a run under way, so it does not query a pool that is closing. */
const CLOSE_WAIT_MS = 5000;

/**
 * A job each instance runs on start and every `everyMs`: never two runs of it at once on one instance, a
 * success recorded for the metrics, a failure logged (a job that keeps failing shows as a timestamp that no
 * longer moves). A job that must run on one instance only takes its own lock inside `run`.
 */
export function schedulePeriodicJob(app: FastifyInstance, job: PeriodicJob): void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await job.run();
      recordJobRun(job.name);
    } catch (err) {
      app.log.warn({ err }, job.failureMessage);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), job.everyMs);
  timer.unref();
  app.addHook('onReady', async () => void tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    const deadline = Date.now() + CLOSE_WAIT_MS;
    while (running && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  });
}
