import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flaggedComments, ratings } from '../../db/schema/index';
import { adminTokenHeaders, signInAs } from '../../test/sign-in';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app';
import type { FlaggedComment, FlaggedCommentsReply } from '../../../common/schemas/moderation';
import {
  createPlayer,
  getJson,
  postRating,
  putRating,
  ratingBody,
  uniqueEmail,
  userIdOf,
} from '../ratings/ratings-fixtures';
import { allScores } from '../players/players-fixtures';

let t: TestApp;
let adminCookie: string;
let adminUserId: string;
beforeAll(async () => {
  t = await createTestApp();
  const adminEmail = uniqueEmail('admin');
  adminCookie = await signInAs(t, { email: adminEmail, isAdmin: true });
  adminUserId = await userIdOf(t, adminEmail);
});
afterAll(() => t.close());

const OFFENSIVE = 'Plays like a r e t a r d';
const OFFENSIVE_COMMENT = 'Dinks are sh1t';

async function flagsOf(ratingId: number): Promise<FlaggedComment[]> {
  const res = await getJson(t, '/api/admin/flagged-comments', { cookie: adminCookie });
  expect(res.statusCode).toBe(200);
  return res.json<FlaggedCommentsReply>().flaggedComments.filter((flag) => flag.ratingId === ratingId);
}

function resolve(flagId: number | string, headers: Record<string, string>, payload?: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/admin/flagged-comments/${flagId}/resolve`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** An admin resolves every flag on the rating alike, one after another; answers the replies in the flags' order. */
async function resolveEvery(ratingId: number, payload: unknown) {
  const replies = [];
  for (const flag of await flagsOf(ratingId)) replies.push(await resolve(flag.id, { cookie: adminCookie }, payload));
  return replies;
}

async function isHeld(ratingId: number) {
  const [row] = await t.database.db.select({ isHeld: ratings.isHeld }).from(ratings).where(eq(ratings.id, ratingId));
  return row.isHeld;
}

/** A linked player and a rating of them whose text is partly offensive. */
async function heldScenario() {
  const ownerEmail = uniqueEmail('owner');
  const ownerCookie = await signInAs(t, { email: ownerEmail });
  const player = await createPlayer(t, { userId: await userIdOf(t, ownerEmail) });
  const raterEmail = uniqueEmail('rater');
  const raterCookie = await signInAs(t, { email: raterEmail });
  const res = await postRating(
    t,
    raterCookie,
    ratingBody(player.id, {
      strengthsImprovements: OFFENSIVE,
      serveReturnComments: 'Deep, heavy returns',
      netPlayVolleysDinksComments: OFFENSIVE_COMMENT,
    }),
  );
  expect(res.statusCode).toBe(201);
  const rating = res.json<{ id: number; isHeld: boolean }>();
  return { ownerCookie, player, raterEmail, raterCookie, rating };
}

async function receivedBy(cookie: string, playerId: number) {
  const res = await getJson(t, `/api/players/${playerId}/received-ratings`, { cookie });
  expect(res.statusCode).toBe(200);
  return res.json<Record<string, unknown>[]>()[0];
}

describe('moderation of rating text', () => {
  it('flags offensive text on create, per field, and holds the rating', async () => {
    const { rating, player, raterEmail } = await heldScenario();
    expect(rating.isHeld).toBe(true);
    const flags = await flagsOf(rating.id);
    expect(flags).toHaveLength(2);
    expect(flags.map((flag) => [flag.field, flag.flaggedText, flag.flagReason]).sort()).toEqual([
      ['netPlayVolleysDinksComments', OFFENSIVE_COMMENT, 'other'],
      ['strengthsImprovements', OFFENSIVE, 'slur'],
    ]);
    for (const flag of flags) {
      expect(flag).toMatchObject({
        isResolved: false,
        resolvedAt: null,
        resolutionNotes: null,
        playerId: player.id,
        playerName: 'Dana Dinker',
        raterEmail,
      });
      expect(Date.parse(flag.createdAt)).not.toBeNaN();
    }
  });

  it('does not flag or hold clean text', async () => {
    const cookie = await signInAs(t, { email: uniqueEmail('clean') });
    const res = await postRating(t, cookie, ratingBody((await createPlayer(t)).id));
    const rating = res.json<{ id: number; isHeld: boolean }>();
    expect(rating.isHeld).toBe(false);
    expect(await flagsOf(rating.id)).toEqual([]);
  });

  it('hides held text from the rated player until every flag on it is resolved', async () => {
    const { ownerCookie, player, rating } = await heldScenario();
    expect(await receivedBy(ownerCookie, player.id)).toMatchObject({
      id: rating.id,
      strengthsImprovements: null,
      netPlayVolleysDinksComments: null,
      serveReturnComments: 'Deep, heavy returns',
      hasHeldText: true,
    });
    // Admins see everything.
    expect(await receivedBy(adminCookie, player.id)).toMatchObject({
      strengthsImprovements: OFFENSIVE,
      netPlayVolleysDinksComments: OFFENSIVE_COMMENT,
      hasHeldText: true,
    });

    const [first, second] = await flagsOf(rating.id);
    expect((await resolve(first.id, { cookie: adminCookie }, { notes: 'Reviewed' })).statusCode).toBe(200);
    const halfway = await receivedBy(ownerCookie, player.id);
    expect(halfway.hasHeldText).toBe(true);
    expect(halfway[second.field]).toBeNull();
    expect(halfway[first.field]).toBe(first.flaggedText);
    expect(await isHeld(rating.id)).toBe(true);

    expect((await resolve(second.id, { cookie: adminCookie }, {})).statusCode).toBe(200);
    expect(await isHeld(rating.id)).toBe(false);
    expect(await receivedBy(ownerCookie, player.id)).toMatchObject({
      strengthsImprovements: OFFENSIVE,
      netPlayVolleysDinksComments: OFFENSIVE_COMMENT,
      hasHeldText: false,
    });
  });

  it('keeps held text out of the public player detail until resolved', async () => {
    const { player, rating } = await heldScenario();
    const before = await getJson(t, `/api/players/${player.id}`);
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain('r e t a r d');
    expect(before.json()).toMatchObject({ averageRatings: { count: 1 } });
    await resolveEvery(rating.id, {});
    const after = await getJson(t, `/api/players/${player.id}`);
    expect(after.json<{ recentComments: { comment: string }[] }>().recentComments.map((c) => c.comment)).toContain(
      OFFENSIVE,
    );
  });

  it('shows the rater their own held text, marked as held', async () => {
    const { raterCookie, rating } = await heldScenario();
    const res = await getJson(t, `/api/ratings/${rating.id}`, { cookie: raterCookie });
    expect(res.json()).toMatchObject({ strengthsImprovements: OFFENSIVE, isHeld: true });
  });

  it('screens edits: new offensive text is flagged once, and replaced text closes its flag', async () => {
    const cookie = await signInAs(t, { email: uniqueEmail('editor') });
    const created = await postRating(t, cookie, ratingBody((await createPlayer(t)).id));
    const ratingId = created.json<{ id: number }>().id;
    const edit = (strengthsImprovements: string | null) => ({
      serveReturn: 3,
      groundstrokesThirdShot: 3,
      netPlayVolleysDinks: 3,
      movementCourtAwareness: 3,
      mentalPhysicalGame: 3,
      overallRating: 3,
      strengthsImprovements,
    });

    const dirty = await putRating(t, cookie, ratingId, edit('Total f u c k up at the net'));
    expect(dirty.json()).toMatchObject({ isHeld: true });
    expect(await flagsOf(ratingId)).toEqual([
      expect.objectContaining({ field: 'strengthsImprovements', flagReason: 'other', isResolved: false }),
    ]);

    // Saving the same text again does not flag it twice.
    await putRating(t, cookie, ratingId, edit('Total f u c k up at the net'));
    expect(await flagsOf(ratingId)).toHaveLength(1);

    const clean = await putRating(t, cookie, ratingId, edit('Better resets now'));
    expect(clean.json()).toMatchObject({ isHeld: false });
    expect(await flagsOf(ratingId)).toEqual([
      expect.objectContaining({
        isResolved: true,
        resolvedByLabel: 'system',
        resolutionNotes: 'The rater replaced this text before review',
      }),
    ]);
  });

  it('keeps a rating held while a flagged text that the edit left alone is unresolved', async () => {
    const { raterCookie, rating } = await heldScenario();
    const res = await putRating(t, raterCookie, rating.id, {
      serveReturn: 3,
      groundstrokesThirdShot: 3,
      netPlayVolleysDinks: 3,
      movementCourtAwareness: 3,
      mentalPhysicalGame: 3,
      overallRating: 3,
      strengthsImprovements: 'Friendly and steady',
    });
    expect(res.json()).toMatchObject({ isHeld: true, netPlayVolleysDinksComments: OFFENSIVE_COMMENT });
    const flags = await flagsOf(rating.id);
    expect(flags.filter((flag) => !flag.isResolved).map((flag) => flag.field)).toEqual(['netPlayVolleysDinksComments']);
  });
});

describe('GET /api/admin/flagged-comments', () => {
  it('lists flags newest first with counts', async () => {
    await heldScenario();
    const res = await getJson(t, '/api/admin/flagged-comments', { cookie: adminCookie });
    expect(res.statusCode).toBe(200);
    const { flaggedComments: list, counts } = res.json<FlaggedCommentsReply>();
    const times = list.map((flag) => Date.parse(flag.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(counts.total).toBe(await t.database.db.$count(flaggedComments));
    expect(counts.pending + counts.resolved).toBe(counts.total);
    expect(counts.pending).toBe(list.filter((flag) => !flag.isResolved).length);
  });

  it('answers an admin token too', async () => {
    const res = await getJson(t, '/api/admin/flagged-comments', await adminTokenHeaders(t));
    expect(res.statusCode).toBe(200);
  });

  it('refuses non-admins (403) and the signed-out (401)', async () => {
    const user = await signInAs(t, { email: uniqueEmail('user') });
    expect((await getJson(t, '/api/admin/flagged-comments', { cookie: user })).statusCode).toBe(403);
    expect((await getJson(t, '/api/admin/flagged-comments')).statusCode).toBe(401);
  });
});

describe('PUT /api/admin/flagged-comments/:id/resolve', () => {
  it('records who resolved it, when, and the trimmed notes', async () => {
    const { rating } = await heldScenario();
    const [flag] = await flagsOf(rating.id);
    const res = await resolve(flag.id, { cookie: adminCookie }, { notes: '  Slur confirmed, rater warned  ' });
    expect(res.statusCode).toBe(200);
    const resolved = res.json<{ flaggedComment: FlaggedComment }>().flaggedComment;
    expect(resolved).toMatchObject({
      id: flag.id,
      isResolved: true,
      resolutionNotes: 'Slur confirmed, rater warned',
      resolvedBy: adminUserId,
    });
    expect(Date.now() - Date.parse(resolved.resolvedAt!)).toBeLessThan(60_000);
    expect((await flagsOf(rating.id)).find((row) => row.id === flag.id)).toEqual(resolved);
  });

  it('treats empty notes and a missing body as no notes, and restores the text', async () => {
    const { rating } = await heldScenario();
    const [first, second] = await flagsOf(rating.id);
    const blank = await resolve(first.id, { cookie: adminCookie }, { notes: '   ' });
    expect(blank.json()).toMatchObject({
      flaggedComment: { isResolved: true, resolutionNotes: null, resolution: 'restored' },
    });
    const bodiless = await resolve(second.id, { cookie: adminCookie });
    expect(bodiless.statusCode).toBe(200);
    expect(bodiless.json()).toMatchObject({
      flaggedComment: { isResolved: true, resolutionNotes: null, resolution: 'restored' },
    });
    expect(await isHeld(rating.id)).toBe(false);
  });

  it('records an admin token by its label', async () => {
    const { rating } = await heldScenario();
    const [flag] = await flagsOf(rating.id);
    const res = await resolve(flag.id, await adminTokenHeaders(t), { notes: 'ok' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      flaggedComment: { resolvedBy: null, resolvedByLabel: `admin:${TEST_ADMIN.email}` },
    });
  });

  it('refuses to resolve a flag twice (409)', async () => {
    const { rating } = await heldScenario();
    const [flag] = await flagsOf(rating.id);
    await resolve(flag.id, { cookie: adminCookie }, { notes: 'first' });
    const again = await resolve(flag.id, { cookie: adminCookie }, { notes: 'second' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Flag already resolved', code: 'flag_already_reviewed' });
    expect((await flagsOf(rating.id)).find((row) => row.id === flag.id)?.resolutionNotes).toBe('first');
  });

  it('answers 404 for an unknown flag and 400 for a malformed id', async () => {
    const unknown = await resolve(99_999_999, { cookie: adminCookie }, {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Flag not found', code: 'flag_not_found' });
    expect((await resolve('abc', { cookie: adminCookie }, {})).statusCode).toBe(400);
  });

  it.each([
    ['notes over 2000 characters', { notes: 'x'.repeat(2001) }],
    ['notes that are not text', { notes: 42 }],
    ['an unknown field', { notes: 'ok', resolvedBy: 'someone' }],
    ['an unknown action', { action: 'delete' }],
  ])('answers 400 for %s, and leaves the flag open', async (_label, payload) => {
    const { rating } = await heldScenario();
    const [flag] = await flagsOf(rating.id);
    const res = await resolve(flag.id, { cookie: adminCookie }, payload);
    expect(res.statusCode).toBe(400);
    expect((await flagsOf(rating.id)).find((row) => row.id === flag.id)?.isResolved).toBe(false);
  });

  it('refuses non-admins (403) and the signed-out (401), leaving the flag open', async () => {
    const { rating, raterCookie } = await heldScenario();
    const [flag] = await flagsOf(rating.id);
    expect((await resolve(flag.id, { cookie: raterCookie }, {})).statusCode).toBe(403);
    expect((await resolve(flag.id, {}, {})).statusCode).toBe(401);
    expect((await flagsOf(rating.id)).find((row) => row.id === flag.id)?.isResolved).toBe(false);
    expect(await isHeld(rating.id)).toBe(true);
  });
});

describe('resolving with a choice: Restore or Keep hidden (docs/product.md#moderation-rules)', () => {
  async function recentComments(playerId: number) {
    const res = await getJson(t, `/api/players/${playerId}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ recentComments: { comment: string }[] }>().recentComments.map((c) => c.comment);
  }

  it('Restore shows the text again to the rated player and in the public recent comments', async () => {
    const { ownerCookie, player, rating } = await heldScenario();
    for (const res of await resolveEvery(rating.id, { action: 'restore', notes: 'Banter' })) {
      expect(res.json()).toMatchObject({ flaggedComment: { isResolved: true, resolution: 'restored' } });
    }
    expect(await isHeld(rating.id)).toBe(false);
    expect(await receivedBy(ownerCookie, player.id)).toMatchObject({
      strengthsImprovements: OFFENSIVE,
      netPlayVolleysDinksComments: OFFENSIVE_COMMENT,
      hasHeldText: false,
    });
    expect(await recentComments(player.id)).toContain(OFFENSIVE);
  });

  it('Keep hidden resolves the flag but keeps the text from everyone but admins', async () => {
    const { ownerCookie, player, rating, raterCookie } = await heldScenario();
    for (const res of await resolveEvery(rating.id, { action: 'keep_hidden' })) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ flaggedComment: { isResolved: true, resolution: 'kept_hidden' } });
    }
    expect((await flagsOf(rating.id)).every((flag) => flag.isResolved && flag.resolution === 'kept_hidden')).toBe(true);
    expect(await isHeld(rating.id)).toBe(true);
    expect(await receivedBy(ownerCookie, player.id)).toMatchObject({
      strengthsImprovements: null,
      netPlayVolleysDinksComments: null,
      serveReturnComments: 'Deep, heavy returns',
      hasHeldText: true,
    });
    expect(await recentComments(player.id)).not.toContain(OFFENSIVE);
    const publicDetail = await getJson(t, `/api/players/${player.id}`);
    expect(publicDetail.body).not.toContain('r e t a r d');
    // Admins still see it; so does the rater, in their own rating.
    expect(await receivedBy(adminCookie, player.id)).toMatchObject({
      strengthsImprovements: OFFENSIVE,
      netPlayVolleysDinksComments: OFFENSIVE_COMMENT,
    });
    const own = await getJson(t, `/api/ratings/${rating.id}`, { cookie: raterCookie });
    expect(own.json()).toMatchObject({ strengthsImprovements: OFFENSIVE });
    // A second resolution is refused as before.
    const [first] = await flagsOf(rating.id);
    expect((await resolve(first.id, { cookie: adminCookie }, { action: 'restore' })).statusCode).toBe(409);
  });

  it('applies each choice to its own text', async () => {
    const { ownerCookie, player, rating } = await heldScenario();
    const flags = await flagsOf(rating.id);
    const slur = flags.find((flag) => flag.field === 'strengthsImprovements')!;
    const comment = flags.find((flag) => flag.field === 'netPlayVolleysDinksComments')!;
    await resolve(slur.id, { cookie: adminCookie }, { action: 'keep_hidden', notes: 'Slur' });
    await resolve(comment.id, { cookie: adminCookie }, { action: 'restore' });
    expect(await receivedBy(ownerCookie, player.id)).toMatchObject({
      strengthsImprovements: null,
      netPlayVolleysDinksComments: OFFENSIVE_COMMENT,
      hasHeldText: true,
    });
    expect(await isHeld(rating.id)).toBe(true);
  });

  it('keeps hidden text hidden through an edit that leaves it, without flagging it again; new text replaces it', async () => {
    const { ownerCookie, player, rating, raterCookie } = await heldScenario();
    await resolveEvery(rating.id, { action: 'keep_hidden' });
    const scores = allScores(4);

    const same = await putRating(t, raterCookie, rating.id, { ...scores, strengthsImprovements: OFFENSIVE });
    expect(same.json()).toMatchObject({ isHeld: true });
    expect(await flagsOf(rating.id)).toHaveLength(2);
    expect((await receivedBy(ownerCookie, player.id)).strengthsImprovements).toBeNull();

    const replaced = await putRating(t, raterCookie, rating.id, {
      ...scores,
      strengthsImprovements: 'Solid resets',
      netPlayVolleysDinksComments: 'Soft hands',
    });
    expect(replaced.json()).toMatchObject({ isHeld: false });
    expect(await receivedBy(ownerCookie, player.id)).toMatchObject({
      strengthsImprovements: 'Solid resets',
      netPlayVolleysDinksComments: 'Soft hands',
      hasHeldText: false,
    });
    // The admin's decisions stay on record.
    expect((await flagsOf(rating.id)).map((flag) => flag.resolution)).toEqual(['kept_hidden', 'kept_hidden']);
  });
});
