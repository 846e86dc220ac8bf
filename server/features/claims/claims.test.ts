import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerMatchRequests, players } from '../../db/schema/index';
import { adminTokenHeaders, signInAs } from '../../test/sign-in';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app';
import type {
  AdminMatchRequest,
  ClaimReply,
  MatchRequestsReply,
  OwnClaimReply,
  ReviewReply,
  WithdrawReply,
} from '../../../common/schemas/claims';
import { CLAIM_PLACE_UNKNOWN_MESSAGE } from '../../../common/schemas/locations';
import { addPlayer, playerRow, uniqueEmail, userIdOf } from '../players/players-fixtures';

let t: TestApp;
let adminCookie: string;
let adminUserId: string;
let tokenHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const adminEmail = uniqueEmail('claims-admin');
  adminCookie = await signInAs(t, { email: adminEmail, isAdmin: true });
  adminUserId = await userIdOf(t.database.db, adminEmail);
  tokenHeaders = await adminTokenHeaders(t);
});
afterAll(() => t.close());

const claimBody = (overrides: object = {}) => ({
  firstName: 'Clara',
  lastName: 'Claimant',
  email: 'clara@example.com',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  requestMessage: 'This is me, I moved last year.',
  ...overrides,
});

const claim = (playerId: number | string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/players/${playerId}/match-request`,
    payload,
    headers: cookie ? { cookie } : {},
  });

const list = (status: string | undefined, headers: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/match-requests${status ? `?status=${status}` : ''}`,
    headers,
  });

const review = (id: number | string, payload: object, headers: Record<string, string> = { cookie: adminCookie }) =>
  t.app.inject({ method: 'POST', url: `/api/admin/match-requests/${id}/review`, payload, headers });

/** A signed-in user with a fresh e-mail, and their id. */
async function claimant(name = 'claimant', options: { firstName?: string; lastName?: string } = {}) {
  const email = uniqueEmail(name);
  // A confirmed e-mail: registering and claiming need one.
  const cookie = await signInAs(t, { email, emailVerified: true, ...options });
  return { email, cookie, id: await userIdOf(t.database.db, email) };
}

async function pendingClaim() {
  const player = await addPlayer(t.database.db, { firstName: 'Target', lastName: 'Player' });
  const user = await claimant();
  const res = await claim(player.id, claimBody(), user.cookie);
  expect(res.statusCode).toBe(201);
  return { player, user, request: res.json<ClaimReply>().request };
}

describe('POST /api/players/:playerId/match-request', () => {
  it('creates a pending claim by the signed-in caller', async () => {
    const player = await addPlayer(t.database.db);
    const user = await claimant();
    const res = await claim(player.id, claimBody(), user.cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json<ClaimReply>().request).toEqual({
      id: expect.any(Number) as number,
      userId: user.id,
      playerId: player.id,
      status: 'pending',
      requestMessage: 'This is me, I moved last year.',
      claimantFirstName: 'Clara',
      claimantLastName: 'Claimant',
      claimantEmail: 'clara@example.com',
      claimantCity: 'Austin',
      claimantState: 'TX',
      claimantZip: '78701',
      createdAt: expect.any(String) as string,
    });
    // The claim does not link anything by itself.
    expect((await playerRow(t.database.db, player.id)).userId).toBeNull();
  });

  it('takes the message as optional (empty means none)', async () => {
    const player = await addPlayer(t.database.db);
    const user = await claimant();
    const res = await claim(player.id, claimBody({ requestMessage: '   ' }), user.cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json<ClaimReply>().request.requestMessage).toBeNull();
    const other = await claimant();
    const { requestMessage: _m, ...withoutMessage } = claimBody();
    expect((await claim(player.id, withoutMessage, other.cookie)).statusCode).toBe(201);
  });

  it('refuses a caller who is not signed in (401)', async () => {
    const player = await addPlayer(t.database.db);
    const res = await claim(player.id, claimBody());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Authentication required', code: 'unauthenticated' });
  });

  it('refuses missing or bad claimant fields with 400 ("Missing information")', async () => {
    const player = await addPlayer(t.database.db);
    const user = await claimant();
    const cases: [object, string][] = [
      [claimBody({ firstName: '' }), 'Missing information: first name is required'],
      [claimBody({ lastName: undefined }), 'Missing information: last name is required'],
      [claimBody({ email: ' ' }), 'Missing information: email is required'],
      [claimBody({ email: 'not-an-email' }), 'Please enter a valid email address'],
      [claimBody({ city: '' }), 'Missing information: city is required'],
      [claimBody({ state: null }), 'Missing information: state is required'],
      [claimBody({ zip: '' }), 'Missing information: zip is required'],
      [claimBody({ zip: '7870' }), 'ZIP code must be 5 digits'],
      [claimBody({ requestMessage: 'x'.repeat(1001) }), 'Must be at most 1000 characters'],
      [claimBody({ status: 'approved' }), 'Unknown field: status'],
    ];
    for (const [payload, message] of cases) {
      const res = await claim(player.id, payload, user.cookie);
      expect(res.statusCode, message).toBe(400);
      expect(res.json<{ message: string }>().message, message).toBe(message);
    }
    expect((await claim('abc', claimBody(), user.cookie)).statusCode).toBe(400);
  });

  it('refuses a city, state and ZIP that are not one known place (400), storing no claim', async () => {
    const player = await addPlayer(t.database.db);
    const user = await claimant();
    for (const place of [
      { city: 'Mars Base One', state: 'TX', zip: '78701' },
      { city: 'Austin', state: 'TX', zip: '00000' },
      { city: 'Austin', state: 'ZZ', zip: '78701' },
      { city: 'Boise', state: 'ID', zip: '78701' },
    ]) {
      const res = await claim(player.id, claimBody(place), user.cookie);
      expect(res.statusCode, JSON.stringify(place)).toBe(400);
      expect(res.json()).toEqual({
        message: CLAIM_PLACE_UNKNOWN_MESSAGE,
        code: 'place_unknown',
        errors: [{ path: 'city', message: CLAIM_PLACE_UNKNOWN_MESSAGE }],
      });
    }
    const stored = await t.database.db
      .select()
      .from(playerMatchRequests)
      .where(eq(playerMatchRequests.userId, user.id));
    expect(stored).toEqual([]);
  });

  it('stores the place as the ZIP data spells it', async () => {
    const player = await addPlayer(t.database.db);
    const user = await claimant();
    const res = await claim(player.id, claimBody({ city: 'st louis', state: 'missouri', zip: '63101' }), user.cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json<ClaimReply>().request).toMatchObject({
      claimantCity: 'Saint Louis',
      claimantState: 'MO',
      claimantZip: '63101',
    });
  });

  it('answers 404 for an unknown player', async () => {
    const user = await claimant();
    const res = await claim(2_000_000_000, claimBody(), user.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Player not found', code: 'player_not_found' });
  });

  it('refuses the caller’s own player ("Already linked") and another user’s ("Profile unavailable")', async () => {
    const owner = await claimant('owner');
    const own = await addPlayer(t.database.db, { userId: owner.id });
    const mine = await claim(own.id, claimBody(), owner.cookie);
    expect(mine.statusCode).toBe(409);
    expect(mine.json()).toEqual({ message: 'Already linked', code: 'already_linked' });

    const other = await claimant('other');
    const theirs = await claim(own.id, claimBody(), other.cookie);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json()).toEqual({ message: 'Profile unavailable', code: 'profile_unavailable' });
  });

  it('refuses a caller who already has a player (409)', async () => {
    const owner = await claimant('has-player');
    await addPlayer(t.database.db, { userId: owner.id });
    const target = await addPlayer(t.database.db);
    const res = await claim(target.id, claimBody(), owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'You already have a player profile', code: 'already_has_player' });
  });

  it('allows one pending claim per user and player; after a denial a new one can be sent', async () => {
    const { player, user, request } = await pendingClaim();
    const again = await claim(player.id, claimBody(), user.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You already have a pending request for this player',
      code: 'claim_already_pending',
    });

    expect((await review(request.id, { action: 'deny' })).statusCode).toBe(200);
    expect((await claim(player.id, claimBody(), user.cookie)).statusCode).toBe(201);
  });

  it('ends racing duplicate claims in one request and 409s', async () => {
    const player = await addPlayer(t.database.db);
    const user = await claimant();
    const results = await Promise.all(Array.from({ length: 4 }, () => claim(player.id, claimBody(), user.cookie)));
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const rows = await t.database.db
      .select()
      .from(playerMatchRequests)
      .where(eq(playerMatchRequests.playerId, player.id));
    expect(rows).toHaveLength(1);
  });
});

describe('GET /api/admin/match-requests', () => {
  it('refuses callers who are not admins', async () => {
    const signedOut = await list('pending', {});
    expect(signedOut.statusCode).toBe(401);
    const user = await claimant('plain');
    const plain = await list('pending', { cookie: user.cookie });
    expect(plain.statusCode).toBe(403);
    expect(plain.json()).toEqual({ message: 'Admin access required', code: 'admin_required' });
    const badToken = await list('pending', { ...tokenHeaders, 'x-admin-token': 'wrong' });
    expect(badToken.statusCode).toBe(401);
  });

  it('lists requests of one status, newest first, with requester and player names and e-mails', async () => {
    const requester = await claimant('lister', { firstName: 'Lisa', lastName: 'Lister' });
    const first = await addPlayer(t.database.db, { firstName: 'First', lastName: 'Target' });
    const second = await addPlayer(t.database.db, { firstName: 'Second', lastName: 'Target' });
    const other = await claimant('lister-two');
    const older = (await claim(first.id, claimBody(), requester.cookie)).json<ClaimReply>().request;
    const newer = (await claim(second.id, claimBody({ requestMessage: null }), other.cookie)).json<ClaimReply>()
      .request;

    for (const headers of [{ cookie: adminCookie }, tokenHeaders]) {
      const res = await list('pending', headers);
      expect(res.statusCode).toBe(200);
      const { requests, total } = res.json<MatchRequestsReply>();
      expect(total).toBe(requests.length);
      expect(requests.every((request) => request.status === 'pending')).toBe(true);
      const times = requests.map((request) => request.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      const ids = requests.map((request) => request.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(requests.find((request) => request.id === older.id)).toEqual({
        ...older,
        userFirstName: 'Lisa',
        userLastName: 'Lister',
        userEmail: requester.email,
        playerFirstName: 'First',
        playerLastName: 'Target',
        playerEmail: first.email,
        reviewedBy: null,
        reviewedByLabel: null,
        reviewedAt: null,
        reviewNotes: null,
        withdrawnAt: null,
      } satisfies AdminMatchRequest);
    }

    await review(older.id, { action: 'approve', reviewNotes: 'Request approved by admin' });
    await review(newer.id, { action: 'deny', reviewNotes: 'Request denied by admin' });
    const idsOf = async (status?: string) =>
      (await list(status, { cookie: adminCookie })).json<MatchRequestsReply>().requests.map((r) => r.id);
    expect(await idsOf('pending')).not.toContain(older.id);
    expect(await idsOf('approved')).toContain(older.id);
    expect(await idsOf('approved')).not.toContain(newer.id);
    expect(await idsOf('denied')).toContain(newer.id);
    expect(await idsOf()).toEqual(expect.arrayContaining([older.id, newer.id]));
  });

  it('refuses an unknown status (400)', async () => {
    const res = await list('archived', { cookie: adminCookie });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Status must be one of pending, approved, denied, withdrawn');
  });
});

describe('POST /api/admin/match-requests/:id/review', () => {
  it('refuses callers who are not admins, leaving the request pending', async () => {
    const { request, player } = await pendingClaim();
    expect((await review(request.id, { action: 'approve' }, {})).statusCode).toBe(401);
    const user = await claimant('not-admin');
    expect((await review(request.id, { action: 'approve' }, { cookie: user.cookie })).statusCode).toBe(403);
    const requester = await review(request.id, { action: 'approve' }, { cookie: (await claimant()).cookie });
    expect(requester.statusCode).toBe(403);
    expect((await playerRow(t.database.db, player.id)).userId).toBeNull();
  });

  it('refuses bad input (400) and an unknown request (404)', async () => {
    const { request } = await pendingClaim();
    for (const payload of [{}, { action: 'maybe' }, { action: 'approve', extra: 1 }]) {
      expect((await review(request.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await review(request.id, { action: 'maybe' })).json<{ message: string }>().message).toBe(
      'Action must be approve or deny',
    );
    expect((await review('abc', { action: 'approve' })).statusCode).toBe(400);
    const unknown = await review(2_000_000_000, { action: 'approve' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Match request not found', code: 'claim_not_found' });
  });

  it('approves: links the player to the requester and records who reviewed, when and why', async () => {
    const { request, player, user } = await pendingClaim();
    const res = await review(request.id, { action: 'approve', reviewNotes: '  Request approved by admin ' });
    expect(res.statusCode).toBe(200);
    const body = res.json<ReviewReply>();
    expect(body.request).toMatchObject({
      id: request.id,
      status: 'approved',
      reviewedBy: adminUserId,
      reviewNotes: 'Request approved by admin',
    });
    expect(body.request.reviewedByLabel).toMatch(/^claims-admin\./);
    expect(Date.now() - Date.parse(body.request.reviewedAt ?? '')).toBeLessThan(60_000);
    expect((await playerRow(t.database.db, player.id)).userId).toBe(user.id);
    const detail = await t.app.inject({ method: 'GET', url: `/api/players/${player.id}` });
    expect(detail.json<{ userId: string }>().userId).toBe(user.id);
  });

  it('records an admin-token reviewer by label (no user id)', async () => {
    const { request } = await pendingClaim();
    const res = await review(request.id, { action: 'deny' }, tokenHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.json<ReviewReply>().request).toMatchObject({
      status: 'denied',
      reviewedBy: null,
      reviewedByLabel: `admin:${TEST_ADMIN.email}`,
      reviewNotes: null,
    });
  });

  it('denies without linking anything', async () => {
    const { request, player } = await pendingClaim();
    const res = await review(request.id, { action: 'deny', reviewNotes: 'Request denied by admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json<ReviewReply>().request).toMatchObject({ status: 'denied', reviewNotes: 'Request denied by admin' });
    expect((await playerRow(t.database.db, player.id)).userId).toBeNull();
  });

  it('moves only a pending request: a second review is 409 and changes nothing', async () => {
    const { request, player, user } = await pendingClaim();
    expect((await review(request.id, { action: 'approve' })).statusCode).toBe(200);
    for (const action of ['approve', 'deny']) {
      const again = await review(request.id, { action, reviewNotes: 'again' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'Request already reviewed', code: 'claim_already_reviewed' });
    }
    const [row] = await t.database.db.select().from(playerMatchRequests).where(eq(playerMatchRequests.id, request.id));
    expect(row).toMatchObject({ status: 'approved', reviewNotes: null });
    expect((await playerRow(t.database.db, player.id)).userId).toBe(user.id);
  });

  it('refuses to approve a competing claim once the player is linked (409, stays pending)', async () => {
    const player = await addPlayer(t.database.db);
    const a = await claimant('first');
    const b = await claimant('second');
    const claimA = (await claim(player.id, claimBody(), a.cookie)).json<ClaimReply>().request;
    const claimB = (await claim(player.id, claimBody(), b.cookie)).json<ClaimReply>().request;
    expect((await review(claimA.id, { action: 'approve' })).statusCode).toBe(200);
    const second = await review(claimB.id, { action: 'approve' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      message: 'This player is already linked to a user',
      code: 'player_already_linked',
    });
    const [row] = await t.database.db.select().from(playerMatchRequests).where(eq(playerMatchRequests.id, claimB.id));
    expect(row.status).toBe('pending');
    expect((await playerRow(t.database.db, player.id)).userId).toBe(a.id);
    // It can still be denied.
    expect((await review(claimB.id, { action: 'deny' })).statusCode).toBe(200);
  });

  it('refuses to approve when the requester got a player meanwhile (409)', async () => {
    const user = await claimant('got-player');
    const target = await addPlayer(t.database.db);
    const request = (await claim(target.id, claimBody(), user.cookie)).json<ClaimReply>().request;
    // No call links a player while a claim is pending; a row written from outside (an earlier version) can.
    await addPlayer(t.database.db, { userId: user.id });
    const res = await review(request.id, { action: 'approve' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'The requester already has a player profile', code: 'requester_has_player' });
    expect((await playerRow(t.database.db, target.id)).userId).toBeNull();
  });
});

const ownClaim = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user/match-request', headers: cookie ? { cookie } : {} });

const withdraw = (id: number | string, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/match-requests/${id}/withdraw`, headers: cookie ? { cookie } : {} });

const register = (cookie: string, overrides: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/players',
    headers: { cookie },
    payload: {
      firstName: 'Dupe',
      lastName: 'Licate',
      email: uniqueEmail('dupe'),
      skillLevel: '3.5',
      location: 'Austin, TX',
      ...overrides,
    },
  });

describe('GET /api/auth/user/match-request (the caller’s pending claim)', () => {
  it('refuses a caller who is not signed in (401)', async () => {
    const res = await ownClaim();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Authentication required', code: 'unauthenticated' });
  });

  it('answers null without a claim, and the pending claim with its player’s name and place', async () => {
    const user = await claimant('own');
    expect((await ownClaim(user.cookie)).json()).toEqual({ request: null });
    const player = await addPlayer(t.database.db, { firstName: 'Jordan', lastName: 'Rivera', location: 'Austin, TX' });
    const sent = (await claim(player.id, claimBody(), user.cookie)).json<ClaimReply>().request;
    const res = await ownClaim(user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<OwnClaimReply>()).toEqual({
      request: {
        id: sent.id,
        playerId: player.id,
        playerFirstName: 'Jordan',
        playerLastName: 'Rivera',
        playerLocation: 'Austin, TX',
        status: 'pending',
        requestMessage: 'This is me, I moved last year.',
        createdAt: sent.createdAt,
      },
    });
    // Nobody else sees it as theirs.
    expect((await ownClaim((await claimant('someone-else')).cookie)).json()).toEqual({ request: null });
  });

  it("shows the claimant the player's city and state, never a street or ZIP the stored text holds", async () => {
    const user = await claimant('own-street');
    const player = await addPlayer(t.database.db, { firstName: 'Stree', lastName: 'Tname', location: 'Austin, TX' });
    await t.database.db
      .update(players)
      .set({ location: '789 Pine Rd, Austin, TX 78703' })
      .where(eq(players.id, player.id));
    expect((await claim(player.id, claimBody(), user.cookie)).statusCode).toBe(201);
    const res = await ownClaim(user.cookie);
    expect(res.json<OwnClaimReply>().request?.playerLocation).toBe('Austin, TX');
    expect(res.body).not.toContain('Pine');
    expect(res.body).not.toContain('78703');
  });

  it('answers null once the claim is approved (the player is linked) or denied', async () => {
    const approved = await pendingClaim();
    expect((await review(approved.request.id, { action: 'approve' })).statusCode).toBe(200);
    expect((await ownClaim(approved.user.cookie)).json()).toEqual({ request: null });
    const linked = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user/player',
      headers: { cookie: approved.user.cookie },
    });
    expect(linked.json<{ player: { id: number } }>().player.id).toBe(approved.player.id);

    const denied = await pendingClaim();
    expect((await review(denied.request.id, { action: 'deny' })).statusCode).toBe(200);
    expect((await ownClaim(denied.user.cookie)).json()).toEqual({ request: null });
  });
});

describe('one pending claim per user, and no registration while it is pending', () => {
  it('refuses a second claim, on another player, naming the pending one (409)', async () => {
    const { user } = await pendingClaim();
    const other = await addPlayer(t.database.db);
    const res = await claim(other.id, claimBody(), user.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'You have a pending claim for Target Player. Withdraw it before claiming another profile.',
      code: 'profile_pending_claim',
    });
  });

  it('refuses POST /api/players while a claim is pending, saying why (409), and creates nothing', async () => {
    const { user, request } = await pendingClaim();
    const email = user.email;
    const res = await register(user.cookie, { email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'You have a pending claim for Target Player. Withdraw it before registering a new profile.',
      code: 'profile_pending_claim',
    });
    expect(await t.database.db.select().from(players).where(eq(players.email, email))).toEqual([]);
    // Completing an existing profile ("Use for Form") is refused the same way.
    const own = await addPlayer(t.database.db, { email: user.email });
    const linking = await register(user.cookie, { email: user.email, linkedPlayerId: own.id });
    expect(linking.statusCode).toBe(409);
    expect((await playerRow(t.database.db, own.id)).userId).toBeNull();
    // The admin can still approve the claim: no second profile stands in the way.
    expect((await review(request.id, { action: 'approve' })).statusCode).toBe(200);
  });

  it('lets the user register after a denial', async () => {
    const { user, request } = await pendingClaim();
    expect((await review(request.id, { action: 'deny' })).statusCode).toBe(200);
    expect((await register(user.cookie, { email: user.email })).statusCode).toBe(201);
  });
});

describe('POST /api/match-requests/:id/withdraw', () => {
  it('withdraws the caller’s pending claim: the form is theirs again, the admin keeps it as withdrawn', async () => {
    const { user, request, player } = await pendingClaim();
    const res = await withdraw(request.id, user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<WithdrawReply>().request).toMatchObject({
      id: request.id,
      playerId: player.id,
      playerFirstName: 'Target',
      status: 'withdrawn',
    });
    expect((await ownClaim(user.cookie)).json()).toEqual({ request: null });

    const idsOf = async (status?: string) =>
      (await list(status, { cookie: adminCookie })).json<MatchRequestsReply>().requests.map((r) => r.id);
    expect(await idsOf('pending')).not.toContain(request.id);
    expect(await idsOf('withdrawn')).toContain(request.id);
    expect(await idsOf()).toContain(request.id);
    const entry = (await list('withdrawn', { cookie: adminCookie }))
      .json<MatchRequestsReply>()
      .requests.find((r) => r.id === request.id);
    expect(entry).toMatchObject({ status: 'withdrawn', reviewedAt: null, reviewedBy: null });
    expect(Date.parse(entry?.withdrawnAt ?? '')).not.toBeNaN();

    // The admin can no longer act on it, and the player is not linked.
    const approve = await review(request.id, { action: 'approve' });
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toEqual({ message: 'Request already reviewed', code: 'claim_already_reviewed' });
    expect((await playerRow(t.database.db, player.id)).userId).toBeNull();

    // Registering, or claiming again, works now.
    expect((await claim(player.id, claimBody(), user.cookie)).statusCode).toBe(201);
    const again = (await ownClaim(user.cookie)).json<OwnClaimReply>().request;
    expect((await withdraw(again!.id, user.cookie)).statusCode).toBe(200);
    expect((await register(user.cookie, { email: user.email })).statusCode).toBe(201);
  });

  it('refuses a second withdrawal and a reviewed request (409)', async () => {
    const { user, request } = await pendingClaim();
    expect((await withdraw(request.id, user.cookie)).statusCode).toBe(200);
    const twice = await withdraw(request.id, user.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'Request already withdrawn', code: 'claim_already_withdrawn' });

    for (const action of ['approve', 'deny'] as const) {
      const reviewed = await pendingClaim();
      expect((await review(reviewed.request.id, { action })).statusCode).toBe(200);
      const late = await withdraw(reviewed.request.id, reviewed.user.cookie);
      expect(late.statusCode, action).toBe(409);
      expect(late.json()).toEqual({ message: 'Request already reviewed', code: 'claim_already_reviewed' });
    }
  });

  it('answers another user’s claim like an unknown one (404), and leaves it pending', async () => {
    const { request, user } = await pendingClaim();
    const stranger = await claimant('stranger');
    const res = await withdraw(request.id, stranger.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Match request not found', code: 'claim_not_found' });
    const unknown = await withdraw(2_000_000_000, stranger.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Match request not found', code: 'claim_not_found' });
    // Nor does an admin withdraw it for the claimant: admins deny.
    expect((await withdraw(request.id, adminCookie)).statusCode).toBe(404);
    expect((await ownClaim(user.cookie)).json<OwnClaimReply>().request?.status).toBe('pending');
  });

  it('refuses a caller who is not signed in (401) and a bad id (400)', async () => {
    const { request } = await pendingClaim();
    const res = await withdraw(request.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Authentication required', code: 'unauthenticated' });
    const user = await claimant('bad-id');
    expect((await withdraw('abc', user.cookie)).statusCode).toBe(400);
  });
});
