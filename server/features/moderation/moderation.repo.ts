import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { flaggedComments, players, ratings } from '../../db/schema/index';
import type { FlagReason } from '../../../common/constants';
import type { FlagResolution } from '../../../common/schemas/moderation';
import { RATING_TEXT_FIELDS } from '../../../common/schemas/ratings';

export type NewFlag = { ratingId: number; field: string; flaggedText: string; flagReason: FlagReason };

export async function insertFlags(db: Executor, flags: NewFlag[]): Promise<void> {
  if (flags.length === 0) return;
  await db.insert(flaggedComments).values(flags);
}

/** Flags born resolved as "keep hidden": a decision hid the rating's texts (keepRatingTextsHidden). */
export async function insertKeptHiddenFlags(
  db: Executor,
  flags: { ratingId: number; field: string; flaggedText: string }[],
  resolution: Omit<Resolution, 'resolution'>,
): Promise<void> {
  if (flags.length === 0) return;
  await db.insert(flaggedComments).values(
    flags.map((flag) => ({
      ...flag,
      flagReason: 'decision',
      isResolved: true,
      ...resolution,
      resolution: 'kept_hidden',
    })),
  );
}

/** The rating's texts as stored now, by field. */
export async function findRatingTexts(db: Executor, ratingId: number): Promise<Record<string, string | null>> {
  const [row] = await db
    .select(Object.fromEntries(RATING_TEXT_FIELDS.map((field) => [field, ratings[field]])))
    .from(ratings)
    .where(eq(ratings.id, ratingId));
  return row ?? {};
}

export async function findUnresolvedFlags(db: Executor, ratingId: number) {
  return db
    .select({ id: flaggedComments.id, field: flaggedComments.field, flaggedText: flaggedComments.flaggedText })
    .from(flaggedComments)
    .where(and(eq(flaggedComments.ratingId, ratingId), eq(flaggedComments.isResolved, false)));
}

export type Resolution = {
  resolvedBy: string | null;
  resolvedByLabel: string;
  resolutionNotes: string | null;
  resolvedAt: Date;
  resolution: FlagResolution | null;
};

export async function markResolved(db: Executor, flagIds: number[], resolution: Resolution): Promise<void> {
  if (flagIds.length === 0) return;
  await db
    .update(flaggedComments)
    .set({ isResolved: true, ...resolution })
    .where(and(inArray(flaggedComments.id, flagIds), eq(flaggedComments.isResolved, false)));
}

/** The rating's current text in the flag's field (the flagged rating joined in). */
const currentText = sql`case ${flaggedComments.field} ${sql.join(
  RATING_TEXT_FIELDS.map((field) => sql`when ${field} then ${ratings[field]}`),
  sql` `,
)} end`;

/**
 * A flag that holds its text back from non-admins: still pending, or resolved as "keep hidden" while the rating
 * still holds the text it flagged (a rater who replaced it has new text, screened afresh).
 */
const holdsText = or(
  eq(flaggedComments.isResolved, false),
  and(eq(flaggedComments.resolution, 'kept_hidden'), sql`${currentText} = ${flaggedComments.flaggedText}`),
);

/** The fields of each rating that flags hold back from non-admin views. */
export async function findHeldFields(db: Executor, ratingIds: number[]) {
  if (ratingIds.length === 0) return [];
  return db
    .selectDistinct({ ratingId: flaggedComments.ratingId, field: flaggedComments.field })
    .from(flaggedComments)
    .innerJoin(ratings, eq(ratings.id, flaggedComments.ratingId))
    .where(and(inArray(flaggedComments.ratingId, ratingIds), holdsText));
}

/** The flags on a rating that an admin resolved as "keep hidden", with the text each one hides. */
export async function findKeptHiddenFlags(db: Executor, ratingId: number) {
  return db
    .select({ id: flaggedComments.id, field: flaggedComments.field, flaggedText: flaggedComments.flaggedText })
    .from(flaggedComments)
    .where(and(eq(flaggedComments.ratingId, ratingId), eq(flaggedComments.resolution, 'kept_hidden')));
}

/** Resolved flags decided again (a reversal on appeal): their resolution and who made it are replaced. */
export async function markResolvedAgain(db: Executor, flagIds: number[], resolution: Resolution): Promise<void> {
  if (flagIds.length === 0) return;
  await db
    .update(flaggedComments)
    .set(resolution)
    .where(and(inArray(flaggedComments.id, flagIds), eq(flaggedComments.isResolved, true)));
}

const flagColumns = {
  id: flaggedComments.id,
  ratingId: flaggedComments.ratingId,
  field: flaggedComments.field,
  flaggedText: flaggedComments.flaggedText,
  flagReason: flaggedComments.flagReason,
  isResolved: flaggedComments.isResolved,
  resolvedAt: flaggedComments.resolvedAt,
  resolvedBy: flaggedComments.resolvedBy,
  resolvedByLabel: flaggedComments.resolvedByLabel,
  resolutionNotes: flaggedComments.resolutionNotes,
  resolution: flaggedComments.resolution,
  playerId: players.id,
  playerFirstName: players.firstName,
  playerLastName: players.lastName,
  raterEmail: ratings.raterEmail,
  createdAt: flaggedComments.createdAt,
};

export type FlagRow = Awaited<ReturnType<typeof listFlags>>[number];

/** Newest first (flagged_comments_resolved_created_idx serves each half of the admin screen). */
export async function listFlags(db: Executor, limit: number) {
  return db
    .select(flagColumns)
    .from(flaggedComments)
    .innerJoin(ratings, eq(ratings.id, flaggedComments.ratingId))
    .innerJoin(players, eq(players.id, ratings.playerId))
    .orderBy(desc(flaggedComments.createdAt), desc(flaggedComments.id))
    .limit(limit);
}

export async function findFlag(db: Executor, flagId: number) {
  const [row] = await db
    .select(flagColumns)
    .from(flaggedComments)
    .innerJoin(ratings, eq(ratings.id, flaggedComments.ratingId))
    .innerJoin(players, eq(players.id, ratings.playerId))
    .where(eq(flaggedComments.id, flagId));
  return row;
}

export async function countFlags(db: Executor) {
  const [row] = await db
    .select({
      total: count(),
      resolved: sql<number>`count(*) filter (where ${flaggedComments.isResolved})`.mapWith(Number),
    })
    .from(flaggedComments);
  return { total: row.total, resolved: row.resolved, pending: row.total - row.resolved };
}

/** The rating a flag belongs to, locked first: rating edits lock the rating before its flags too. */
export async function lockRatingOfFlag(db: Executor, flagId: number) {
  const [row] = await db
    .select({ ratingId: ratings.id })
    .from(ratings)
    .where(
      eq(
        ratings.id,
        sql`(select ${flaggedComments.ratingId} from ${flaggedComments} where ${flaggedComments.id} = ${flagId})`,
      ),
    )
    .for('update');
  return row?.ratingId;
}

export async function lockFlag(db: Executor, flagId: number) {
  const [row] = await db
    .select({ id: flaggedComments.id, ratingId: flaggedComments.ratingId, isResolved: flaggedComments.isResolved })
    .from(flaggedComments)
    .where(eq(flaggedComments.id, flagId))
    .for('update');
  return row;
}

/** Flags on the rating that hold text back (pending, or kept hidden over text the rating still holds). */
export async function countHoldingFlags(db: Executor, ratingId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(flaggedComments)
    .innerJoin(ratings, eq(ratings.id, flaggedComments.ratingId))
    .where(and(eq(flaggedComments.ratingId, ratingId), holdsText));
  return row.n;
}
