import type { Executor } from '../../db/client';
import type { TrustRun, TrustRunHealth } from '../../../common/schemas/trust';
import { findLatestRun } from './trust.repo';
import { findRecentRuns, type TrustRunRequest } from './trust-runs.repo';

/** A run in progress whose heartbeat is older than this has stopped moving (its lease lapses at 120 s). */
const STALLED_MS = 3 * 60_000;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toTrustRun(row: TrustRunRequest): TrustRun {
  return {
    id: row.id,
    state: row.state,
    requestedAt: row.requestedAt.toISOString(),
    requestedByAdmin: row.requestedByAdmin,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    phase: row.phase,
    progress: { done: row.progressDone, total: row.progressTotal },
    error: row.error,
  };
}

/**
 * Whether the full runs keep up, for the admin status, readiness details and /metrics: the latest run failed, no
 * run completed for twice the schedule's period (or a running one stopped moving), or all is well.
 */
export async function trustRunHealth(
  db: Executor,
  fullRunMs: number,
  now = Date.now(),
): Promise<{ health: TrustRunHealth; current: TrustRun | null; lastCompletedAt: Date | null }> {
  const [latest] = await findRecentRuns(db, 1);
  const completed = await findLatestRun(db);
  const lastCompletedAt = completed?.computedAt ?? null;
  const current = latest ? toTrustRun(latest) : null;
  const overdue = lastCompletedAt !== null && now - lastCompletedAt.getTime() > 2 * fullRunMs;
  const stalled =
    latest?.state === 'running' && latest.heartbeatAt !== null && now - latest.heartbeatAt.getTime() > STALLED_MS;
  let health: TrustRunHealth;
  if (latest?.state === 'failed') health = 'failed';
  else if (stalled || overdue) health = 'overdue';
  else if (latest?.state === 'running' || latest?.state === 'queued') health = 'running';
  else health = lastCompletedAt ? 'ok' : 'never';
  return { health, current, lastCompletedAt };
}
