import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { trustJobs, trustRunRequests } from '../../db/schema/index';

/*
 * Full-run requests: queued by an admin or the schedule, claimed by the lease holder, moved along as the run
 * goes, and finished as done or failed. Every instance reads them, so status and metrics agree across the cluster.
 */

export type TrustRunRequest = typeof trustRunRequests.$inferSelect;

const OPEN = ['queued', 'running'] as const;

/** Queues a full run unless one is queued or running already; returns the open one either way. */
export async function queueRun(
  db: Executor,
  requester: { admin: boolean; userId: string | null },
): Promise<TrustRunRequest> {
  const [created] = await db
    .insert(trustRunRequests)
    .values({ requestedByAdmin: requester.admin, requestedBy: requester.userId })
    // The only conflict possible is trust_run_requests_one_open_idx: a run is open already.
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [open] = await db.select().from(trustRunRequests).where(inArray(trustRunRequests.state, OPEN)).limit(1);
  // Finished between the insert and the read: queue again (the unique index keeps it at one).
  return open ?? queueRun(db, requester);
}

export async function findOpenRun(db: Executor): Promise<TrustRunRequest | undefined> {
  const [open] = await db.select().from(trustRunRequests).where(inArray(trustRunRequests.state, OPEN)).limit(1);
  return open;
}

/** The most recent request and the most recent finished one (done or failed). */
export async function findRecentRuns(db: Executor, limit = 5): Promise<TrustRunRequest[]> {
  return db.select().from(trustRunRequests).orderBy(desc(trustRunRequests.id)).limit(limit);
}

/** The lease holder takes a queued request. */
export async function startRun(db: Executor, id: number, holder: string): Promise<boolean> {
  const rows = await db
    .update(trustRunRequests)
    .set({ state: 'running', holder, startedAt: sql`now()`, heartbeatAt: sql`now()`, phase: 'starting' })
    .where(and(eq(trustRunRequests.id, id), eq(trustRunRequests.state, 'queued')))
    .returning({ id: trustRunRequests.id });
  return rows.length > 0;
}

export type RunProgress = { phase: string; done: number; total: number };

/** A step of the run; only its holder moves it (a fenced-off holder's update changes nothing). */
export async function recordProgress(db: Executor, id: number, holder: string, progress: RunProgress) {
  await db
    .update(trustRunRequests)
    .set({
      phase: progress.phase,
      progressDone: progress.done,
      progressTotal: progress.total,
      heartbeatAt: sql`now()`,
    })
    .where(
      and(eq(trustRunRequests.id, id), eq(trustRunRequests.holder, holder), eq(trustRunRequests.state, 'running')),
    );
}

export async function finishRun(
  db: Executor,
  id: number,
  holder: string,
  outcome: { players: number; ratings: number; durationMs: number },
) {
  await db
    .update(trustRunRequests)
    .set({ state: 'done', finishedAt: sql`now()`, heartbeatAt: sql`now()`, phase: 'done', ...outcome })
    .where(and(eq(trustRunRequests.id, id), eq(trustRunRequests.holder, holder)));
}

export async function failRun(db: Executor, id: number, error: string) {
  await db
    .update(trustRunRequests)
    .set({ state: 'failed', finishedAt: sql`now()`, error: error.slice(0, 500) })
    .where(and(eq(trustRunRequests.id, id), inArray(trustRunRequests.state, OPEN)));
}

/**
 * A running request whose holder no longer holds the lease stopped without finishing (a crash, a kill, a lost
 * connection): it is marked failed, so status shows it and the next run can start.
 */
export async function failAbandonedRuns(db: Executor, lease: string): Promise<number> {
  const rows = await db
    .update(trustRunRequests)
    .set({
      state: 'failed',
      finishedAt: sql`now()`,
      error: 'The worker stopped during the run; the next run starts over',
    })
    .where(
      and(
        eq(trustRunRequests.state, 'running'),
        sql`not exists (select 1 from ${trustJobs} j where j.name = ${lease}
          and j.holder = ${trustRunRequests.holder} and j.lease_until > now())`,
      ),
    )
    .returning({ id: trustRunRequests.id });
  return rows.length;
}
