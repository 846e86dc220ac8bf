import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRouteCallers } from '../../test/sign-in';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app';
import type {
  AdminPlayer,
  AdminPlayersReply,
  BulkImportReply,
  BulkPlayerRowInput,
} from '../../../common/schemas/admin';
import { addPlayer } from '../players/players-fixtures';

describe('POST /api/players/bulk', () => {
  let t: TestApp;
  let adminCookie: string;
  let userCookie: string;
  let tokenHeaders: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    ({ adminCookie, userCookie, tokenHeaders } = await adminRouteCallers(t, 'bulk'));
  });
  afterAll(() => t.close());

  const row = (tag: string, extra: Partial<BulkPlayerRowInput> = {}): BulkPlayerRowInput => ({
    firstName: `First${tag}`,
    lastName: `Last${tag}`,
    email: `${tag}@bulk.example.com`,
    skillLevel: '3.5',
    yearsPlaying: '3-5',
    location: 'Austin, TX, USA',
    bio: 'Imported in a test',
    ...extra,
  });

  const bulk = (payload: unknown, headers: Record<string, string> = tokenHeaders) =>
    t.app.inject({ method: 'POST', url: '/api/players/bulk', headers, payload: payload as object });

  async function adminPlayer(email: string): Promise<AdminPlayer | undefined> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/players?q=${encodeURIComponent(email)}`,
      headers: tokenHeaders,
    });
    return res.json<AdminPlayersReply>().players.find((player) => player.email.toLowerCase() === email.toLowerCase());
  }

  describe('who may call it', () => {
    it('answers 401 when signed out, before looking at the body', async () => {
      for (const payload of [{ players: [row('signedout')] }, { nonsense: true }]) {
        const res = await bulk(payload, {});
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Authentication required', code: 'unauthenticated' });
      }
      expect(await adminPlayer('signedout@bulk.example.com')).toBeUndefined();
    });

    it('answers 403 to a signed-in user who is not an admin', async () => {
      const res = await bulk({ players: [row('plainuser')] }, { cookie: userCookie });
      expect(res.statusCode).toBe(403);
      expect(await adminPlayer('plainuser@bulk.example.com')).toBeUndefined();
    });

    it('answers 401 to an invalid admin token', async () => {
      const res = await bulk({ players: [row('badtoken')] }, { ...tokenHeaders, 'x-admin-token': 'wrong' });
      expect(res.statusCode).toBe(401);
      expect(await adminPlayer('badtoken@bulk.example.com')).toBeUndefined();
    });

    it('imports for an admin token, recording the admin as importedBy', async () => {
      const res = await bulk({ players: [row('viatoken')] });
      expect(res.statusCode).toBe(200);
      expect(await adminPlayer('viatoken@bulk.example.com')).toMatchObject({
        importedBy: `admin:${TEST_ADMIN.email}`,
      });
    });

    it('imports for a signed-in admin user, recording their e-mail as importedBy', async () => {
      const res = await bulk({ players: [row('viauser')] }, { cookie: adminCookie });
      expect(res.statusCode).toBe(200);
      expect(await adminPlayer('viauser@bulk.example.com')).toMatchObject({ importedBy: 'bulk-admin@example.com' });
    });
  });

  it('creates the good rows, reports each bad row by number and skips duplicate e-mails', async () => {
    await addPlayer(t.database.db, {
      firstName: 'Already',
      lastName: 'Here',
      email: 'Existing@Bulk.Example.com',
      skillLevel: '4.0',
      location: 'Boise, ID',
    });
    const res = await bulk({
      players: [
        row('mixa'),
        row('mixbad', { email: 'not-an-email' }),
        row('mixb', { firstName: '  Spaced  ' }),
        row('mixc', { email: 'existing@bulk.example.com' }),
        'not a row',
        row('mixd', { email: 'MIXA@bulk.example.com' }),
        row('mixe', { firstName: '', skillLevel: '9.0' }),
        row('mixf', { favouriteColour: 'green' } as Partial<BulkPlayerRowInput>),
        row('mixg'),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<BulkImportReply>()).toEqual({
      results: {
        created: [
          { name: 'Firstmixa Lastmixa', email: 'mixa@bulk.example.com' },
          { name: 'Spaced Lastmixb', email: 'mixb@bulk.example.com' },
          { name: 'Firstmixg Lastmixg', email: 'mixg@bulk.example.com' },
        ],
        skipped: [
          { name: 'Firstmixc Lastmixc', email: 'existing@bulk.example.com', reason: 'Email already exists' },
          { name: 'Firstmixd Lastmixd', email: 'MIXA@bulk.example.com', reason: 'Email already exists' },
        ],
        errors: [
          { error: 'Row 2: Please enter a valid email address' },
          { error: 'Row 5: Each player must be an object with firstName, lastName and email' },
          {
            error: 'Row 7: First name is required; Skill level must be one of 1.0, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0',
          },
          { error: 'Row 8: Unknown field: favouriteColour' },
        ],
      },
      message: 'Imported 3 players, skipped 2, 4 errors',
    });
    expect(await adminPlayer('mixa@bulk.example.com')).toMatchObject({
      firstName: 'Firstmixa',
      lastName: 'Lastmixa',
      skillLevel: '3.5',
      yearsPlaying: '3-5',
      // A place the ZIP data knows is stored as its parts and shown as "City, ST" (docs/product.md#places).
      location: 'Austin, TX',
      bio: 'Imported in a test',
      isVerified: false,
      userId: null,
    });
    expect(await adminPlayer('mixb@bulk.example.com')).toMatchObject({ firstName: 'Spaced' });
    // The existing player is untouched, and neither the bad rows nor the in-batch duplicate were stored.
    expect(await adminPlayer('existing@bulk.example.com')).toMatchObject({ firstName: 'Already', lastName: 'Here' });
    expect(await adminPlayer('not-an-email')).toBeUndefined();
    expect(await adminPlayer('mixe@bulk.example.com')).toBeUndefined();
    expect(await adminPlayer('mixf@bulk.example.com')).toBeUndefined();
  });

  it('fills absent optional fields with the bulk import defaults and accepts CSV-style numbers', async () => {
    const res = await bulk({
      players: [
        { firstName: 'Min', lastName: 'Imal', email: 'minimal@bulk.example.com' },
        { ...row('numeric'), skillLevel: 4, yearsPlaying: '', location: '  ', bio: null },
      ],
    });
    expect(res.json<BulkImportReply>().message).toBe('Imported 2 players, skipped 0, 0 errors');
    expect(await adminPlayer('minimal@bulk.example.com')).toMatchObject({
      skillLevel: '3.0',
      yearsPlaying: '1-2',
      location: 'Unknown Location',
      bio: 'Player imported via bulk import',
    });
    expect(await adminPlayer('numeric@bulk.example.com')).toMatchObject({
      skillLevel: '4.0',
      yearsPlaying: '1-2',
      location: 'Unknown Location',
    });
  });

  it('makes imported players findable by the public search columns', async () => {
    await bulk({ players: [row('searchable', { firstName: 'Zoë', lastName: 'Ångström' })] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/players?q=zoe%20angstrom',
      headers: tokenHeaders,
    });
    expect(res.json<AdminPlayersReply>().players.map((player) => player.email)).toEqual([
      'searchable@bulk.example.com',
    ]);
  });

  it('stores text with quotes, backslashes, braces, commas and emoji exactly', async () => {
    const tricky = row('tricky', {
      firstName: `O'Brien "Bob"`,
      lastName: 'Back\\slash, {Braces} NULL',
      location: 'São Paulo, {SP}, "BR"',
      bio: 'Line one\nLine two 🏓 \\N',
    });
    expect((await bulk({ players: [tricky] })).json<BulkImportReply>().results.created).toEqual([
      { name: `O'Brien "Bob" Back\\slash, {Braces} NULL`, email: 'tricky@bulk.example.com' },
    ]);
    expect(await adminPlayer('tricky@bulk.example.com')).toMatchObject({
      firstName: tricky.firstName,
      lastName: tricky.lastName,
      location: tricky.location,
      bio: tricky.bio,
    });
  });

  it('answers singular counts in the message', async () => {
    const res = await bulk({ players: [row('single'), row('single'), { firstName: 'x' }] });
    expect(res.json<BulkImportReply>().message).toBe('Imported 1 player, skipped 1, 1 error');
  });

  it('refuses a body that is not a list of rows', async () => {
    const cases: [unknown, string][] = [
      [{ players: [] }, 'No players to import'],
      [{ players: 'x' }, 'players must be a list'],
      [{}, 'players must be a list'],
      [{ players: [row('extra')], dryRun: true }, 'Unknown field: dryRun'],
    ];
    for (const [payload, message] of cases) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect(await adminPlayer('extra@bulk.example.com')).toBeUndefined();
  });

  it('refuses more than 5,000 rows in one call without importing any', async () => {
    const players = Array.from({ length: 5_001 }, (_, i) => row(`over${i}`));
    const res = await bulk({ players });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('At most 5,000 players per import');
    expect(await adminPlayer('over0@bulk.example.com')).toBeUndefined();
  });

  it('imports 5,000 rows in one call quickly, and skips all of them the second time', async () => {
    const players = Array.from({ length: 5_000 }, (_, i) =>
      row(`many${i}`, { bio: `A fairly ordinary bio for imported player number ${i}, with a few words.` }),
    );
    const started = performance.now();
    const res = await bulk({ players });
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(200);
    const body = res.json<BulkImportReply>();
    expect(body.message).toBe('Imported 5000 players, skipped 0, 0 errors');
    expect(body.results.created).toHaveLength(5_000);
    expect(body.results.created[4_999]).toEqual({
      name: 'Firstmany4999 Lastmany4999',
      email: 'many4999@bulk.example.com',
    });
    // Generous for a shared CI machine; on PGlite it takes about a second.
    expect(elapsed).toBeLessThan(15_000);

    const again = (await bulk({ players })).json<BulkImportReply>();
    expect(again.message).toBe('Imported 0 players, skipped 5000, 0 errors');
    expect(again.results.skipped[0]).toEqual({
      name: 'Firstmany0 Lastmany0',
      email: 'many0@bulk.example.com',
      reason: 'Email already exists',
    });
  }, 60_000);
});
