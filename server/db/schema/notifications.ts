import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

const KINDS = sql.raw(
  `('ratings-digest', 'reply', 'report-decision', 'rating-decision', 'appeal-outcome', 'claim-decision')`,
);

/**
 * A notice to one person, shown under the bell and, unless they switched its kind off, sent by e-mail
 * (docs/product.md#notifications). The table is also the e-mail outbox: email_status moves pending → sending →
 * sent (or skipped when switched off), and a row is marked sending before the send, so a crash never sends twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['ratings-digest', 'reply', 'report-decision', 'rating-decision', 'appeal-outcome', 'claim-decision'],
    }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A path in the app the notice links to (e.g. /my-ratings). */
    link: text('link'),
    /** One notice per key and person: the weekly digest's period ('digest:2026-11-23'), a decision's id. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailStatus: text('email_status', { enum: ['pending', 'sending', 'sent', 'skipped', 'failed'] })
      .notNull()
      .default('pending'),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_email_pending_idx')
      .on(t.id)
      .where(sql`${t.emailStatus} = 'pending'`),
    uniqueIndex('notifications_dedupe_key').on(t.userId, t.dedupeKey),
    check('notifications_kind_check', sql`${t.kind} in ${KINDS}`),
    check(
      'notifications_email_status_check',
      sql`${t.emailStatus} in ('pending', 'sending', 'sent', 'skipped', 'failed')`,
    ),
  ],
);

/** The kinds of e-mail a person switched off (in the Account screen, or by an unsubscribe link). */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), check('email_opt_outs_kind_check', sql`${t.kind} in ${KINDS}`)],
);
