import { z } from 'zod';
import { AUTH_PROVIDERS } from './auth';
import { PLAYER_VISIBILITIES } from './players';

/*
 * A person's right to their data (docs/product.md#your-data): the export of everything about them, and the erasure
 * of their account. The export names nobody else: no other person's e-mail, an anonymous rater not at all, a named
 * rater by display name only, as Ratings About Me shows them.
 */

/** What a person types to confirm an erasure. */
export const ERASE_CONFIRMATION = 'DELETE';

/** How recently an account without a password must have signed in to delete itself. */
export const RECENT_SIGN_IN_MINUTES = 10;

const confirmSchema = z.literal(ERASE_CONFIRMATION, {
  error: `Type ${ERASE_CONFIRMATION} in capital letters to confirm`,
});

/** DELETE /api/auth/user: a password account gives its password; others must have signed in recently. */
export const deleteAccountBodySchema = z.strictObject({
  confirm: confirmSchema,
  password: z.string().max(256, 'Password must be at most 256 characters').optional(),
  /** Also delete the linked player and the ratings about it; kept (unlinked) otherwise. */
  deletePlayerProfile: z.boolean().default(false),
});

/** POST /api/admin/users/:id/erase: the same erasure on an admin's word (no password, no recent sign-in). */
export const adminEraseBodySchema = z.strictObject({
  confirm: confirmSchema,
  deletePlayerProfile: z.boolean().default(false),
});

export const userIdParamSchema = z.strictObject({ id: z.uuid({ error: 'Not a user id' }) });

/** What happened to the account's player profile. */
export const ERASED_PLAYER_OUTCOMES = ['none', 'unlinked', 'deleted'] as const;

/** What an erasure took away, counted; the same figures the confirmation e-mail gives. */
export const erasureCountsSchema = z.object({
  /** Ratings the person wrote. */
  ratings: z.number().int(),
  /** Helpfulness votes the person cast. */
  votes: z.number().int(),
  sessions: z.number().int(),
  /** Claims of player profiles (match requests). */
  claims: z.number().int(),
  /** Launch-list sign-ups under the account's e-mail. */
  signups: z.number().int(),
  badges: z.number().int(),
  /** Ratings about the person's player, when the player was deleted too. */
  ratingsAboutPlayer: z.number().int(),
  /** Replies the person wrote under ratings about their player. */
  replies: z.number().int(),
  /** Reports of ratings the person filed. */
  reports: z.number().int(),
  /** Appeals of decisions the person made. */
  appeals: z.number().int(),
  /** Notices to the person. */
  notifications: z.number().int(),
});

export const erasureReplySchema = z.object({
  erased: erasureCountsSchema.extend({ playerProfile: z.enum(ERASED_PLAYER_OUTCOMES) }),
});

// ---- The export (GET /api/auth/user/export, GET /api/admin/users/:id/export) ----

const scores = {
  serveReturn: z.number().int(),
  groundstrokesThirdShot: z.number().int(),
  netPlayVolleysDinks: z.number().int(),
  movementCourtAwareness: z.number().int(),
  mentalPhysicalGame: z.number().int(),
  overallRating: z.number(),
};

const texts = {
  strengthsImprovements: z.string().nullable(),
  serveReturnComments: z.string().nullable(),
  groundstrokesThirdShotComments: z.string().nullable(),
  netPlayVolleysDinksComments: z.string().nullable(),
  movementCourtAwarenessComments: z.string().nullable(),
  mentalPhysicalGameComments: z.string().nullable(),
};

/** The account: never a password hash, a reset or confirmation token, or the Google id. */
export const exportedAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  authProvider: z.enum(AUTH_PROVIDERS),
  hasPassword: z.boolean(),
  emailConfirmed: z.boolean(),
  isAdmin: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const exportedPlayerSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  skillLevel: z.string(),
  yearsPlaying: z.string().nullable(),
  location: z.string(),
  bio: z.string().nullable(),
  visibility: z.enum(PLAYER_VISIBILITIES),
  isVerified: z.boolean(),
  createdAt: z.iso.datetime(),
});

/** Whether others see a written rating: counted, waiting for the release of anonymous ratings, or taken down. */
export const WRITTEN_RATING_STATES = ['counted', 'awaiting_release', 'removed'] as const;

export const exportedWrittenRatingSchema = z.object({
  id: z.number().int(),
  playerId: z.number().int(),
  playerName: z.string(),
  isAnonymous: z.boolean(),
  ...scores,
  ...texts,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  state: z.enum(WRITTEN_RATING_STATES),
  /** An edit of an anonymous rating waiting for the next release, as written. */
  pendingEdit: z.object({ ...scores, ...texts, editedAt: z.iso.datetime() }).nullable(),
  removal: z.object({ rule: z.string(), removedAt: z.iso.datetime() }).nullable(),
  helpfulnessCount: z.number().int(),
  helpfulnessAvg: z.number().nullable(),
});

/**
 * A rating about the person's player, as Ratings About Me shows it. An anonymous one carries no rater field at all
 * and is dated to the start of the week it was released in, never its exact time (docs/product.md#anonymity).
 */
export const exportedReceivedRatingSchema = z.object({
  id: z.number().int(),
  isAnonymous: z.boolean(),
  /** A named rater's display name ("Jordan R."); absent on an anonymous rating. */
  raterName: z.string().optional(),
  ...scores,
  ...texts,
  /** Some text awaits moderation and is left out, as on Ratings About Me. */
  hasHeldText: z.boolean(),
  /** When it was given; for an anonymous rating, the Monday 00:00 UTC of its release's week. */
  date: z.iso.datetime(),
  helpfulnessCount: z.number().int(),
  helpfulnessAvg: z.number().nullable(),
});

export const exportedVoteSchema = z.object({
  ratingId: z.number().int(),
  helpfulnessScore: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const exportedPointsSchema = z.object({
  totalPoints: z.number().int(),
  currentRank: z.string(),
  ratingsSubmitted: z.number().int(),
  detailedCommentsCount: z.number().int(),
  reviewsCount: z.number().int(),
  averageHelpfulness: z.number(),
  lastActivityDate: z.iso.datetime().nullable(),
  badges: z.array(
    z.object({ type: z.string(), name: z.string(), description: z.string(), earnedAt: z.iso.datetime() }),
  ),
});

/** A claim of a player profile; who reviewed it is an admin's identity and is left out. */
export const exportedClaimSchema = z.object({
  id: z.number().int(),
  playerId: z.number().int(),
  playerName: z.string(),
  status: z.string(),
  requestMessage: z.string().nullable(),
  claimantFirstName: z.string(),
  claimantLastName: z.string(),
  claimantEmail: z.string(),
  claimantCity: z.string(),
  claimantState: z.string(),
  claimantZip: z.string(),
  reviewNotes: z.string().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  withdrawnAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});

/** A signed-in browser: never its session id. `lastUsedAt` is within the hour (sessions are touched hourly). */
export const exportedSessionSchema = z.object({
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});

export const exportedSignupSchema = z.object({ email: z.string(), createdAt: z.iso.datetime() });

/**
 * A reply the person wrote under a rating about their player: the rating by its id, player and date, as the ratings
 * received name it (an anonymous one dated to its release week), never by its rater.
 */
export const exportedReplySchema = z.object({
  ratingId: z.number().int(),
  playerId: z.number().int(),
  playerName: z.string(),
  ratingDate: z.iso.datetime(),
  text: z.string(),
  status: z.enum(['shown', 'held', 'hidden']),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/** A report the person filed; its decision by outcome only (who decided, and who else reported, left out). */
export const exportedReportSchema = z.object({
  id: z.number().int(),
  ratingId: z.number().int(),
  reason: z.string(),
  details: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decided: z.boolean(),
  outcome: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
});

/** An appeal the person made; who decided it is left out. */
export const exportedAppealSchema = z.object({
  id: z.number().int(),
  decisionId: z.number().int(),
  role: z.enum(['rater', 'reporter', 'rated-player']),
  text: z.string(),
  createdAt: z.iso.datetime(),
  outcome: z.enum(['upheld', 'reversed']).nullable(),
  statement: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
});

/** A kind of e-mail the person switched off, and when. */
export const exportedEmailOptOutSchema = z.object({ kind: z.string(), createdAt: z.iso.datetime() });

/** A notice under the bell; never the e-mail outbox's state. */
export const exportedNotificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});

/** The whole file, in this order. */
export const accountExportSchema = z.object({
  exportedAt: z.iso.datetime(),
  account: exportedAccountSchema,
  player: exportedPlayerSchema.nullable(),
  points: exportedPointsSchema,
  claims: z.array(exportedClaimSchema),
  sessions: z.array(exportedSessionSchema),
  launchListSignups: z.array(exportedSignupSchema),
  helpfulnessVotes: z.array(exportedVoteSchema),
  replies: z.array(exportedReplySchema),
  reports: z.array(exportedReportSchema),
  appeals: z.array(exportedAppealSchema),
  emailOptOuts: z.array(exportedEmailOptOutSchema),
  ratingsReceived: z.array(exportedReceivedRatingSchema),
  ratingsWritten: z.array(exportedWrittenRatingSchema),
  notifications: z.array(exportedNotificationSchema),
});

export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;
export type AdminEraseBody = z.input<typeof adminEraseBodySchema>;
export type ErasureCounts = z.infer<typeof erasureCountsSchema>;
export type ErasureReply = z.infer<typeof erasureReplySchema>;
export type AccountExport = z.infer<typeof accountExportSchema>;
export type ExportedAccount = z.infer<typeof exportedAccountSchema>;
export type ExportedPlayer = z.infer<typeof exportedPlayerSchema>;
export type ExportedWrittenRating = z.infer<typeof exportedWrittenRatingSchema>;
export type ExportedReceivedRating = z.infer<typeof exportedReceivedRatingSchema>;
export type ExportedPoints = z.infer<typeof exportedPointsSchema>;
