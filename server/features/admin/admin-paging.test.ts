import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSignups, players } from '../../db/schema/index';
import { adminTokenHeaders, signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { AdminPlayersReply, AdminUsersReply, EmailSignupsReply } from '../../../common/schemas/admin';
import { NEXT_CURSOR_HEADER } from '../../../common/schemas/shared';
import { addPlayer } from '../players/players-fixtures';

/* The admin lists a page at a time, past the old 500-row cap, with search on the server. */

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await signInAs(t, { email: 'paging-admin@example.com', isAdmin: true });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = { cookie: adminCookie }) =>
  t.app.inject({ method: 'GET', url, headers });

/** Follows x-next-cursor to the end; answers every page's body. */
async function readAll<Reply>(path: string): Promise<Reply[]> {
  const pages: Reply[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 50; guard += 1) {
    const res = await get(`${path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode).toBe(200);
    pages.push(res.json<Reply>());
    const next = res.headers[NEXT_CURSOR_HEADER];
    if (next === undefined) return pages;
    cursor = String(next);
  }
  throw new Error('more than 50 pages');
}

describe('GET /api/admin/players, paged', () => {
  const COUNT = 520;
  let ids: number[];

  beforeAll(async () => {
    ids = [];
    // More than the old cap of 500; one second apart, and the last three at one exact time (ties by id).
    for (let i = 0; i < COUNT; i += 1) {
      const player = await addPlayer(t.database.db, {
        firstName: `Pager${i}`,
        lastName: 'Quillfeather',
        email: `pager${i}@example.com`,
        skillLevel: '3.5',
        location: i % 2 ? 'Austin, TX' : 'Boise, ID',
      });
      const createdAt = new Date(Date.parse('2026-01-01T00:00:00Z') + Math.min(i, COUNT - 3) * 1000);
      await t.database.db.update(players).set({ createdAt }).where(eq(players.id, player.id));
      ids.push(player.id);
    }
  });

  it('answers the first 50, newest first, with the total and the next cursor', async () => {
    const res = await get('/api/admin/players?q=Quillfeather');
    expect(res.statusCode).toBe(200);
    const body = res.json<AdminPlayersReply>();
    expect(body.total).toBe(COUNT);
    expect(body.players).toHaveLength(50);
    expect(body.players.map((player) => player.id)).toEqual([...ids].reverse().slice(0, 50));
    expect(res.headers[NEXT_CURSOR_HEADER]).toEqual(expect.any(String));
  });

  it('reads all 520 through the cursor, 100 at a time, each once, the last page without a cursor', async () => {
    const pages = await readAll<AdminPlayersReply>('/api/admin/players?q=Quillfeather&limit=100');
    expect(pages.map((page) => page.players.length)).toEqual([100, 100, 100, 100, 100, 20]);
    expect(pages.flatMap((page) => page.players.map((player) => player.id))).toEqual([...ids].reverse());
  });

  it('searches name, e-mail and location on the server', async () => {
    const byName = (await get('/api/admin/players?q=pager51%20quill')).json<AdminPlayersReply>();
    expect(byName.players.map((player) => player.firstName)).toEqual(['Pager51']);
    const byEmail = (await get('/api/admin/players?q=pager519@')).json<AdminPlayersReply>();
    expect(byEmail.players.map((player) => player.email)).toEqual(['pager519@example.com']);
    const byPlace = (await get('/api/admin/players?q=boise&limit=10')).json<AdminPlayersReply>();
    expect(byPlace.total).toBe(COUNT / 2);
    expect(byPlace.players.every((player) => player.location === 'Boise, ID')).toBe(true);
  });
});

describe('GET /api/admin/users, paged', () => {
  it('pages users newest first by a uuid cursor, with search', async () => {
    for (let i = 0; i < 23; i += 1) await signInAs(t, { email: `vellichor${i}@example.com`, firstName: `Vell${i}` });
    const pages = await readAll<AdminUsersReply>('/api/admin/users?q=vellichor&limit=10');
    expect(pages.map((page) => page.users.length)).toEqual([10, 10, 3]);
    expect(pages[0].total).toBe(23);
    const emails = pages.flatMap((page) => page.users.map((user) => user.email));
    expect(new Set(emails).size).toBe(23);
    expect(emails[0]).toBe('vellichor22@example.com');
    expect(emails[22]).toBe('vellichor0@example.com');
  });
});

describe('GET /api/admin/email-signups, paged', () => {
  beforeAll(async () => {
    await t.database.db.insert(emailSignups).values(
      Array.from({ length: 60 }, (_, i) => ({
        email: `${i % 3 === 0 ? 'club' : 'fan'}${i}@launch.example`,
        createdAt: new Date(Date.parse('2026-02-01T00:00:00Z') + i * 60_000),
      })),
    );
  });

  it('answers the first 50 newest first with the total; the cursor gives the last 10 and no header', async () => {
    const first = await get('/api/admin/email-signups');
    const body = first.json<EmailSignupsReply>();
    expect(body.total).toBe(60);
    expect(body.emailSignups).toHaveLength(50);
    expect(body.emailSignups[0].email).toBe('fan59@launch.example');
    const second = await get(`/api/admin/email-signups?cursor=${String(first.headers[NEXT_CURSOR_HEADER])}`);
    expect(second.json<EmailSignupsReply>().emailSignups.map((signup) => signup.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => 9 - i).map((i) => `${i % 3 === 0 ? 'club' : 'fan'}${i}@launch.example`),
    );
    expect(second.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
  });

  it('searches the e-mail on the server', async () => {
    const res = await get('/api/admin/email-signups?q=CLUB');
    const body = res.json<EmailSignupsReply>();
    expect(body.total).toBe(20);
    expect(body.emailSignups.every((signup) => signup.email.startsWith('club'))).toBe(true);
  });
});

describe('the admin lists’ parameters and access', () => {
  const PATHS = ['/api/admin/users', '/api/admin/players', '/api/admin/email-signups'];

  it.each(PATHS)('%s refuses a bad cursor, limit or sort with 400 and a message', async (path) => {
    const wrongId = Buffer.from('["2026-01-01T00:00:00.000000Z","not-an-id"]').toString('base64url');
    const badDate = Buffer.from('["2026-02-31T00:00:00.000000Z",1]').toString('base64url');
    for (const query of [
      'cursor=x',
      `cursor=${wrongId}`,
      `cursor=${badDate}`,
      'limit=0',
      'limit=101',
      'sort=highest',
    ]) {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toEqual(expect.any(String));
    }
    expect((await get(`${path}?sort=lowest`)).json()).toMatchObject({
      message: 'sort must be newest: admin lists are read newest first',
    });
  });

  it.each(PATHS)('%s keeps its guard with paging parameters', async (path) => {
    const query = `${path}?limit=5`;
    expect((await get(query, {})).statusCode).toBe(401);
    expect((await get(query, { cookie: await signInAs(t, { email: 'paging-user@example.com' }) })).statusCode).toBe(
      403,
    );
    const res = await get(query, await adminTokenHeaders(t));
    expect(res.statusCode).toBe(200);
  });
});
