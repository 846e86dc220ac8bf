import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerDetail } from '../../../common/schemas/players';
import type { TrustStatus } from '../../../common/schemas/trust';
import { adminTokenHeaders, signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addPlayer } from '../players/players-fixtures';
import { postRating, putRating, ratingBody, uniqueEmail } from '../ratings/ratings-fixtures';
import { releaseLease, takeLease } from './trust.repo';

const detail = async (t: TestApp, id: number) =>
  (await t.app.inject({ url: `/api/players/${id}` })).json<PlayerDetail>();

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the trust worker', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The worker on, as in production: a full run at start, then marked players each second.
    t = await createTestApp({ TRUST_WORKER_SECONDS: '1' });
  });
  afterAll(() => t.close());

  it('shows a new rating in the estimate within 10 seconds, and checks it against the range predicted before it', async () => {
    const player = await addPlayer(t.database.db);
    const raters = await Promise.all([0, 1, 2].map(() => signInAs(t, { email: uniqueEmail('worker') })));
    expect((await postRating(t, raters[0], ratingBody(player.id))).statusCode).toBe(201);
    const first = await waitFor(
      () => detail(t, player.id),
      (body) => body.skill.overall.n === 1,
      10_000,
    );
    expect(first.skill.overall.n).toBe(1);

    const laterIds: number[] = [];
    for (const cookie of raters.slice(1)) {
      const posted = await postRating(t, cookie, ratingBody(player.id, { overallRating: 5 }));
      expect(posted.statusCode).toBe(201);
      laterIds.push(posted.json<{ id: number }>().id);
    }
    const later = await waitFor(
      () => detail(t, player.id),
      (body) => body.skill.overall.n === 3,
      10_000,
    );
    expect(later.skill.overall.n).toBe(3);
    expect(later.skill.reliability.ratings).toBe(3);

    // An edited rating moves the estimate too.
    const lowered = { serveReturn: 1, groundstrokesThirdShot: 1, netPlayVolleysDinks: 1, movementCourtAwareness: 1 };
    const edit = { ...lowered, mentalPhysicalGame: 1, overallRating: 1, strengthsImprovements: null };
    expect((await putRating(t, raters[1], laterIds[0], edit)).statusCode).toBe(200);
    const edited = await waitFor(
      () => detail(t, player.id),
      (body) => body.skill.overall.mean < later.skill.overall.mean,
      10_000,
    );
    expect(edited.skill.overall.mean).toBeLessThan(later.skill.overall.mean);

    const admin = await adminTokenHeaders(t);
    const status = (await t.app.inject({ url: '/api/admin/trust/status', headers: admin })).json<TrustStatus>();
    expect(status.lastRun).not.toBeNull();
    // The two later ratings were predicted from the estimate that counted only the first.
    expect(status.calibration.ratings).toBeGreaterThanOrEqual(2);
    expect(status.calibration.insideShare).toBeGreaterThan(0);
  });
});

describe('the trust lease', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets one holder at a time run the jobs, and another take over once it is released or lapses', async () => {
    const { db } = t.database;
    expect(await takeLease(db, 'test-job', 'instance-a', 60)).toBe(true);
    expect(await takeLease(db, 'test-job', 'instance-b', 60)).toBe(false);
    // The holder renews its own lease.
    expect(await takeLease(db, 'test-job', 'instance-a', 60)).toBe(true);
    await releaseLease(db, 'test-job', 'instance-a');
    expect(await takeLease(db, 'test-job', 'instance-b', 0)).toBe(true);
    // A lease of no length has lapsed at once: a crashed holder does not block the cluster.
    expect(await takeLease(db, 'test-job', 'instance-a', 60)).toBe(true);
  });
});
