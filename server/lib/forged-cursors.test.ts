import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlayer, linkPlayerTo, uniqueEmail } from '../features/players/players-fixtures';
import { adminTokenHeaders, signInAs } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';
import { encodeCursor } from './page-cursor';

const TIME = '2026-11-25T10:00:00.123456Z';
/** Ids a cursor can carry that no int4 id is: past 2^31-1, huge, past JavaScript's exact integers, 0, negative, a float. */
const BAD_IDS = [2_147_483_648, 1e20, 2 ** 53 + 2, 0, -1, -2_147_483_649, 1.5];

/**
 * Every list that takes a cursor, with a forged one whose key is of the list's kind and whose id is out of int4:
 * each is 400 {message: 'Invalid cursor'}, never a cast error from PostgreSQL (a 500).
 */
describe('forged cursors with ids outside int4', () => {
  let t: TestApp;
  let publicPlayer: number;
  let ownPlayer: number;
  let member: string;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    const email = uniqueEmail('cursor-owner');
    member = await signInAs(t, { email });
    publicPlayer = (await addPlayer(t.database.db)).id;
    ownPlayer = (await addPlayer(t.database.db, { email })).id;
    await linkPlayerTo(t.database.db, ownPlayer, email);
    admin = await adminTokenHeaders(t);
  });
  afterAll(() => t?.close());

  const lists = () => [
    { name: 'public comments', url: `/api/players/${publicPlayer}/comments`, key: TIME, headers: {} },
    { name: 'my ratings, newest', url: '/api/my-ratings?sort=newest', key: TIME, headers: { cookie: member } },
    { name: 'my ratings, highest', url: '/api/my-ratings?sort=highest', key: 4.5, headers: { cookie: member } },
    {
      name: 'ratings received',
      url: `/api/players/${ownPlayer}/received-ratings`,
      key: 3,
      headers: { cookie: member },
    },
    { name: 'admin players', url: '/api/admin/players', key: TIME, headers: admin },
    { name: 'admin e-mail sign-ups', url: '/api/admin/email-signups', key: TIME, headers: admin },
  ];

  it('answers 400 {message} for each list and each bad id', async () => {
    const answers: string[] = [];
    for (const list of lists()) {
      const join = list.url.includes('?') ? '&' : '?';
      const valid = await t.app.inject({
        url: `${list.url}${join}cursor=${encodeCursor({ key: list.key, id: 2_147_483_647 })}`,
        headers: list.headers,
      });
      expect(valid.statusCode, `${list.name} with the largest int4 id`).toBe(200);
      for (const id of BAD_IDS) {
        const res = await t.app.inject({
          url: `${list.url}${join}cursor=${encodeCursor({ key: list.key, id })}`,
          headers: list.headers,
        });
        answers.push(`${list.name} ${id}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(answers).toEqual(
      answers.map(
        (answer) => `${answer.slice(0, answer.indexOf(':'))}: 400 {"message":"Invalid cursor","code":"invalid_cursor"}`,
      ),
    );
  });
});
