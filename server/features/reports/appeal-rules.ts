import { APPEAL_WINDOW_DAYS, type AppellantRole, type DecisionOutcome } from '../../../common/community';
import type { DecisionViewerRole } from '../../../common/schemas/appeals';

/*
 * Who may appeal what, and until when (docs/product.md#appeals): the rater may appeal what was done to their
 * rating (a removal, a hidden comment, a collusion or burst flag confirmed on it); a reporter or the rated player
 * may appeal a "keep". A decision made on appeal is final.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const APPEALABLE_BY: Record<AppellantRole, readonly DecisionOutcome[]> = {
  rater: ['remove', 'hide-comment', 'confirm'],
  reporter: ['keep'],
  'rated-player': ['keep'],
};

export type DecisionFacts = { outcome: DecisionOutcome; decidedAt: Date; reversesDecisionId: number | null };

/** The last moment a decision can be appealed. */
export function appealDeadline(decidedAt: Date): Date {
  return new Date(decidedAt.getTime() + APPEAL_WINDOW_DAYS * DAY_MS);
}

/** The caller's part in a decision; the parties come before admin, so an admin who is a party appeals as one. */
export function viewerRole(party: {
  isRater: boolean;
  isRatedPlayer: boolean;
  isReporter: boolean;
  isAdmin: boolean;
}): DecisionViewerRole | null {
  if (party.isRater) return 'rater';
  if (party.isRatedPlayer) return 'rated-player';
  if (party.isReporter) return 'reporter';
  return party.isAdmin ? 'admin' : null;
}

export type AppealRefusal = { reason: 'role' | 'window'; message: string };

/** Why this caller may not appeal this decision now, or null when they may. */
export function appealRefusal(decision: DecisionFacts, role: DecisionViewerRole, now: Date): AppealRefusal | null {
  if (role === 'admin') return { reason: 'role', message: 'Only the people a decision concerns may appeal it' };
  if (decision.reversesDecisionId !== null) {
    return { reason: 'role', message: 'This decision was made on appeal, so it is final' };
  }
  if (!APPEALABLE_BY[role].includes(decision.outcome)) {
    return {
      reason: 'role',
      message:
        role === 'rater'
          ? 'Your rating was not removed or hidden by this decision, so there is nothing to appeal'
          : 'Only a decision to keep a rating can be appealed by a reporter or the rated player',
    };
  }
  const deadline = appealDeadline(decision.decidedAt);
  if (now > deadline) {
    return {
      reason: 'window',
      message: `The time to appeal ended on ${deadline.toISOString().slice(0, 10)}: a decision can be appealed within 6 months`,
    };
  }
  return null;
}
