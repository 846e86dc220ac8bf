import type { Db, Tx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { uniqueViolation } from '../../lib/db-errors';
import type { AdminIdentity } from '../../plugins/authorize';
import type { AppellantRole, DecisionOutcome } from '../../../common/community';
import type { RemovalRule } from '../../../common/removal-rules';
import {
  SAME_ADMIN_MESSAGE,
  type AdminAppeal,
  type AdminAppealsReply,
  type Appeal,
  type AppealDecisionBody,
  type AppealQueueStatus,
} from '../../../common/schemas/appeals';
import { showKeptHiddenTexts } from '../moderation/moderation.service';
import { notify } from '../notifications/notifications.service';
import { restoreRatingInTransaction } from '../ratings/rating-removal.service';
import { isReplyHidden, setReplyStatus } from '../replies/replies.service';
import { reverseFlagConfirmForRating } from '../trust/trust-flags.service';
import { appealRefusal } from './appeal-rules';
import {
  findDecision,
  insertAppeal,
  isReversed,
  listAppeals,
  lockAppeal,
  lockDecision,
  markAppealDecided,
  type AppealListRow,
  type DecisionRow,
} from './appeal.repo';
import { lockDecidedRating } from './decision.repo';
import { applyDecisionOutcome, recordDecision } from './decision.service';
import { decisionForParty, toAppeal, type DecisionReader } from './decision-view.service';

/*
 * Appeals (docs/product.md#appeals): a party to a decision appeals it once, within 6 months; a different admin than
 * the one who decided upholds or reverses it. A reversal does the opposite through the same paths as the decision
 * and is itself recorded as a decision that names the one it reverses.
 */

/** POST /api/decisions/:id/appeal. */
export async function fileAppeal(db: Db, decisionId: number, reader: DecisionReader, text: string): Promise<Appeal> {
  const { decision, role } = await decisionForParty(db, decisionId, reader);
  const refusal = appealRefusal(decision, role, new Date());
  if (refusal)
    throw forbidden(refusal.message, refusal.reason === 'window' ? 'appeal_window_closed' : 'appeal_not_allowed');
  try {
    const row = await insertAppeal(db, {
      decisionId,
      appellantUserId: reader.userId,
      appellantRole: role as AppellantRole,
      text,
    });
    return toAppeal(row);
  } catch (error) {
    // appeals_decision_appellant_key: once per person per decision, however the requests race.
    if (uniqueViolation(error)) throw conflict('You have appealed this decision already', 'appeal_already_made');
    throw error;
  }
}

function toAdminAppeal(row: AppealListRow): AdminAppeal {
  const { appeal, decision } = row;
  const name = [row.appellantFirstName, row.appellantLastName].filter(Boolean).join(' ');
  return {
    ...toAppeal(appeal),
    appellant: { userId: appeal.appellantUserId, email: row.appellantEmail, name: name || null },
    decidedBy: appeal.decidedByLabel,
    decision: {
      id: decision.id,
      source: decision.source,
      outcome: decision.outcome,
      rule: decision.rule as RemovalRule | null,
      statement: decision.statement,
      decidedAt: decision.decidedAt.toISOString(),
      decidedBy: decision.decidedByLabel,
    },
    rating:
      row.ratingId !== null && row.ratingPlayerId !== null && row.ratingCreatedAt !== null
        ? {
            id: row.ratingId,
            playerId: row.ratingPlayerId,
            playerName: `${row.playerFirstName ?? ''} ${row.playerLastName ?? ''}`.trim(),
            raterEmail: row.raterEmail ?? '',
            isAnonymous: row.isAnonymous ?? false,
            overallRating: row.overallRating ?? 0,
            comment: row.comment,
            createdAt: row.ratingCreatedAt.toISOString(),
            removed: row.ratingRemovedAt !== null,
          }
        : null,
  };
}

/** GET /api/admin/appeals. */
export async function getAppeals(db: Db, status: AppealQueueStatus): Promise<AdminAppealsReply> {
  return { appeals: (await listAppeals(db, status)).map(toAdminAppeal) };
}

/** The admin who made a decision: the user when there was one, else the label the audit log gave them. */
function decidedTheDecision(decision: DecisionRow, admin: AdminIdentity): boolean {
  if (decision.decidedBy !== null)
    return decision.decidedBy === admin.userId || decision.decidedByLabel === admin.label;
  return decision.decidedByLabel === admin.label;
}

/** What reversing each outcome decides instead. */
const REVERSED_OUTCOME: Record<DecisionOutcome, DecisionOutcome> = {
  remove: 'keep',
  'hide-comment': 'keep',
  keep: 'remove',
  confirm: 'dismiss',
  dismiss: 'confirm',
};

const cannotReverse = (message: string) => conflict(message, 'appeal_cannot_reverse');

/** Undoes what the decision did to its rating, on the appeal's transaction. */
async function undoDecision(
  tx: Tx,
  decision: DecisionRow,
  appealId: number,
  body: AppealDecisionBody,
  admin: AdminIdentity,
): Promise<RemovalRule | null> {
  if (decision.ratingId === null) throw cannotReverse('The rating this decision was about has been erased');
  if (decision.outcome === 'remove') {
    if (decision.ratingRemovedAt === null) throw cannotReverse('The rating has been restored already');
    await restoreRatingInTransaction(tx, decision.ratingId, {
      note: `Restored on appeal ${appealId} of decision ${decision.id}`,
      admin,
    });
    return null;
  }
  if (decision.outcome === 'keep') {
    if (!body.rule)
      throw badRequest('Reversing a "keep" removes the rating: name the rule it breaks', 'appeal_rule_required');
    if (decision.ratingRemovedAt !== null) throw cannotReverse('The rating has been removed already');
    await applyDecisionOutcome(tx, decision.ratingId, 'remove', body.rule, admin);
    return body.rule;
  }
  if (decision.outcome === 'hide-comment') {
    await lockDecidedRating(tx, decision.ratingId);
    await showKeptHiddenTexts(
      tx,
      decision.ratingId,
      admin,
      `Shown again on appeal ${appealId} of decision ${decision.id}`,
    );
    // The decision hid a reply the offensive-language check held (applyDecisionOutcome): it shows again too.
    if (await isReplyHidden(tx, decision.ratingId)) await setReplyStatus(tx, decision.ratingId, 'shown');
    return null;
  }
  // A confirmed Trust & Safety flag (one decision per rating): this rating leaves the flag and counts again; the
  // flag stays confirmed for the others. A dismiss has no rating (refused above).
  if (decision.outcome !== 'confirm') throw cannotReverse('Only a confirmed flag can be reversed for a rating');
  if (decision.flagId === null || decision.ratingPlayerId === null) {
    throw cannotReverse('The flag this decision confirmed has been deleted');
  }
  const released = await reverseFlagConfirmForRating(tx, decision.flagId, {
    id: decision.ratingId,
    playerId: decision.ratingPlayerId,
  });
  if (!released) throw cannotReverse('The flag no longer counts this rating out');
  return null;
}

const OUTCOME_TITLES = {
  upheld: 'Your appeal was decided: the decision stands',
  reversed: 'Your appeal succeeded: the decision was reversed',
} as const;

/** POST /api/admin/appeals/:id/decision. */
export async function decideAppeal(
  db: Db,
  appealId: number,
  body: AppealDecisionBody,
  admin: AdminIdentity,
): Promise<AdminAppeal> {
  try {
    await db.transaction(async (tx) => {
      const found = await lockAppeal(tx, appealId);
      if (!found) throw notFound('Appeal not found', 'appeal_not_found');
      // The decision first, then the appeal again: two appeals of one decision are decided one after the other.
      await lockDecision(tx, found.decisionId);
      const appeal = await lockAppeal(tx, appealId);
      const decision = await findDecision(tx, found.decisionId);
      if (!appeal || !decision) throw notFound('Appeal not found', 'appeal_not_found');
      if (appeal.outcome !== null) throw conflict('This appeal was decided already', 'appeal_already_decided');
      if (decidedTheDecision(decision, admin)) throw forbidden(SAME_ADMIN_MESSAGE, 'appeal_same_admin');
      if (body.outcome === 'reversed') {
        if (await isReversed(tx, decision.id)) throw cannotReverse('Another appeal has reversed this decision already');
        const rule = await undoDecision(tx, decision, appeal.id, body, admin);
        await recordDecision(tx, {
          ratingId: decision.ratingId,
          source: decision.source,
          outcome: REVERSED_OUTCOME[decision.outcome],
          rule,
          statement: body.statement,
          admin,
          reversesDecisionId: decision.id,
        });
      }
      await markAppealDecided(tx, appeal.id, {
        outcome: body.outcome,
        statement: body.statement,
        decidedBy: admin.userId,
        decidedByLabel: admin.label,
      });
      await notify(tx, {
        userId: appeal.appellantUserId,
        kind: 'appeal-outcome',
        title: OUTCOME_TITLES[body.outcome],
        body: body.statement,
        link: `/decisions/${decision.id}`,
        dedupeKey: `appeal:${appeal.id}`,
      });
    });
  } catch (error) {
    // A restore that would stand beside the rater's other rating of the player (a merge kept that one).
    if (!(error instanceof AppError) && uniqueViolation(error)) {
      throw cannotReverse('The rater has another standing rating of this player, so this one cannot come back');
    }
    throw error;
  }
  const [row] = await listAppeals(db, 'decided', appealId);
  return toAdminAppeal(row);
}
