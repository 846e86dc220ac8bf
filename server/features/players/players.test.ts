import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAggregates } from '../../db/seed/verify';
import { adminTokenHeaders, signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { PlayerDetail, RegisterPlayerReply, UpdatePlayerReply } from '../../../common/schemas/players';
import { NAME_ADMIN_ONLY, NOT_YOUR_PROFILE, OWN_EMAIL_ONLY } from './players.service';
import {
  addPlayer,
  addRating,
  keysDeep,
  playerRow,
  searchResults,
  uniqueEmail,
  uniqueWord,
  userIdOf,
} from './players-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const detail = (id: number | string) => t.app.inject({ method: 'GET', url: `/api/players/${id}` });

const register = (payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/players', payload, headers: cookie ? { cookie } : {} });

const registration = (overrides: object = {}) => ({
  firstName: 'Rita',
  lastName: 'Register',
  email: uniqueEmail('rita'),
  skillLevel: '3.5',
  yearsPlaying: '3-5',
  location: 'Portland, OR 97204',
  bio: 'Dinks all day',
  ...overrides,
});

describe('GET /api/players/:id', () => {
  it('answers 404 for an unknown player and 400 for an id that is not one', async () => {
    const missing = await detail(2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Player not found', code: 'player_not_found' });
    for (const id of ['abc', '0', '-1', '99999999999']) expect((await detail(id)).statusCode, id).toBe(400);
  });

  it('shows a player without ratings with empty averages, breakdown and comments, and no e-mail', async () => {
    const player = await addPlayer(t.database.db, { firstName: 'Nora', lastName: 'Nobody', bio: 'New here' });
    const res = await detail(player.id);
    expect(res.statusCode).toBe(200);
    const { skill, ...shown } = res.json<PlayerDetail>();
    expect(skill.reliability).toMatchObject({ label: 'none', ratings: 0 });
    expect(shown).toEqual({
      id: player.id,
      userId: null,
      firstName: 'Nora',
      lastName: 'Nobody',
      skillLevel: '3.5',
      yearsPlaying: null,
      location: 'Austin, TX',
      bio: 'New here',
      isVerified: false,
      createdAt: player.createdAt.toISOString(),
      ratingCount: 0,
      averageRatings: {
        overall: null,
        serveReturn: null,
        groundstrokesThirdShot: null,
        netPlayVolleysDinks: null,
        movementCourtAwareness: null,
        mentalPhysicalGame: null,
        count: 0,
      },
      ratingBreakdown: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      recentComments: [],
    });
    expect(keysDeep(res.json())).not.toContain('email');
  });

  it('averages each category to one decimal and counts ratings per overall star', async () => {
    const db = t.database.db;
    const player = await addPlayer(db);
    await addRating(db, { playerId: player.id, overallRating: 5, serveReturn: 5, mentalPhysicalGame: 1 });
    await addRating(db, { playerId: player.id, overallRating: 4, serveReturn: 4, mentalPhysicalGame: 2 });
    await addRating(db, { playerId: player.id, overallRating: 4, serveReturn: 4, mentalPhysicalGame: 2 });
    const body = (await detail(player.id)).json<PlayerDetail>();
    expect(body.ratingCount).toBe(3);
    expect(body.averageRatings).toEqual({
      overall: 4.3,
      serveReturn: 4.3,
      groundstrokesThirdShot: 4,
      netPlayVolleysDinks: 4,
      movementCourtAwareness: 4,
      mentalPhysicalGame: 1.7,
      count: 3,
    });
    expect(body.ratingBreakdown).toEqual({ 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 });
  });

  it('lists the latest 5 comments, newest first, never held text, empty text or who wrote them', async () => {
    const db = t.database.db;
    const player = await addPlayer(db);
    const raterEmail = uniqueEmail('commenter');
    const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes));
    for (let i = 1; i <= 6; i++) {
      await addRating(db, {
        playerId: player.id,
        strengthsImprovements: `Comment ${i}`,
        overallRating: (i % 5) + 1,
        createdAt: at(i),
        raterEmail: i === 6 ? raterEmail : undefined,
      });
    }
    await addRating(db, { playerId: player.id, strengthsImprovements: 'Held text', isHeld: true, createdAt: at(7) });
    await addRating(db, { playerId: player.id, strengthsImprovements: '   ', createdAt: at(8) });
    await addRating(db, { playerId: player.id, strengthsImprovements: null, createdAt: at(9) });

    const res = await detail(player.id);
    const body = res.json<PlayerDetail>();
    // Dated to the week, as the page and /comments show them: an exact time could point at an anonymous rater.
    const week = '2024-12-30T00:00:00.000Z';
    expect(body.recentComments).toEqual([
      { rating: 2, comment: 'Comment 6', createdAt: week },
      { rating: 1, comment: 'Comment 5', createdAt: week },
      { rating: 5, comment: 'Comment 4', createdAt: week },
      { rating: 4, comment: 'Comment 3', createdAt: week },
      { rating: 3, comment: 'Comment 2', createdAt: week },
    ]);
    expect(body.averageRatings.count).toBe(9);
    expect(res.body).not.toContain('Held text');
    expect(res.body).not.toContain(raterEmail);
    expect(keysDeep(res.json())).not.toContain('email');
    expect(keysDeep(res.json())).not.toContain('raterEmail');
  });
});

describe('POST /api/players', () => {
  it('refuses a caller who is not signed in (401) before looking at the body', async () => {
    for (const payload of [registration(), {}]) {
      const res = await register(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Authentication required', code: 'unauthenticated' });
    }
  });

  it('creates the player linked to the caller, searchable by its name at once', async () => {
    const email = uniqueEmail('owner');
    const cookie = await signInAs(t, { email });
    const w = uniqueWord();
    const res = await register(registration({ email, lastName: w, bio: '  ' }), cookie);
    expect(res.statusCode).toBe(201);
    const { player } = res.json<RegisterPlayerReply>();
    expect(player).toEqual({
      id: expect.any(Number) as number,
      userId: await userIdOf(t.database.db, email),
      firstName: 'Rita',
      lastName: w,
      email,
      skillLevel: '3.5',
      yearsPlaying: '3-5',
      location: 'Portland, OR',
      bio: null,
      isVerified: false,
      createdAt: expect.any(String) as string,
    });
    expect((await searchResults(t, `rita ${w}`)).map((result) => result.id)).toEqual([player.id]);
    expect((await detail(player.id)).json<PlayerDetail>().userId).toBe(player.userId);
  });

  it('accepts a registration without the optional fields', async () => {
    const email = uniqueEmail('minimal');
    const cookie = await signInAs(t, { email });
    const { yearsPlaying: _y, bio: _b, ...required } = registration({ email });
    const res = await register(required, cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json<RegisterPlayerReply>().player).toMatchObject({ yearsPlaying: null, bio: null });
  });

  // Found by the route fuzz (server/test/route-fuzz.test.ts): such a name normalises to an empty search name,
  // which the aggregate check (seed/verify.ts) took for a column the data layer forgot to fill.
  it('accepts a name and place of emoji and punctuation, which search cannot match and the data check accepts', async () => {
    const email = uniqueEmail('emoji');
    const cookie = await signInAs(t, { email });
    const res = await register(registration({ email, firstName: '🏓', lastName: '!!' }), cookie);
    expect(res.statusCode).toBe(201);
    const row = await playerRow(t.database.db, res.json<RegisterPlayerReply>().player.id);
    expect(row).toMatchObject({ searchName: '', searchLast: '' });
    // A place of punctuation only comes as a bulk import's own text: forms take known places only.
    const imported = await addPlayer(t.database.db, { firstName: '🏓', lastName: '!!', location: '—' });
    expect(await playerRow(t.database.db, imported.id)).toMatchObject({ searchName: '', searchLocation: '' });
    const checks = await verifyAggregates(t.database);
    expect(checks.find((result) => result.check === 'players: search columns filled')?.mismatches).toBe(0);
  });

  it('allows one linked player per user (409)', async () => {
    const email = uniqueEmail('twice');
    const cookie = await signInAs(t, { email });
    expect((await register(registration({ email }), cookie)).statusCode).toBe(201);
    const second = await register(registration({ email }), cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'You already have a player profile', code: 'already_has_player' });
  });

  it('refuses a player e-mail that is already registered, in any letter case (409)', async () => {
    const email = uniqueEmail('dup');
    await addPlayer(t.database.db, { email });
    const cookie = await signInAs(t, { email: email.toUpperCase() });
    const res = await register(registration({ email: email.toUpperCase() }), cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Email already registered', code: 'email_taken' });
  });

  it('refuses a player e-mail other than the account’s own (400)', async () => {
    const cookie = await signInAs(t, { email: uniqueEmail('own') });
    const res = await register(registration({ email: uniqueEmail('somebody-else') }), cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: OWN_EMAIL_ONLY, code: 'own_email_only' });
  });

  it('ends racing registrations in one player and 409s, never a 500', async () => {
    const racer = uniqueEmail('racer');
    const cookie = await signInAs(t, { email: racer });
    const sameUser = await Promise.all(
      Array.from({ length: 4 }, () => register(registration({ email: racer }), cookie)),
    );
    expect(sameUser.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const res of sameUser.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toEqual({ message: 'You already have a player profile', code: 'already_has_player' });
    }
  });

  it('refuses bad input with 400 and a message', async () => {
    const email = uniqueEmail('bad-input');
    const cookie = await signInAs(t, { email });
    const own = (overrides: object) => registration({ email, ...overrides });
    const cases: [object, string][] = [
      [own({ firstName: ' ' }), 'First name is required'],
      [own({ lastName: undefined }), 'Last name is required'],
      [own({ location: '' }), 'Location is required'],
      [own({ email: 'nope' }), 'Please enter a valid email address'],
      [own({ skillLevel: '6.0' }), 'Skill level must be one of 1.0, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0'],
      [own({ yearsPlaying: '20+' }), 'Years playing must be one of <1, 1-2, 3-5, 6-10, 10+'],
      [own({ bio: 'x'.repeat(2001) }), 'Must be at most 2000 characters'],
      [own({ isVerified: true }), 'Unknown field: isVerified'],
      [own({ userId: '00000000-0000-0000-0000-000000000000' }), 'Unknown field: userId'],
      [own({ linkedPlayerId: 'abc' }), 'Invalid input: expected number, received NaN'],
    ];
    for (const [payload, message] of cases) {
      const res = await register(payload, cookie);
      expect(res.statusCode, message).toBe(400);
      expect(res.json<{ message: string }>().message, message).toBe(message);
    }
    expect((await register(own({}), cookie)).statusCode).toBe(201);
  });

  describe('with linkedPlayerId', () => {
    it('completes the unlinked player whose e-mail is the caller’s verified e-mail', async () => {
      const email = uniqueEmail('imported');
      const imported = await addPlayer(t.database.db, {
        email: email.toUpperCase(),
        firstName: 'Old',
        lastName: 'Name',
        importedBy: 'admin:bulk',
      });
      const cookie = await signInAs(t, { email, emailVerified: true });
      const w = uniqueWord();
      const res = await register(
        registration({ email, linkedPlayerId: imported.id, firstName: 'New', lastName: w, skillLevel: '4.5' }),
        cookie,
      );
      expect(res.statusCode).toBe(201);
      expect(res.json<RegisterPlayerReply>().player).toMatchObject({
        id: imported.id,
        userId: await userIdOf(t.database.db, email),
        firstName: 'New',
        lastName: w,
        skillLevel: '4.5',
        location: 'Portland, OR',
      });
      // Search columns follow the new name; no duplicate player was made.
      expect((await searchResults(t, `new ${w}`)).map((result) => result.id)).toEqual([imported.id]);
      expect(await searchResults(t, `old name ${w}`)).toEqual([]);
      expect((await playerRow(t.database.db, imported.id)).importedBy).toBe('admin:bulk');
    });

    it('refuses when the e-mail is not the caller’s confirmed one (claim instead)', async () => {
      const email = uniqueEmail('someone');
      const player = await addPlayer(t.database.db, { email });
      const unconfirmed = await signInAs(t, { email: email.toUpperCase(), emailVerified: false });
      const stranger = await signInAs(t, { email: uniqueEmail('stranger'), emailVerified: true });
      const refusedUnconfirmed = await register(registration({ email, linkedPlayerId: player.id }), unconfirmed);
      expect(refusedUnconfirmed.statusCode).toBe(403);
      expect(refusedUnconfirmed.json()).toEqual({
        message: 'Please confirm your e-mail address first',
        code: 'email_unconfirmed',
      });
      const refusedStranger = await register(registration({ email, linkedPlayerId: player.id }), stranger);
      expect(refusedStranger.statusCode).toBe(400);
      expect(refusedStranger.json()).toEqual({ message: OWN_EMAIL_ONLY, code: 'own_email_only' });
      expect((await playerRow(t.database.db, player.id)).userId).toBeNull();
    });

    it('refuses a player linked to someone else (409) and an unknown player (404)', async () => {
      const email = uniqueEmail('taken');
      const holderEmail = uniqueEmail('holder');
      await signInAs(t, { email: holderEmail });
      const holderId = await userIdOf(t.database.db, holderEmail);
      const taken = await addPlayer(t.database.db, { email, userId: holderId });
      const cookie = await signInAs(t, { email, emailVerified: true });
      const linked = await register(registration({ email, linkedPlayerId: taken.id }), cookie);
      expect(linked.statusCode).toBe(409);
      expect(linked.json()).toEqual({ message: 'Profile unavailable', code: 'profile_unavailable' });
      const unknown = await register(registration({ email, linkedPlayerId: 2_000_000_000 }), cookie);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Player not found', code: 'player_not_found' });
    });
  });
});

describe('PUT /api/players/:id', () => {
  const edit = (id: number, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: `/api/players/${id}`, payload, headers });

  /** A confirmed user with a linked player, signed in. */
  const owner = async () => {
    const email = uniqueEmail('editor');
    const cookie = await signInAs(t, { email });
    const player = await addPlayer(t.database.db, { email, userId: await userIdOf(t.database.db, email) });
    return { email, cookie, player };
  };

  it('lets the linked user edit bio, place, skill, years and visibility, and answers the linked player', async () => {
    const { email, cookie, player } = await owner();
    const res = await edit(
      player.id,
      {
        bio: 'Third-shot drops',
        location: 'Boise, ID 83702',
        skillLevel: '4.0',
        yearsPlaying: '6-10',
        visibility: 'members',
      },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<UpdatePlayerReply>().player).toEqual({
      id: player.id,
      userId: player.userId,
      firstName: 'Pat',
      lastName: 'Player',
      email,
      skillLevel: '4.0',
      yearsPlaying: '6-10',
      location: 'Boise, ID',
      bio: 'Third-shot drops',
      isVerified: false,
      createdAt: player.createdAt.toISOString(),
      visibility: 'members',
    });
    expect(await playerRow(t.database.db, player.id)).toMatchObject({ bio: 'Third-shot drops', visibility: 'members' });
  });

  it('changes only the fields given, and clears bio and years when sent empty', async () => {
    const { cookie, player } = await owner();
    await edit(player.id, { bio: 'Lefty', yearsPlaying: '1-2' }, { cookie });
    const res = await edit(player.id, { skillLevel: '2.5' }, { cookie });
    expect(res.json<UpdatePlayerReply>().player).toMatchObject({
      skillLevel: '2.5',
      bio: 'Lefty',
      yearsPlaying: '1-2',
    });
    const cleared = await edit(player.id, { bio: '  ', yearsPlaying: null }, { cookie });
    expect(cleared.json<UpdatePlayerReply>().player).toMatchObject({
      bio: null,
      yearsPlaying: null,
      skillLevel: '2.5',
    });
  });

  it('lets an admin edit any player, the name included, by session or by admin token', async () => {
    const { player } = await owner();
    const admin = await signInAs(t, { email: uniqueEmail('admin'), isAdmin: true });
    const w = uniqueWord();
    const res = await edit(player.id, { firstName: 'Patricia', lastName: w, visibility: 'members' }, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json<UpdatePlayerReply>().player).toMatchObject({
      firstName: 'Patricia',
      lastName: w,
      visibility: 'members',
    });
    expect((await searchResults(t, `patricia ${w}`, admin)).map((result) => result.id)).toEqual([player.id]);
    const unlinked = await addPlayer(t.database.db);
    const byToken = await edit(unlinked.id, { bio: 'Imported' }, await adminTokenHeaders(t));
    expect(byToken.statusCode).toBe(200);
    expect(byToken.json<UpdatePlayerReply>().player.bio).toBe('Imported');
  });

  it('keeps the name for admins: the linked user changing it gets 403', async () => {
    const { cookie, player } = await owner();
    const res = await edit(player.id, { firstName: 'Someone' }, { cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: NAME_ADMIN_ONLY, code: 'name_admin_only' });
    expect((await playerRow(t.database.db, player.id)).firstName).toBe('Pat');
  });

  it('refuses another user (403), leaving the player as it was', async () => {
    const { player } = await owner();
    const other = await owner();
    const res = await edit(player.id, { bio: 'Not mine' }, { cookie: other.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: NOT_YOUR_PROFILE, code: 'not_your_profile' });
    const unlinked = await addPlayer(t.database.db);
    expect((await edit(unlinked.id, { bio: 'Not mine' }, { cookie: other.cookie })).statusCode).toBe(403);
    expect((await playerRow(t.database.db, player.id)).bio).toBeNull();
  });

  it('refuses a caller who is not signed in (401) and an unconfirmed e-mail (403), before the body', async () => {
    const { player } = await owner();
    for (const payload of [{ bio: 'x' }, { skillLevel: 'bad' }]) {
      const anonymous = await edit(player.id, payload);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Authentication required', code: 'unauthenticated' });
    }
    const email = uniqueEmail('unconfirmed');
    const cookie = await signInAs(t, { email, emailVerified: false });
    const own = await addPlayer(t.database.db, { email, userId: await userIdOf(t.database.db, email) });
    const unconfirmed = await edit(own.id, { skillLevel: 'bad' }, { cookie });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toEqual({
      message: 'Please confirm your e-mail address first',
      code: 'email_unconfirmed',
    });
  });

  it('answers 404 for an unknown player', async () => {
    const admin = await signInAs(t, { email: uniqueEmail('admin'), isAdmin: true });
    const res = await edit(2_000_000_000, { bio: 'x' }, { cookie: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Player not found', code: 'player_not_found' });
  });

  it('applies the registration rules to each field given (400), and never changes the e-mail', async () => {
    const { email, cookie, player } = await owner();
    const bad = await edit(player.id, { skillLevel: '9.0' }, { cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(
      'Skill level must be one of 1.0, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0',
    );
    for (const payload of [
      { yearsPlaying: '20' },
      { location: '   ' },
      { bio: 'x'.repeat(2_001) },
      { visibility: 'friends' },
      { email: uniqueEmail('other') },
    ]) {
      expect((await edit(player.id, payload, { cookie })).statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    expect(await playerRow(t.database.db, player.id)).toMatchObject({ email, skillLevel: '3.5', visibility: 'public' });
  });

  it('keeps search in step when the location changes', async () => {
    const email = uniqueEmail('mover');
    const cookie = await signInAs(t, { email });
    const w = uniqueWord();
    const player = await addPlayer(t.database.db, { email, lastName: w, userId: await userIdOf(t.database.db, email) });
    const found = async (q: string) => (await searchResults(t, q)).map((result) => result.id);
    expect((await edit(player.id, { location: 'Boise, ID' }, { cookie })).statusCode).toBe(200);
    expect(await found(`${w} boise`)).toEqual([player.id]);
    expect((await edit(player.id, { location: 'Nome, AK 99762' }, { cookie })).statusCode).toBe(200);
    expect(await found(`${w} nome`)).toEqual([player.id]);
    expect(await found(`${w} 99762`)).toEqual([player.id]);
    expect(await found(`${w} boise`)).toEqual([]);
  });

  it('shows the visibility in GET /api/players/:id to the linked user and admins only', async () => {
    const { cookie, player } = await owner();
    await edit(player.id, { visibility: 'members' }, { cookie });
    const visibilityFor = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/players/${player.id}`, headers });
      expect(res.statusCode).toBe(200);
      return res.json<PlayerDetail>().visibility;
    };
    expect(await visibilityFor({ cookie })).toBe('members');
    expect(await visibilityFor({ cookie: await signInAs(t, { email: uniqueEmail('a'), isAdmin: true }) })).toBe(
      'members',
    );
    expect(await visibilityFor(await adminTokenHeaders(t))).toBe('members');
    expect(await visibilityFor({ cookie: (await owner()).cookie })).toBeUndefined();
    // A visitor who is not signed in gets the page's "sign in" answer (docs/product.md#visibility).
    expect((await detail(player.id)).statusCode).toBe(401);
    expect(keysDeep((await detail(player.id)).json())).not.toContain('visibility');
  });
});
