/**
 * When each background job last ran, for the metrics (job_last_run_timestamp_seconds): a job that stops
 * running shows as a timestamp that no longer moves. Kept per process, as the jobs are.
 */
const lastRuns = new Map<string, number>();

/** A background job calls this each time it has run. */
export function recordJobRun(name: string, at: Date = new Date()): void {
  lastRuns.set(name, at.getTime());
}

/** Each job's last run, in milliseconds since the epoch. */
export function jobLastRuns(): ReadonlyMap<string, number> {
  return lastRuns;
}
