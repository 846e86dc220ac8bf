import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { players, playerSkillMarks, trustFlags, type TrustEvidence } from '../../db/schema/index';
import type { TrustFlagType } from '../../../common/schemas/trust';

/* Collusion flags (rings and boosts found by the full run) and their review by an admin. */

const WRITE_BATCH = 500;

export type FlagWrite = {
  type: 'ring' | 'boost';
  score: number;
  signature: string;
  raterKeys: string[];
  playerIds: number[];
  ratingIds: number[];
  evidence: TrustEvidence;
};

/** New flags only: a signature already stored (pending, confirmed or dismissed) keeps its row. */
export async function insertFlags(db: Executor, flags: FlagWrite[]) {
  const inserted: { type: TrustFlagType; playerIds: number[] }[] = [];
  for (let start = 0; start < flags.length; start += WRITE_BATCH) {
    const rows = await db
      .insert(trustFlags)
      .values(flags.slice(start, start + WRITE_BATCH))
      .onConflictDoNothing()
      .returning({ type: trustFlags.type, playerIds: trustFlags.playerIds });
    inserted.push(...rows);
  }
  return inserted;
}

export const TRUST_FLAGS_LIMIT = 500;

export async function findFlags(db: Executor, where: SQL) {
  return db
    .select()
    .from(trustFlags)
    .where(where)
    .orderBy(desc(trustFlags.createdAt), desc(trustFlags.id))
    .limit(TRUST_FLAGS_LIMIT);
}

export const flagsWithStatus = (status: 'pending' | 'confirmed' | 'dismissed') => eq(trustFlags.status, status);
export const flagWithId = (id: number) => eq(trustFlags.id, id);

export async function countPendingFlags(db: Executor) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(trustFlags)
    .where(eq(trustFlags.status, 'pending'));
  return Number(row?.n ?? 0);
}

/** Records the review of a pending flag; undefined when the flag is unknown or already reviewed. */
export async function reviewFlag(
  db: Executor,
  id: number,
  review: { status: 'confirmed' | 'dismissed'; reviewedBy: string; notes: string | null },
) {
  const [row] = await db
    .update(trustFlags)
    .set({ status: review.status, reviewedBy: review.reviewedBy, reviewNotes: review.notes, reviewedAt: sql`now()` })
    .where(and(eq(trustFlags.id, id), eq(trustFlags.status, 'pending')))
    .returning();
  return row;
}

/**
 * Takes one rating out of a confirmed flag (an appeal reversed the confirm for it), locking the flag row: the
 * flag's type, or undefined when the flag is not confirmed or no longer holds the rating.
 */
export async function removeRatingFromConfirmedFlag(db: Executor, flagId: number, ratingId: number) {
  const [row] = await db
    .update(trustFlags)
    .set({ ratingIds: sql`array_remove(${trustFlags.ratingIds}, ${ratingId}::int)` })
    .where(
      and(
        eq(trustFlags.id, flagId),
        eq(trustFlags.status, 'confirmed'),
        sql`${ratingId}::int = any(${trustFlags.ratingIds})`,
      ),
    )
    .returning({ type: trustFlags.type });
  return row;
}

/** Marks players for the worker (a confirmed flag changes their estimates). */
export async function markPlayersStale(db: Executor, playerIds: number[]) {
  if (playerIds.length === 0) return;
  await db.execute(sql`insert into ${playerSkillMarks} (player_id, marked_at)
    select ${players.id}, now() from ${players} where ${inArray(players.id, playerIds)}
    on conflict (player_id) do update set marked_at = excluded.marked_at`);
}

type FlaggedAccount = { key: string; userId: string | null; name: string | null };

const raterAccountsQuery = preparedStatement<{ raterKeys: string[] }>(
  'trust_flags_rater_accounts',
  () => sql`select k.key, u.id as "userId",
      nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as name
    from unnest(${sql.placeholder('raterKeys')}::text[]) as k(key)
    left join users u on lower(u.email) = k.key`,
);

/** Who the flagged accounts are, and the flagged players' names, for the admin's evidence. */
export async function describeFlagParties(db: Executor, raterKeys: string[], playerIds: number[]) {
  const accounts = raterKeys.length ? ((await raterAccountsQuery.run(db, { raterKeys })) as FlaggedAccount[]) : [];
  const names = playerIds.length
    ? await db
        .select({ id: players.id, name: sql<string>`${players.firstName} || ' ' || ${players.lastName}` })
        .from(players)
        .where(inArray(players.id, playerIds))
    : [];
  return { accounts, players: names };
}
