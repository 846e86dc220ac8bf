import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users, type UserRow } from '../../db/schema/index';

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findUserByGoogleId(db: Executor, googleId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleId, googleId)).limit(1);
  return row;
}

export type NewUser = {
  email: string;
  authProvider: 'google' | 'password' | 'developer';
  firstName?: string | null;
  lastName?: string | null;
  passwordHash?: string | null;
  googleId?: string | null;
  emailVerified?: boolean;
  profileImageUrl?: string | null;
};

/** Inserts a user; undefined when the e-mail (or Google id) is already taken, so callers decide what that means. */
export async function insertUserIfAbsent(db: Executor, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return row;
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<Omit<UserRow, 'id' | 'createdAt' | 'updatedAt'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function setPasswordResetToken(db: Executor, id: string, tokenHash: string, expires: Date) {
  await db.update(users).set({ passwordResetToken: tokenHash, passwordResetExpires: expires }).where(eq(users.id, id));
}

export async function findUserByLiveResetToken(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.passwordResetToken, tokenHash), gt(users.passwordResetExpires, now)))
    .limit(1);
  return row;
}

/**
 * Sets a new password and spends the reset token in one statement: the WHERE on the token makes a second,
 * concurrent use of the same token update nothing.
 */
export async function resetPasswordWithToken(db: Executor, id: string, tokenHash: string, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({
      passwordHash,
      passwordResetToken: null,
      passwordResetExpires: null,
      // Receiving the reset mail proves the address is theirs.
      emailVerified: true,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, id), eq(users.passwordResetToken, tokenHash)))
    .returning();
  return row;
}

/**
 * Stores a fresh e-mail confirmation token (its hash) for an account whose e-mail is not confirmed yet, unless
 * a link went out after `notSentSince`: false then (the check and the write are one statement, so two resends
 * at once on two instances send one link).
 */
export async function setEmailConfirmationToken(
  db: Executor,
  id: string,
  token: { hash: string; expires: Date; now: Date; notSentSince: Date },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      emailConfirmationToken: token.hash,
      emailConfirmationExpires: token.expires,
      emailConfirmationSentAt: token.now,
    })
    .where(
      and(
        eq(users.id, id),
        eq(users.emailVerified, false),
        or(isNull(users.emailConfirmationSentAt), lte(users.emailConfirmationSentAt, token.notSentSince)),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Confirms the e-mail of the account holding this live token and spends the token, in one statement: a second
 * use of the same link updates nothing.
 */
export async function confirmEmailWithToken(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .update(users)
    .set({
      emailVerified: true,
      emailConfirmationToken: null,
      emailConfirmationExpires: null,
      updatedAt: now,
    })
    .where(and(eq(users.emailConfirmationToken, tokenHash), gt(users.emailConfirmationExpires, now)))
    .returning({ id: users.id });
  return row;
}
