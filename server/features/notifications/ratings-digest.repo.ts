import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';

/**
 * Per person with a linked player: how many ratings about that player became visible (listed, not held) in the
 * window. An anonymous rating is listed at its release's period start, so the window never dates it more finely.
 */
const listedPerPersonQuery = preparedStatement<{ from: string; to: string }>(
  'notifications_ratings_listed_per_person',
  () => sql`select p.user_id, count(*)::int as ratings
    from ratings r join players p on p.id = r.player_id
    where p.user_id is not null and not r.is_held
      and r.listed_at >= ${sql.placeholder('from')}::timestamptz and r.listed_at < ${sql.placeholder('to')}::timestamptz
    group by p.user_id`,
);

export async function ratingsListedPerPerson(
  db: Executor,
  from: Date,
  to: Date,
): Promise<{ userId: string; ratings: number }[]> {
  const rows = await listedPerPersonQuery.run(db, { from: from.toISOString(), to: to.toISOString() });
  return rows.map((row) => ({ userId: row.user_id as string, ratings: Number(row.ratings) }));
}
