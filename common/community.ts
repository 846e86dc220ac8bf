/*
 * The words of the loop that keeps ratings fair (docs/product.md#reply-report-appeal): replies, reports, decisions,
 * appeals and notifications. The database checks the same lists (server/db/schema/reports.ts, notifications.ts).
 */

/** Longest reply the rated player may post under a rating, in characters (code points). */
export const REPLY_MAX = 1000;
/** Longest text a reporter may add to a report, and an appellant to an appeal. */
export const REPORT_DETAILS_MAX = 1000;
export const APPEAL_TEXT_MAX = 2000;
export const DECISION_STATEMENT_MAX = 2000;
/** Reports one member may file in 24 hours. */
export const REPORTS_PER_DAY = 10;
/** How long after a decision it may be appealed (6 months, as the Digital Services Act's Art. 20 asks). */
export const APPEAL_WINDOW_DAYS = 183;

/** Where a decision came from: a member's report, a moderator acting directly, or one of the automatic flags. */
export const DECISION_SOURCES = ['report', 'moderator', 'automatic-hold', 'collusion', 'burst'] as const;
export type DecisionSource = (typeof DECISION_SOURCES)[number];

/** keep, hide-comment and remove decide a rating; confirm and dismiss decide a Trust & Safety flag. */
export const DECISION_OUTCOMES = ['keep', 'hide-comment', 'remove', 'confirm', 'dismiss'] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

export const APPELLANT_ROLES = ['rater', 'reporter', 'rated-player'] as const;
export type AppellantRole = (typeof APPELLANT_ROLES)[number];

export const APPEAL_OUTCOMES = ['upheld', 'reversed'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** What a notification is about; each kind has its own e-mail switch in the Account screen. */
export const NOTIFICATION_KINDS = [
  'ratings-digest',
  'reply',
  'report-decision',
  'rating-decision',
  'appeal-outcome',
  'claim-decision',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'ratings-digest': 'Weekly digest of new ratings about you',
  reply: 'A player replied to your rating',
  'report-decision': 'A decision on a rating you reported',
  'rating-decision': 'A decision on your rating',
  'appeal-outcome': 'The outcome of your appeal',
  'claim-decision': 'A decision on your player claim',
};
