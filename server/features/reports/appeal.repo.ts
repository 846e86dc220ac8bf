import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { appeals, moderationDecisions, players, ratingReports, ratings, users } from '../../db/schema/index';

/* Appeals of moderation decisions (docs/product.md#appeals), and the reads of a decision its statement page needs. */

/** How many appeals the admins' queue shows: open ones oldest first, decided ones latest first. */
export const APPEALS_LIST_LIMIT = 200;

const decisionColumns = {
  id: moderationDecisions.id,
  ratingId: moderationDecisions.ratingId,
  raterUserId: moderationDecisions.raterUserId,
  source: moderationDecisions.source,
  outcome: moderationDecisions.outcome,
  rule: moderationDecisions.rule,
  statement: moderationDecisions.statement,
  flagId: moderationDecisions.flagId,
  reversesDecisionId: moderationDecisions.reversesDecisionId,
  decidedBy: moderationDecisions.decidedBy,
  decidedByLabel: moderationDecisions.decidedByLabel,
  decidedAt: moderationDecisions.decidedAt,
};

const ratingColumns = {
  ratingPlayerId: ratings.playerId,
  ratingCreatedAt: ratings.createdAt,
  ratingRemovedAt: ratings.removedAt,
  raterEmail: ratings.raterEmail,
  isAnonymous: ratings.isAnonymous,
  overallRating: ratings.overallRating,
  comment: ratings.strengthsImprovements,
  playerFirstName: players.firstName,
  playerLastName: players.lastName,
  playerUserId: players.userId,
};

/** A decision with the rating it is about and that rating's player (null columns once the rating is erased). */
export async function findDecision(db: Executor, decisionId: number) {
  const [row] = await db
    .select({ ...decisionColumns, ...ratingColumns })
    .from(moderationDecisions)
    .leftJoin(ratings, eq(ratings.id, moderationDecisions.ratingId))
    .leftJoin(players, eq(players.id, ratings.playerId))
    .where(eq(moderationDecisions.id, decisionId))
    .limit(1);
  return row;
}
export type DecisionRow = NonNullable<Awaited<ReturnType<typeof findDecision>>>;

/** Locks a decision so two appeals of it cannot be decided with two reversals at once. */
export async function lockDecision(tx: Tx, decisionId: number) {
  const [row] = await tx
    .select({ id: moderationDecisions.id })
    .from(moderationDecisions)
    .where(eq(moderationDecisions.id, decisionId))
    .for('update');
  return row;
}

/** Whether the user filed one of the reports the decision closed. */
export async function isReporterOf(db: Executor, decisionId: number, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ratingReports.id })
    .from(ratingReports)
    .where(and(eq(ratingReports.decisionId, decisionId), eq(ratingReports.reporterUserId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function findAppealOf(db: Executor, decisionId: number, userId: string) {
  const [row] = await db
    .select()
    .from(appeals)
    .where(and(eq(appeals.decisionId, decisionId), eq(appeals.appellantUserId, userId)))
    .limit(1);
  return row;
}
export type AppealRow = NonNullable<Awaited<ReturnType<typeof findAppealOf>>>;

export async function insertAppeal(db: Executor, appeal: typeof appeals.$inferInsert): Promise<AppealRow> {
  const [row] = await db.insert(appeals).values(appeal).returning();
  return row;
}

export async function lockAppeal(tx: Tx, appealId: number) {
  const [row] = await tx.select().from(appeals).where(eq(appeals.id, appealId)).for('update');
  return row;
}

export async function markAppealDecided(
  tx: Tx,
  appealId: number,
  decision: { outcome: 'upheld' | 'reversed'; statement: string; decidedBy: string | null; decidedByLabel: string },
) {
  await tx
    .update(appeals)
    .set({ ...decision, decidedAt: new Date() })
    .where(and(eq(appeals.id, appealId), isNull(appeals.outcome)));
}

/** The admins' queue: each appeal with its appellant, decision, and the rating and player it is about. */
export async function listAppeals(db: Executor, status: 'open' | 'decided', appealId?: number) {
  const where = appealId
    ? eq(appeals.id, appealId)
    : status === 'open'
      ? isNull(appeals.outcome)
      : isNotNull(appeals.outcome);
  return db
    .select({
      appeal: appeals,
      appellantEmail: users.email,
      appellantFirstName: users.firstName,
      appellantLastName: users.lastName,
      decision: decisionColumns,
      ratingId: ratings.id,
      ...ratingColumns,
    })
    .from(appeals)
    .innerJoin(users, eq(users.id, appeals.appellantUserId))
    .innerJoin(moderationDecisions, eq(moderationDecisions.id, appeals.decisionId))
    .leftJoin(ratings, eq(ratings.id, moderationDecisions.ratingId))
    .leftJoin(players, eq(players.id, ratings.playerId))
    .where(where)
    .orderBy(status === 'open' ? asc(appeals.createdAt) : desc(appeals.decidedAt), asc(appeals.id))
    .limit(APPEALS_LIST_LIMIT);
}
export type AppealListRow = Awaited<ReturnType<typeof listAppeals>>[number];

/** Whether another appeal of the decision already reversed it. */
export async function isReversed(db: Executor, decisionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: appeals.id })
    .from(appeals)
    .where(and(eq(appeals.decisionId, decisionId), eq(appeals.outcome, 'reversed')))
    .limit(1);
  return row !== undefined;
}

/** The decision that reversed this one on appeal, if any. */
export async function findReversal(db: Executor, decisionId: number) {
  const [row] = await db
    .select({ id: moderationDecisions.id, decidedAt: moderationDecisions.decidedAt })
    .from(moderationDecisions)
    .where(eq(moderationDecisions.reversesDecisionId, decisionId))
    .limit(1);
  return row;
}
