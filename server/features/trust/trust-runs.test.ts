import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerDetail } from '../../../common/schemas/players';
import type { TrustRecomputeReply, TrustStatus } from '../../../common/schemas/trust';
import { eq } from 'drizzle-orm';
import { dataBackfills, playerEstimateHistory, trustJobs, trustRunRequests } from '../../db/schema/index';
import { adminTokenHeaders, signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { recomputeTrust } from '../../test/trust-recompute';
import { addPlayer, addRating, allScores, uniqueEmail } from '../players/players-fixtures';
import { HISTORY_BACKFILL } from './history-backfill';
import { trustTick } from './trust-jobs';
import { releaseLease, takeLease } from './trust.repo';

type Admin = Awaited<ReturnType<typeof adminTokenHeaders>>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('full runs as queued jobs', () => {
  let t: TestApp;
  let admin: Admin;
  /** This app's own runner (a worker thread on PostgreSQL) may still hold the lease after a run a test asked for. */
  const untilLeaseFree = async () => {
    for (let tries = 0; !(await takeLease(t.database.db, 'trust', 'probe', 0)) && tries < 300; tries++)
      await sleep(100);
  };
  const status = async () =>
    (await t.app.inject({ url: '/api/admin/trust/status', headers: admin })).json<TrustStatus>();
  const overallOf = async (id: number) =>
    (await t.app.inject({ url: `/api/players/${id}` })).json<PlayerDetail>().skill.overall;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: 'metrics-token-123456789' });
    admin = await adminTokenHeaders(t);
  });
  afterAll(() => t.close());

  it('answers 202 with a run id at once, joins an open run, and shows the run through to done', async () => {
    const player = await addPlayer(t.database.db);
    for (const stars of [5, 5, 4]) await addRating(t.database.db, { playerId: player.id, ...allScores(stars) });
    // Another instance holds the jobs' lease for now: the run waits in the queue.
    await takeLease(t.database.db, 'trust', 'other-instance', 60);
    const first = await t.app.inject({ method: 'POST', url: '/api/admin/trust/recompute', headers: admin });
    expect(first.statusCode).toBe(202);
    const queued = first.json<TrustRecomputeReply>();
    expect(queued.state).toBe('queued');
    expect(queued.runId).toBeGreaterThan(0);
    expect((await status()).currentRun).toMatchObject({ id: queued.runId, state: 'queued', requestedByAdmin: true });
    // Asking again while it is open joins it rather than queueing a second.
    await releaseLease(t.database.db, 'trust', 'other-instance');
    const second = await t.app.inject({ method: 'POST', url: '/api/admin/trust/recompute', headers: admin });
    expect(second.statusCode).toBe(202);
    expect(second.json<TrustRecomputeReply>().runId).toBe(queued.runId);

    let current = (await status()).currentRun;
    for (let tries = 0; current?.state !== 'done' && tries < 600; tries++) {
      expect(current?.id).toBe(queued.runId);
      expect(['queued', 'running']).toContain(current?.state);
      await sleep(50);
      current = (await status()).currentRun;
    }
    const done = await status();
    expect(done.currentRun).toMatchObject({ id: queued.runId, state: 'done', requestedByAdmin: true, error: null });
    expect(done.currentRun?.finishedAt).not.toBeNull();
    expect(done.health).toBe('ok');
    expect(done.lastRun?.players).toBeGreaterThan(0);
    expect((await overallOf(player.id)).n).toBe(3);
  });

  it('refuses callers who are not admins', async () => {
    const cookie = await signInAs(t, { email: uniqueEmail('member') });
    const member = await t.app.inject({ method: 'POST', url: '/api/admin/trust/recompute', headers: { cookie } });
    expect(member.statusCode).toBe(403);
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/admin/trust/recompute' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('keeps the previous estimates when a run fails midway, shows the failure everywhere, and the next run completes', async () => {
    const player = await addPlayer(t.database.db);
    for (let i = 0; i < 3; i++) await addRating(t.database.db, { playerId: player.id, ...allScores(5) });
    await recomputeTrust(t.app, admin);
    const before = await overallOf(player.id);
    for (let i = 0; i < 3; i++) await addRating(t.database.db, { playerId: player.id, ...allScores(1) });

    // The run dies after reading and fitting, before writing any estimate.
    await untilLeaseFree();
    const crash = trustTick(t.database.db, {
      fullRunMs: 0,
      holder: 'crashing-instance',
      onStep: (progress) => {
        if (progress.phase === 'estimates') throw new Error('worker crashed');
      },
    });
    await expect(crash).rejects.toThrow('worker crashed');
    expect(await overallOf(player.id)).toEqual(before);
    const failed = await status();
    expect(failed.currentRun).toMatchObject({ state: 'failed', error: 'The run failed: worker crashed' });
    expect(failed.health).toBe('failed');

    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', details: { trustRuns: 'failed' } });
    const metrics = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-123456789' },
    });
    expect(metrics.body).toContain('trust_full_run_health{state="failed"} 1');

    await recomputeTrust(t.app, admin);
    const after = await overallOf(player.id);
    expect(after.n).toBe(6);
    expect(after.mean).toBeLessThan(before.mean);
    expect((await status()).health).toBe('ok');
  });

  it('marks a run whose holder died (its lease lapsed) as failed, and starts over', async () => {
    const { db } = t.database;
    await untilLeaseFree();
    // An instance took a run and vanished: its request still says running, its lease has run out.
    await db
      .insert(trustJobs)
      .values({ name: 'trust', holder: 'vanished', leaseUntil: new Date(Date.now() - 1000) })
      .onConflictDoUpdate({
        target: trustJobs.name,
        set: { holder: 'vanished', leaseUntil: new Date(Date.now() - 1000) },
      });
    const [orphan] = await db
      .insert(trustRunRequests)
      .values({
        state: 'running',
        holder: 'vanished',
        startedAt: new Date(),
        heartbeatAt: new Date(),
        phase: 'leniency',
      })
      .returning();
    expect(await trustTick(db, { fullRunMs: 3_600_000, holder: 'survivor' })).toBe('full');
    const runs = await db.select().from(trustRunRequests);
    expect(runs.find((run) => run.id === orphan.id)).toMatchObject({
      state: 'failed',
      error: 'The worker stopped during the run; the next run starts over',
    });
    expect(runs.filter((run) => run.id > orphan.id)).toEqual([expect.objectContaining({ state: 'done' })]);
  });

  it('fills the history of players whose estimate predates it, a batch per idle pass, once', async () => {
    const { db } = t.database;
    const player = await addPlayer(db);
    for (const stars of [4, 5]) await addRating(db, { playerId: player.id, ...allScores(stars) });
    await recomputeTrust(t.app, admin);
    // As after an upgrade: an estimate, no stored history, no backfill recorded.
    await db.delete(playerEstimateHistory).where(eq(playerEstimateHistory.playerId, player.id));
    await db.delete(dataBackfills).where(eq(dataBackfills.name, HISTORY_BACKFILL));
    await untilLeaseFree();
    const pageHistory = async () =>
      (await t.app.inject({ url: `/api/players/${player.id}/page` })).json<{ history: unknown[] }>().history;
    expect(await pageHistory()).toEqual([]);
    expect(await trustTick(db, { fullRunMs: 3_600_000 })).toBe('backfilled');
    expect(await pageHistory()).toEqual([expect.objectContaining({ n: 2 })]);
    expect(await trustTick(db, { fullRunMs: 3_600_000 })).toBe('idle');
    expect(await db.select().from(dataBackfills).where(eq(dataBackfills.name, HISTORY_BACKFILL))).toHaveLength(1);
  });

  it('renews the lease while a run outlasts it, so no other instance starts the same job', async () => {
    const { db } = t.database;
    await addRating(t.database.db, { playerId: (await addPlayer(db)).id });
    await untilLeaseFree();
    const slow = trustTick(db, {
      fullRunMs: 0,
      holder: 'slow-instance',
      leaseSeconds: 1,
      // Each step waits: the run takes several times its one-second lease.
      onStep: () => sleep(300),
    });
    const outcomes: string[] = [];
    let finished = false;
    void slow.finally(() => (finished = true));
    const started = Date.now();
    while (!finished) {
      outcomes.push(await trustTick(db, { fullRunMs: 0, holder: 'other-instance', leaseSeconds: 1 }));
      await sleep(200);
    }
    expect(await slow).toBe('full');
    expect(Date.now() - started).toBeGreaterThan(2000);
    expect(outcomes.length).toBeGreaterThan(5);
    expect(new Set(outcomes)).toEqual(new Set(['busy']));
  });
});
