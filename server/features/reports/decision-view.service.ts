import type { Executor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { REMOVAL_RULE_SENTENCES, type RemovalRule } from '../../../common/removal-rules';
import type { Appeal, DecisionView, DecisionViewerRole } from '../../../common/schemas/appeals';
import { appealDeadline, appealRefusal, viewerRole } from './appeal-rules';
import {
  findAppealOf,
  findDecision,
  findReversal,
  isReporterOf,
  type AppealRow,
  type DecisionRow,
} from './appeal.repo';

/*
 * GET /api/decisions/:id, the statement of reasons (docs/product.md#appeals). It names what the decision was about
 * (the player and the rating's date) but never an anonymous rater or a reporter: the caller is one of the parties,
 * and each party may see only that a decision was made, on what, under which rule and why.
 */

export type DecisionReader = { userId: string; isAdmin: boolean };

export const DECISION_NOT_FOUND = 'Decision not found';

/** The decision and the caller's part in it; 404 for anyone it does not concern, so decision ids tell nothing. */
export async function decisionForParty(
  db: Executor,
  decisionId: number,
  reader: DecisionReader,
): Promise<{ decision: DecisionRow; role: DecisionViewerRole }> {
  const decision = await findDecision(db, decisionId);
  if (!decision) throw notFound(DECISION_NOT_FOUND, 'decision_not_found');
  const role = viewerRole({
    isRater: decision.raterUserId === reader.userId,
    isRatedPlayer: decision.playerUserId === reader.userId,
    isReporter: await isReporterOf(db, decisionId, reader.userId),
    isAdmin: reader.isAdmin,
  });
  if (!role) throw notFound(DECISION_NOT_FOUND, 'decision_not_found');
  return { decision, role };
}

export function toAppeal(row: AppealRow): Appeal {
  return {
    id: row.id,
    decisionId: row.decisionId,
    role: row.appellantRole,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    outcome: row.outcome,
    statement: row.statement,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function ruleSentence(rule: string | null): string | null {
  return rule ? REMOVAL_RULE_SENTENCES[rule as RemovalRule] : null;
}

export async function getDecisionView(db: Executor, decisionId: number, reader: DecisionReader): Promise<DecisionView> {
  const { decision, role } = await decisionForParty(db, decisionId, reader);
  const appeal = await findAppealOf(db, decisionId, reader.userId);
  const reversal = await findReversal(db, decisionId);
  const refusal = appeal ? null : appealRefusal(decision, role, new Date());
  return {
    id: decision.id,
    source: decision.source,
    outcome: decision.outcome,
    rule: decision.rule as RemovalRule | null,
    ruleSentence: ruleSentence(decision.rule),
    statement: decision.statement,
    decidedAt: decision.decidedAt.toISOString(),
    reversesDecisionId: decision.reversesDecisionId,
    reversedBy: reversal ? { decisionId: reversal.id, decidedAt: reversal.decidedAt.toISOString() } : null,
    rating:
      decision.ratingId !== null && decision.ratingPlayerId !== null && decision.ratingCreatedAt !== null
        ? {
            id: decision.ratingId,
            playerId: decision.ratingPlayerId,
            playerName: `${decision.playerFirstName ?? ''} ${decision.playerLastName ?? ''}`.trim(),
            createdAt: decision.ratingCreatedAt.toISOString(),
            removed: decision.ratingRemovedAt !== null,
          }
        : null,
    role,
    canAppeal: !appeal && !refusal,
    appealRefusal: refusal?.message ?? null,
    appealUntil: appealDeadline(decision.decidedAt).toISOString(),
    appeal: appeal ? toAppeal(appeal) : null,
  };
}
