import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export type SessionData = {
  userId?: string;
  developer?: { userId: string; userType?: 'admin'; actingUserId: string };
  /** When the session was first created; the absolute timeout counts from here. */
  createdAt: number;
};

export const sessions = pgTable(
  'sessions',
  {
    /** HMAC of the cookie value, so a leaked table holds no usable session. */
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').$type<SessionData>().notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    // Lets a password reset end every session of a user without scanning JSON.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_id_idx').on(t.userId)],
);
