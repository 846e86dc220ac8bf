import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerMatchRequests } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { ClaimReply } from '../../../common/schemas/claims';
import { addPlayer, playerRow, uniqueEmail, userIdOf } from '../players/players-fixtures';

const CLAIMANTS = 20;

// PGlite runs one statement at a time, so only a real server can show a race; skipped without one.
describe.runIf(process.env.TEST_DATABASE_URL)('claims under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    adminCookie = await signInAs(t, { email: uniqueEmail('race-admin'), isAdmin: true });
  });
  afterAll(() => t.close());

  it(`${CLAIMANTS} simultaneous approvals of competing claims link the player exactly once`, async () => {
    const player = await addPlayer(t.database.db);
    const claimants = await Promise.all(
      Array.from({ length: CLAIMANTS }, async (_, i) => {
        const email = uniqueEmail(`racer${i}`);
        const cookie = await signInAs(t, { email });
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/players/${player.id}/match-request`,
          headers: { cookie },
          payload: { firstName: 'R', lastName: `Racer${i}`, email, city: 'Austin', state: 'TX', zip: '78701' },
        });
        expect(res.statusCode).toBe(201);
        return { userId: await userIdOf(t.database.db, email), requestId: res.json<ClaimReply>().request.id };
      }),
    );

    const results = await Promise.all(
      claimants.map(({ requestId }) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/match-requests/${requestId}/review`,
          headers: { cookie: adminCookie },
          payload: { action: 'approve', reviewNotes: 'Request approved by admin' },
        }),
      ),
    );

    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(CLAIMANTS - 1);
    const winner = claimants[statuses.indexOf(200)];
    const linkedTo = (await playerRow(t.database.db, player.id)).userId;
    expect(linkedTo).toBe(winner.userId);
    expect(claimants.map((c) => c.userId)).toContain(linkedTo);

    const rows = await t.database.db
      .select({ id: playerMatchRequests.id, status: playerMatchRequests.status })
      .from(playerMatchRequests)
      .where(eq(playerMatchRequests.playerId, player.id));
    expect(rows.filter((row) => row.status === 'approved').map((row) => row.id)).toEqual([winner.requestId]);
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(CLAIMANTS - 1);
  });

  it('simultaneous reviews of one request move it once', async () => {
    const player = await addPlayer(t.database.db);
    const email = uniqueEmail('single');
    const cookie = await signInAs(t, { email });
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/players/${player.id}/match-request`,
      headers: { cookie },
      payload: { firstName: 'S', lastName: 'Single', email, city: 'Austin', state: 'TX', zip: '78701' },
    });
    const { id } = created.json<ClaimReply>().request;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/match-requests/${id}/review`,
          headers: { cookie: adminCookie },
          payload: { action: i % 2 === 0 ? 'approve' : 'deny' },
        }),
      ),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    const [row] = await t.database.db.select().from(playerMatchRequests).where(eq(playerMatchRequests.id, id));
    const linkedTo = (await playerRow(t.database.db, player.id)).userId;
    expect(linkedTo).toBe(row.status === 'approved' ? await userIdOf(t.database.db, email) : null);
  });

  it('a claim and a registration sent at once by one user never both succeed (no second profile)', async () => {
    const USERS = 20;
    const outcomes = await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        const email = uniqueEmail(`both${i}`);
        const cookie = await signInAs(t, { email, emailVerified: true });
        const target = await addPlayer(t.database.db);
        const [claimed, registered] = await Promise.all([
          t.app.inject({
            method: 'POST',
            url: `/api/players/${target.id}/match-request`,
            headers: { cookie },
            payload: { firstName: 'B', lastName: `Both${i}`, email, city: 'Austin', state: 'TX', zip: '78701' },
          }),
          t.app.inject({
            method: 'POST',
            url: '/api/players',
            headers: { cookie },
            payload: { firstName: 'B', lastName: `Both${i}`, email, skillLevel: '3.0', location: 'Austin, TX' },
          }),
        ]);
        return { claim: claimed.statusCode, register: registered.statusCode };
      }),
    );
    // Each user ends with exactly one of the two: the other waited for the user's row lock and was refused.
    for (const outcome of outcomes) {
      expect([outcome.claim, outcome.register].sort(), JSON.stringify(outcome)).toEqual([201, 409]);
    }
  });
});
