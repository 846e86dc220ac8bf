import { eq, sql } from 'drizzle-orm';
import { adminTokens, sessions, users } from '../db/schema/index';
import { hmac, newToken, sha256 } from '../lib/tokens';
import { IDLE_TIMEOUT_MS, SESSION_COOKIE } from '../plugins/session';
import { TEST_ADMIN, type TestApp } from './test-app';

export type SignInOptions = {
  email: string;
  isAdmin?: boolean;
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
};

/**
 * Signs a user in without the auth routes: finds or creates the users row (by e-mail, case-insensitive)
 * and writes a session row the way the session plugin does. Returns the Cookie header value.
 */
export async function signInAs(t: TestApp, options: SignInOptions): Promise<string> {
  const { db } = t.database;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, options.email.toLowerCase()))
    .limit(1);
  const values = {
    isAdmin: options.isAdmin ?? false,
    // A confirmed e-mail unless a test says otherwise: most tests act as a user who finished signing up.
    emailVerified: options.emailVerified ?? true,
    firstName: options.firstName ?? null,
    lastName: options.lastName ?? null,
  };
  const userId = existing
    ? (await db.update(users).set(values).where(eq(users.id, existing.id)).returning({ id: users.id }))[0].id
    : (
        await db
          .insert(users)
          .values({ email: options.email, authProvider: 'password', ...values })
          .returning({ id: users.id })
      )[0].id;
  const token = newToken();
  await db.insert(sessions).values({
    sid: hmac(t.env.SESSION_SECRET, token),
    sess: { userId, createdAt: Date.now() },
    expire: new Date(Date.now() + IDLE_TIMEOUT_MS),
    userId,
  });
  return `${SESSION_COOKIE}=${token}`;
}

/** A live admin token (as POST /api/admin/login would issue) and the admin headers (docs/product.md#roles) that carry it. */
export async function adminTokenHeaders(
  t: TestApp,
  email: string = TEST_ADMIN.email,
): Promise<{ 'x-admin-email': string; 'x-admin-token': string }> {
  const token = newToken();
  await t.database.db.insert(adminTokens).values({
    tokenHash: sha256(token),
    email,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  return { 'x-admin-email': email, 'x-admin-token': token };
}

/** The callers an admin route's tests compare: an admin user, a user who is not one, and admin token headers. */
export async function adminRouteCallers(t: TestApp, label: string) {
  return {
    adminCookie: await signInAs(t, { email: `${label}-admin@example.com`, isAdmin: true }),
    userCookie: await signInAs(t, { email: `${label}-user@example.com` }),
    tokenHeaders: await adminTokenHeaders(t),
  };
}
