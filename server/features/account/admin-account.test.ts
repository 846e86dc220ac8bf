import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerMatchRequests } from '../../db/schema/index';
import { adminTokenHeaders, signInAs } from '../../test/sign-in';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app';
import type { AccountExport, ErasureReply } from '../../../common/schemas/account';
import { recount } from '../integrity/integrity.service';
import { userIdOf } from '../ratings/ratings-fixtures';
import { ERASED_LABEL } from './account-erasure.repo';
import {
  dataRequestsOf,
  deleteAccount,
  member,
  ownPlayer,
  rate,
  signedIn,
  userRow,
  type Member,
} from './account-fixtures';

describe('an admin exports and erases another account (All Users)', () => {
  let t: TestApp;
  let adminCookie: string;
  let adminId: string;
  const adminEmail = 'all-users-admin@example.com';

  beforeAll(async () => {
    t = await createTestApp();
    adminCookie = await signInAs(t, { email: adminEmail, isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
    adminId = await userIdOf(t, adminEmail);
  });
  afterAll(() => t.close());

  const exportAs = (headers: Record<string, string>, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/users/${id}/export`, headers });
  const eraseAs = (headers: Record<string, string>, id: string, payload: object = { confirm: 'DELETE' }) =>
    t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/erase`, headers, payload });

  it('refuses members (403) and callers not signed in (401)', async () => {
    const someone = await member(t, 'Sid');
    expect((await exportAs({ cookie: someone.cookie }, someone.id)).statusCode).toBe(403);
    expect((await eraseAs({ cookie: someone.cookie }, someone.id)).statusCode).toBe(403);
    expect((await exportAs({}, someone.id)).statusCode).toBe(401);
    expect((await eraseAs({}, someone.id)).statusCode).toBe(401);
    expect(await userRow(t, someone.id)).toBeDefined();
  });

  it('answers 404 for an account that does not exist, 400 for what is not an account id', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await exportAs({ cookie: adminCookie }, unknown)).json()).toMatchObject({ code: 'user_not_found' });
    expect((await eraseAs({ cookie: adminCookie }, unknown)).statusCode).toBe(404);
    expect((await exportAs({ cookie: adminCookie }, 'not-an-id')).statusCode).toBe(400);
  });

  it("downloads another account's file and records who asked", async () => {
    const kim = await member(t, 'Kim');
    const res = await exportAs({ cookie: adminCookie }, kim.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="pickleball-ratings-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.json<AccountExport>().account).toMatchObject({ id: kim.id, email: kim.email });
    expect(await dataRequestsOf(t, kim.id)).toEqual([
      expect.objectContaining({ kind: 'export', adminUserId: adminId, adminLabel: adminEmail, counts: null }),
    ]);
  });

  it('erases another account without its password, ends its sessions and records who did it', async () => {
    const lee: Member = await member(t, 'Lee');
    const player = await ownPlayer(t, lee);
    const other = await member(t, 'Mo');
    await rate(t, lee, (await ownPlayer(t, other)).id);
    const res = await eraseAs({ cookie: adminCookie }, lee.id, { confirm: 'DELETE', deletePlayerProfile: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ErasureReply>().erased).toMatchObject({ ratings: 1, sessions: 1, playerProfile: 'deleted' });
    expect(await signedIn(t, lee.cookie)).toBe(false);
    expect(await userRow(t, lee.id)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/players/${player.id}` })).statusCode).toBe(404);
    const [record] = (await dataRequestsOf(t, lee.id)).filter((row) => row.kind === 'erase');
    expect(record).toMatchObject({
      adminUserId: adminId,
      adminLabel: adminEmail,
      counts: expect.objectContaining({ ratings: 1 }) as unknown,
    });
    const mail = t.sentMail.find((m) => m.to === lee.email && m.subject.includes('deleted'));
    expect(mail?.text).toContain('An administrator of Pickleball Ratings has deleted your account');
  });

  it('asks for the typed confirmation', async () => {
    const nia = await member(t, 'Nia');
    expect((await eraseAs({ cookie: adminCookie }, nia.id, { confirm: 'yes' })).statusCode).toBe(400);
    expect((await eraseAs({ cookie: adminCookie }, nia.id, {})).statusCode).toBe(400);
    expect(await userRow(t, nia.id)).toBeDefined();
  });

  it('erases with the admin key too, recorded under the key', async () => {
    const ola = await member(t, 'Ola');
    const res = await eraseAs(await adminTokenHeaders(t), ola.id);
    expect(res.statusCode, res.body).toBe(200);
    const [record] = await dataRequestsOf(t, ola.id);
    expect(record).toMatchObject({ kind: 'erase', adminUserId: null, adminLabel: `admin:${TEST_ADMIN.email}` });
  });

  it("refuses an admin's own account (409): they delete it as a member, with their password", async () => {
    const own = await eraseAs({ cookie: adminCookie }, adminId);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'own_account_erasure' });
    expect(await userRow(t, adminId)).toBeDefined();
    // The admin key's e-mail names the account it belongs to, if any.
    const keyOwner = await member(t, 'Key');
    const res = await eraseAs(await adminTokenHeaders(t, keyOwner.email), keyOwner.id);
    expect(res.statusCode).toBe(409);
  });

  it("takes an erased admin's e-mail out of the records of what they did", async () => {
    const admin = await member(t, 'Abe', 'Admin');
    await signInAs(t, { email: admin.email, isAdmin: true, firstName: 'Abe', lastName: 'Admin' });
    const subject = await member(t, 'Pia');
    const claimed = await ownPlayer(t, subject);
    expect((await exportAs({ cookie: admin.cookie }, subject.id)).statusCode).toBe(200);
    await t.database.db.insert(playerMatchRequests).values({
      userId: subject.id,
      playerId: claimed.id,
      status: 'denied',
      claimantFirstName: 'Pia',
      claimantLastName: 'Member',
      claimantEmail: subject.email,
      claimantCity: 'Austin',
      claimantState: 'TX',
      claimantZip: '78701',
      reviewedByLabel: admin.email,
    });

    const res = await deleteAccount(t, admin.cookie, { confirm: 'DELETE', password: admin.password });
    expect(res.statusCode, res.body).toBe(200);
    const [record] = await dataRequestsOf(t, subject.id);
    expect(record).toMatchObject({ adminUserId: null, adminLabel: ERASED_LABEL });
    const [claim] = await t.database.db
      .select()
      .from(playerMatchRequests)
      .where(eq(playerMatchRequests.userId, subject.id));
    expect(claim.reviewedByLabel).toBe(ERASED_LABEL);
  });

  it('leaves every derived figure equal to its recount from the rows', async () => {
    expect((await recount(t.database.db)).mismatches).toEqual([]);
  });
});
