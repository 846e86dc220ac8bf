import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { isDetailedSql, pointsSql, rankSql, releasedVotesSql } from '../../features/integrity/recount-rules-sql';
import { queryRows } from './query-rows';

export type DemoWorldRemoval =
  | { removed: false; reason: 'none' | 'already removed'; removedAt?: Date }
  | { removed: true; players: number; ratings: number; users: number; ratersAdjusted: number };

/** The demo world's players and accounts, as SQL over its record (server/db/schema/demo-world.ts). */
const DEMO_PLAYER = sql.raw(`(select last_player_id from demo_world where id = 1)`);
// The cast makes the subquery one array value: `= any (select …)` would compare with each row instead.
const DEMO_USERS = sql.raw(`((select user_ids from demo_world where id = 1)::uuid[])`);

async function count(tx: Tx, query: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(tx, query);
  return Number(row?.n ?? 0);
}

/**
 * The totals of the people who rated demo players lose those ratings, as they would lose them one by one: counts,
 * helpfulness received and points, per rater and per day; ranks follow the points. Badges already earned stay.
 */
async function takeBackDemoRatings(tx: Tx): Promise<number> {
  // Only what counts in the totals: released ratings, on the day they count towards, and their released votes.
  const gone = sql`select r.rater_user_id as user_id, (r.listed_at at time zone 'UTC')::date as day,
      count(*)::int as c, (count(*) filter (where ${sql.raw(isDetailedSql)}))::int as d,
      coalesce(sum(v.s), 0)::int as hs, coalesce(sum(v.c), 0)::int as hc
    from ratings r ${sql.raw(releasedVotesSql)}
    where r.player_id <= ${DEMO_PLAYER} and r.rater_user_id is not null and r.rater_user_id <> all ${DEMO_USERS}
      and r.listed_at is not null
    group by 1, 2`;
  await tx.execute(sql`update rater_daily_stats d set
      ratings_count = greatest(0, d.ratings_count - g.c),
      helpfulness_sum = d.helpfulness_sum - g.hs,
      helpfulness_count = greatest(0, d.helpfulness_count - g.hc)
    from (${gone}) g where d.user_id = g.user_id and d.day = g.day`);
  const adjusted = await queryRows(
    tx,
    sql`update rater_stats s set
      ratings_submitted = greatest(0, s.ratings_submitted - g.c),
      detailed_comments_count = greatest(0, s.detailed_comments_count - g.d),
      helpfulness_sum = s.helpfulness_sum - g.hs,
      helpfulness_count = greatest(0, s.helpfulness_count - g.hc),
      total_points = greatest(0, s.total_points - (${sql.raw(pointsSql('g.c', 'g.d', 'g.hs'))}))
    from (select user_id, sum(c)::int as c, sum(d)::int as d, sum(hs)::int as hs, sum(hc)::int as hc
      from (${gone}) per_day group by user_id) g
    where s.user_id = g.user_id
    returning s.user_id`,
  );
  await tx.execute(sql`update rater_stats set current_rank = ${sql.raw(rankSql('total_points'))}
    where current_rank is distinct from (${sql.raw(rankSql('total_points'))})`);
  await tx.execute(sql`delete from rater_daily_stats where ratings_count = 0 and helpfulness_count = 0`);
  return adjusted.length;
}

/**
 * Deletes exactly what the demo world added (server/db/seed/demo-world.ts) in one transaction: its players with
 * everything that hangs on them (ratings, votes, flags, claims, estimates), its accounts, and what the trust model
 * and the leaderboards derived from them. Accounts and players of real people stay, and so do their ratings of each
 * other; their ratings of demo players go with those players and leave their totals. The record stays, marked
 * removed, so a later start does not add the world again.
 */
export async function removeDemoWorld(db: Db): Promise<DemoWorldRemoval> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ removed_at: Date | string | null }>(
      tx,
      sql`select removed_at from demo_world where id = 1 for update`,
    );
    if (!row) return { removed: false, reason: 'none' };
    if (row.removed_at) return { removed: false, reason: 'already removed', removedAt: new Date(row.removed_at) };

    const ratings = await count(tx, sql`select count(*)::int as n from ratings where player_id <= ${DEMO_PLAYER}`);
    const ratersAdjusted = await takeBackDemoRatings(tx);
    await tx.execute(sql`delete from trust_flags
      where exists (select 1 from unnest(player_ids) as p(id) where p.id <= ${DEMO_PLAYER})`);
    await tx.execute(sql`delete from rater_trust
      where rater_key in (select lower(email) from users where id = any ${DEMO_USERS})`);
    const players = await count(
      tx,
      sql`with gone as (delete from players where id <= ${DEMO_PLAYER} returning 1) select count(*)::int as n from gone`,
    );
    const users = await count(
      tx,
      sql`with gone as (delete from users where id = any ${DEMO_USERS} returning 1) select count(*)::int as n from gone`,
    );
    // The stored boards listed demo raters: the refresh job draws them again from what is left.
    await tx.execute(sql`delete from leaderboard_boards where true`);
    await tx.execute(sql`update demo_world set removed_at = now() where id = 1`);
    return { removed: true, players, ratings, users, ratersAdjusted };
  });
}
