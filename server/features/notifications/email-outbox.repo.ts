import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { notifications } from '../../db/schema/index';
import type { NotificationKind } from '../../../common/community';

export type ClaimedEmail = {
  id: number;
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  email: string;
  firstName: string | null;
};

/**
 * Takes the oldest pending notice and, in the same statement (its own committed transaction), marks it 'sending',
 * or 'skipped' when its person switched its kind off or has no confirmed address. Another instance's claim skips
 * the locked row. Answers the row with its state, or nothing when no notice waits.
 */
const claimNextQuery = preparedStatement(
  'notifications_claim_next_email',
  () => sql`with next as (
      select id from notifications where email_status = 'pending' order by id limit 1 for update skip locked
    )
    update notifications n
    set email_status = case
        when not u.email_verified
          or exists (select 1 from email_opt_outs o where o.user_id = n.user_id and o.kind = n.kind)
        then 'skipped' else 'sending' end
    from next, users u
    where n.id = next.id and u.id = n.user_id
    returning n.id, n.user_id, n.kind, n.title, n.body, n.link, n.email_status, u.email, u.first_name`,
);

export async function claimNextEmail(
  db: Executor,
): Promise<{ status: 'sending' | 'skipped'; email: ClaimedEmail } | null> {
  const [row] = await claimNextQuery.run(db, {});
  if (!row) return null;
  return {
    status: row.email_status as 'sending' | 'skipped',
    email: {
      id: Number(row.id),
      userId: row.user_id as string,
      kind: row.kind as NotificationKind,
      title: row.title as string,
      body: row.body as string,
      link: row.link as string | null,
      email: row.email as string,
      firstName: row.first_name as string | null,
    },
  };
}

export async function markEmailDone(db: Executor, id: number, status: 'sent' | 'failed'): Promise<void> {
  await db
    .update(notifications)
    .set({ emailStatus: status, emailedAt: status === 'sent' ? new Date() : null })
    .where(eq(notifications.id, id));
}
