import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players, ratings, users } from '../../db/schema/index';
import { signInAs } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { postRating, ratingBody } from '../ratings/ratings-fixtures';
import { uniqueEmail, uniqueWord, userIdOf } from './players-fixtures';
import { NEW_PLAYERS_FIRST_WEEK, NEW_PLAYERS_PER_DAY, waitInWords } from './new-player-limit.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A signed-in, confirmed account created `ageMs` ago. */
async function account(ageMs: number) {
  const email = uniqueEmail('adder');
  const cookie = await signInAs(t, { email, firstName: 'Ada', lastName: 'Adder' });
  const userId = await userIdOf(t.database.db, email);
  await t.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - ageMs) })
    .where(eq(users.id, userId));
  return { email, cookie, userId };
}

/** The rate wizard's "add as new player": a named rating of a player it creates. */
const rateNewPlayer = (cookie: string, lastName = uniqueWord()) => {
  const body = ratingBody(0, {
    isNewPlayer: true,
    playerName: `Nora ${lastName}`,
    newPlayerFirstName: 'Nora',
    newPlayerLastName: lastName,
    newPlayerCity: 'Boise',
    newPlayerState: 'ID',
  });
  delete body.playerId;
  return postRating(t, cookie, body);
};

const register = (cookie: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/players',
    headers: { cookie },
    payload: {
      firstName: 'Ada',
      lastName: 'Adder',
      email,
      skillLevel: '3.5',
      yearsPlaying: '3-5',
      location: 'Portland, OR 97204',
    },
  });

async function playersAddedBy(userId: string) {
  return t.database.db
    .select({ id: players.id, lastName: players.lastName, createdAt: players.createdAt })
    .from(players)
    .where(eq(players.createdByUserId, userId));
}

async function ratingsBy(userId: string) {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(ratings)
    .where(eq(ratings.raterUserId, userId));
  return row.n;
}

/** Moves the account's added players back in time, as if they were added `ms` earlier. */
async function ageAddedPlayers(userId: string, ms: number) {
  await t.database.db
    .update(players)
    .set({ createdAt: sql`${players.createdAt} - make_interval(secs => ${ms / 1000})` })
    .where(eq(players.createdByUserId, userId));
}

describe('new players an account may add (docs/product.md#new-players)', () => {
  it(`lets an account older than a week add ${NEW_PLAYERS_PER_DAY} a day; the next is 429 and leaves nothing`, async () => {
    const { cookie, userId } = await account(8 * DAY);
    for (let i = 0; i < NEW_PLAYERS_PER_DAY; i++) expect((await rateNewPlayer(cookie)).statusCode).toBe(201);

    const refused = await rateNewPlayer(cookie, 'Eleventh');
    expect(refused.statusCode).toBe(429);
    const body = refused.json<{ message: string; code: string; retryAt: string }>();
    expect(body.code).toBe('rate_limited');
    expect(body.message).toBe(
      `You can add up to ${NEW_PLAYERS_PER_DAY} new players a day. You can add another in 24 hours.`,
    );
    const added = await playersAddedBy(userId);
    expect(added).toHaveLength(NEW_PLAYERS_PER_DAY);
    expect(added.map((row) => row.lastName)).not.toContain('Eleventh');
    expect(await ratingsBy(userId)).toBe(NEW_PLAYERS_PER_DAY);
    // The first of the ten leaves the 24 hours first.
    const first = Math.min(...added.map((row) => row.createdAt.getTime()));
    expect(Math.abs(Date.parse(body.retryAt) - (first + DAY))).toBeLessThan(1000);

    // Rating an existing player is no new player: still allowed.
    const [existing] = added;
    const other = await account(8 * DAY);
    expect((await postRating(t, cookie, ratingBody(existing.id))).statusCode).toBe(409);
    expect((await postRating(t, other.cookie, ratingBody(existing.id))).statusCode).toBe(201);
  });

  it('counts the last 24 hours: once the first players are older, the account adds again', async () => {
    const { cookie, userId } = await account(30 * DAY);
    for (let i = 0; i < NEW_PLAYERS_PER_DAY; i++) expect((await rateNewPlayer(cookie)).statusCode).toBe(201);
    await ageAddedPlayers(userId, 20 * HOUR);
    const refused = await rateNewPlayer(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/You can add another in [45] hours\.$/);
    await ageAddedPlayers(userId, 5 * HOUR);
    expect((await rateNewPlayer(cookie)).statusCode).toBe(201);
  });

  it(`lets a new account add ${NEW_PLAYERS_FIRST_WEEK} in its first week, and says when it may add more`, async () => {
    const { cookie, userId } = await account(2 * DAY);
    for (let i = 0; i < NEW_PLAYERS_FIRST_WEEK; i++) expect((await rateNewPlayer(cookie)).statusCode).toBe(201);
    const refused = await rateNewPlayer(cookie);
    expect(refused.statusCode).toBe(429);
    const body = refused.json<{ message: string; retryAt: string }>();
    expect(body.message).toBe(
      `A new account can add up to ${NEW_PLAYERS_FIRST_WEEK} new players in its first week. You can add another in 5 days.`,
    );
    const [created] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(Date.parse(body.retryAt)).toBe(created.createdAt.getTime() + 7 * DAY);
    expect(await playersAddedBy(userId)).toHaveLength(NEW_PLAYERS_FIRST_WEEK);
    expect(await ratingsBy(userId)).toBe(NEW_PLAYERS_FIRST_WEEK);

    // A week old, the account has the daily limit, of which the three count.
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 7 * DAY - 60_000) })
      .where(eq(users.id, userId));
    expect((await rateNewPlayer(cookie)).statusCode).toBe(201);
  });

  it('counts registering your own player, and refuses it beyond the limit', async () => {
    const full = await account(HOUR);
    for (let i = 0; i < NEW_PLAYERS_FIRST_WEEK; i++) expect((await rateNewPlayer(full.cookie)).statusCode).toBe(201);
    const refused = await register(full.cookie, full.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/^A new account can add up to 3 new players/);
    const own = await t.database.db.select().from(players).where(eq(players.userId, full.userId));
    expect(own).toHaveLength(0);

    const fresh = await account(HOUR);
    expect((await register(fresh.cookie, fresh.email)).statusCode).toBe(201);
    const [registered] = await playersAddedBy(fresh.userId);
    expect(registered).toBeDefined();
    for (let i = 1; i < NEW_PLAYERS_FIRST_WEEK; i++) expect((await rateNewPlayer(fresh.cookie)).statusCode).toBe(201);
    expect((await rateNewPlayer(fresh.cookie)).statusCode).toBe(429);
  });

  it('says a wait in plain words', () => {
    expect(waitInWords(30_000)).toBe('1 minute');
    expect(waitInWords(41 * 60_000)).toBe('41 minutes');
    expect(waitInWords(HOUR + 1)).toBe('2 hours');
    expect(waitInWords(DAY)).toBe('24 hours');
    expect(waitInWords(5 * DAY)).toBe('5 days');
  });
});

// PGlite runs one statement at a time, so only a real server can show a race; skipped without one.
describe.runIf(process.env.TEST_DATABASE_URL)('new players under concurrency (PostgreSQL)', () => {
  it(`20 simultaneous new players from one account: exactly ${NEW_PLAYERS_PER_DAY} are added`, async () => {
    const { cookie, userId } = await account(8 * DAY);
    const replies = await Promise.all(Array.from({ length: 20 }, () => rateNewPlayer(cookie)));
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(NEW_PLAYERS_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - NEW_PLAYERS_PER_DAY);
    expect(await playersAddedBy(userId)).toHaveLength(NEW_PLAYERS_PER_DAY);
    expect(await ratingsBy(userId)).toBe(NEW_PLAYERS_PER_DAY);
  });

  it('a registration racing wizard additions of a new account: never more than the first week allows', async () => {
    const { cookie, email, userId } = await account(HOUR);
    const replies = await Promise.all([
      ...Array.from({ length: 5 }, () => rateNewPlayer(cookie)),
      register(cookie, email),
    ]);
    expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(NEW_PLAYERS_FIRST_WEEK);
    expect(await playersAddedBy(userId)).toHaveLength(NEW_PLAYERS_FIRST_WEEK);
  });
});
