import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { dataRequests, sessions, users } from '../../db/schema/index';
import { hmac, newToken } from '../../lib/tokens';
import { IDLE_TIMEOUT_MS, SESSION_COOKIE } from '../../plugins/session';
import type { TestApp } from '../../test/test-app';
import type { AccountExport } from '../../../common/schemas/account';
import { freshIp, GOOD_PASSWORD, signUpWithPassword, uniqueEmail } from '../auth/auth-fixtures';
import { createPlayer, postRating, ratingBody, type RatingJson } from '../ratings/ratings-fixtures';

/* People and calls shared by the account tests: real sign-ups, ratings and votes through the API. */

export type Member = { email: string; cookie: string; id: string; password: string; firstName: string };

/**
 * A password account signed up through the API, its e-mail confirmed (marked so directly: with SMTP_URL the
 * confirmation link goes to the SMTP catcher, not to the test's list of mail).
 */
export async function member(t: TestApp, firstName: string, lastName = 'Member'): Promise<Member> {
  const email = uniqueEmail(firstName.toLowerCase());
  const { cookie, id } = await signUpWithPassword(t, { email, firstName, lastName, confirm: false });
  await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, id));
  return { email, cookie, id, password: GOOD_PASSWORD, firstName };
}

/** A player linked to the member, as a registration or an approved claim leaves it. */
export async function ownPlayer(t: TestApp, owner: Member, firstName = owner.firstName) {
  return createPlayer(t, { userId: owner.id, firstName });
}

/** The member rates the player (201 expected); answers the rating. */
export async function rate(t: TestApp, rater: Member, playerId: number, overrides: Record<string, unknown> = {}) {
  const res = await postRating(t, rater.cookie, ratingBody(playerId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<RatingJson>();
}

export async function vote(t: TestApp, voter: Member, ratingId: number, helpfulnessScore: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/ratings/${ratingId}/helpfulness`,
    headers: { cookie: voter.cookie },
    payload: { helpfulnessScore },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** An account without a password (Google), signed in `signedInMsAgo` ago: its session's start is what counts. */
export async function googleMember(t: TestApp, firstName: string, signedInMsAgo = 0) {
  const email = uniqueEmail(firstName.toLowerCase());
  const [row] = await t.database.db
    .insert(users)
    .values({ email, firstName, lastName: 'Google', authProvider: 'google', emailVerified: true, googleId: email })
    .returning({ id: users.id });
  const token = newToken();
  await t.database.db.insert(sessions).values({
    sid: hmac(t.env.SESSION_SECRET, token),
    sess: { userId: row.id, createdAt: Date.now() - signedInMsAgo },
    expire: new Date(Date.now() + IDLE_TIMEOUT_MS),
    userId: row.id,
  });
  return { email, id: row.id, cookie: `${SESSION_COOKIE}=${token}` };
}

/** A second session of the same password account (another browser), through POST /api/auth/login. */
export async function signInAgain(t: TestApp, who: Member): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: freshIp(),
    payload: { email: who.email, password: who.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const value = res.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
  return `${SESSION_COOKIE}=${value}`;
}

export function deleteAccount(t: TestApp, cookie: string | undefined, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/auth/user',
    remoteAddress: freshIp(),
    headers: cookie ? { cookie } : {},
    payload,
  });
}

export async function exportOf(t: TestApp, cookie: string): Promise<AccountExport> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/user/export', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AccountExport>();
}

/** Whether the session cookie still signs anyone in. */
export async function signedIn(t: TestApp, cookie: string): Promise<boolean> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  return res.statusCode === 200;
}

export async function userRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function dataRequestsOf(t: TestApp, userId: string) {
  return t.database.db.select().from(dataRequests).where(eq(dataRequests.userId, userId));
}

/** Every e-mail address written anywhere in a text. */
export const emailsIn = (text: string) => [...new Set(text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [])];
