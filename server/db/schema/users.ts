import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    isAdmin: boolean('is_admin').notNull().default(false),
    authProvider: text('auth_provider').notNull().default('google'),
    googleId: text('google_id'),
    passwordHash: text('password_hash'),
    // argon2id keeps its salt inside passwordHash; the column stays for the shape the admin list shows.
    passwordSalt: text('password_salt'),
    /** SHA-256 of the reset token, never the token itself. */
    passwordResetToken: text('password_reset_token'),
    passwordResetExpires: timestamp('password_reset_expires', { withTimezone: true }),
    /** SHA-256 of the e-mail confirmation token (decision 006), never the token itself. */
    emailConfirmationToken: text('email_confirmation_token'),
    emailConfirmationExpires: timestamp('email_confirmation_expires', { withTimezone: true }),
    /** When the last confirmation link was mailed: resending waits a minute after it. */
    emailConfirmationSentAt: timestamp('email_confirmation_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_id_key').on(t.googleId),
    uniqueIndex('users_password_reset_token_key').on(t.passwordResetToken),
    uniqueIndex('users_email_confirmation_token_key').on(t.emailConfirmationToken),
    index('users_created_at_idx').on(t.createdAt),
    check('users_auth_provider_check', sql`${t.authProvider} in ('google', 'password', 'developer')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
