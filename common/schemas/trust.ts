import { z } from 'zod';
import { optionalText } from './shared';

/**
 * Skill estimates (docs/product.md#how-we-compute-your-numbers): each of the five categories and
 * "would play again" as a mean on the 1-5 scale with a 90% interval, shrunk toward the community and
 * corrected for lenient and severe raters.
 */
export const RELIABILITY_LABELS = ['none', 'low', 'medium', 'high'] as const;
export type ReliabilityLabel = (typeof RELIABILITY_LABELS)[number];

/** Older ratings count less: a rating this old counts half as much as one given today. */
export const RECENCY_HALF_LIFE_MONTHS = 18;
/** Reliability score thresholds (0-100, from the interval's width against the community's spread). */
export const RELIABILITY_MEDIUM_FROM = 40;
export const RELIABILITY_HIGH_FROM = 60;
/** Fewer distinct raters than this: Low, whatever the range says (common/reliability.ts). */
export const RELIABILITY_MIN_RATERS = 3;

export const estimateSchema = z.object({
  mean: z.number(),
  low: z.number(),
  high: z.number(),
  /** Ratings counted in this estimate. */
  n: z.number().int(),
});

export const reliabilitySchema = z.object({
  label: z.enum(RELIABILITY_LABELS),
  score: z.number().int().min(0).max(100),
  ratings: z.number().int(),
  distinctRaters: z.number().int(),
  ratingsLast12Months: z.number().int(),
});

export const skillSchema = z.object({
  categories: z.object({
    serveReturn: estimateSchema,
    groundstrokesThirdShot: estimateSchema,
    netPlayVolleysDinks: estimateSchema,
    movementCourtAwareness: estimateSchema,
    mentalPhysicalGame: estimateSchema,
  }),
  /** "Would play again". */
  overall: estimateSchema,
  communityMean: z.number(),
  reliability: reliabilitySchema,
  computedAt: z.iso.datetime(),
});

/** The overall estimate in a search result or a player card. */
export const overallEstimateSchema = estimateSchema.extend({ reliability: z.enum(RELIABILITY_LABELS) });

export const TRUST_FLAG_TYPES = ['ring', 'boost', 'burst'] as const;
export type TrustFlagType = (typeof TRUST_FLAG_TYPES)[number];
export const TRUST_FLAG_STATUSES = ['pending', 'confirmed', 'dismissed'] as const;
export const TRUST_REVIEW_NOTES_MAX = 2000;

/** Ratings inside a ring, per player: what the group gives against what everyone else gives. */
const ringEvidenceSchema = z.object({
  density: z.number(),
  meanZ: z.number(),
  players: z.array(
    z.object({
      playerId: z.number().int(),
      insideMean: z.number(),
      insideCount: z.number().int(),
      outsideMean: z.number().nullable(),
      outsideCount: z.number().int(),
    }),
  ),
});

/** One near-perfect rating against the player's other ratings. */
const boostEvidenceSchema = z.object({
  z: z.number(),
  ratingMean: z.number(),
  playerOthersMean: z.number(),
  playerOthersCount: z.number().int(),
});

/**
 * Young accounts' ratings of one player within a day, held until a review or until the accounts are 7 days old
 * (docs/product.md#bursts): the burst's mean against the player's other ratings, and how unusual young accounts are.
 */
const burstEvidenceSchema = z.object({
  youngAccounts: z.number().int(),
  burstMean: z.number(),
  othersMean: z.number().nullable(),
  othersCount: z.number().int(),
  /** The share of the site's other accounts younger than 7 days when the burst was held. */
  siteYoungShare: z.number(),
  /** When the last of the burst's accounts is 7 days old: its ratings count then unless confirmed. */
  releasesAt: z.iso.datetime(),
});
export type BurstEvidence = z.infer<typeof burstEvidenceSchema>;

export const trustFlagSchema = z.object({
  id: z.number().int(),
  type: z.enum(TRUST_FLAG_TYPES),
  status: z.enum(TRUST_FLAG_STATUSES),
  score: z.number(),
  createdAt: z.iso.datetime(),
  accounts: z.array(z.object({ userId: z.string().nullable(), email: z.string(), name: z.string().nullable() })),
  players: z.array(z.object({ id: z.number().int(), name: z.string() })),
  ratingIds: z.array(z.number().int()),
  evidence: z.union([ringEvidenceSchema, boostEvidenceSchema, burstEvidenceSchema]),
  reviewedAt: z.iso.datetime().nullable(),
  reviewNotes: z.string().nullable(),
});

export const trustFlagsQuerySchema = z.strictObject({
  status: z.enum(TRUST_FLAG_STATUSES).default('pending'),
});
export const trustFlagsReplySchema = z.object({ flags: z.array(trustFlagSchema) });

export const trustReviewBodySchema = z.strictObject({
  action: z.enum(['confirm', 'dismiss']),
  notes: optionalText(TRUST_REVIEW_NOTES_MAX),
});
export const trustReviewReplySchema = z.object({ flag: trustFlagSchema });

export const raterTrustReplySchema = z.object({
  userId: z.string(),
  leniency: z.number(),
  leniencyLow: z.number(),
  leniencyHigh: z.number(),
  ratingsGiven: z.number().int(),
});

/** A full run: what a finished one counted. */
export const trustRunSummarySchema = z.object({
  computedAt: z.iso.datetime(),
  durationMs: z.number().int(),
  players: z.number().int(),
  ratings: z.number().int(),
});

export const TRUST_RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** POST /api/admin/trust/recompute (202): the queued run, or the one already queued or running. */
export const trustRecomputeReplySchema = z.object({
  runId: z.number().int(),
  state: z.enum(TRUST_RUN_STATES),
});

/** A requested run and how far it got. */
export const trustRunSchema = z.object({
  id: z.number().int(),
  state: z.enum(TRUST_RUN_STATES),
  requestedAt: z.iso.datetime(),
  /** True when an admin asked; false when the schedule did. */
  requestedByAdmin: z.boolean(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  /** The step it is at: loading, fitting, estimates, collusion, writing. */
  phase: z.string().nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** Why a failed run failed, in a sentence. */
  error: z.string().nullable(),
});

/** Whether the full runs keep up: what readiness details and /metrics carry too. */
export const TRUST_RUN_HEALTH = ['ok', 'running', 'failed', 'overdue', 'never'] as const;
export type TrustRunHealth = (typeof TRUST_RUN_HEALTH)[number];

export const trustStatusReplySchema = z.object({
  lastRun: trustRunSummarySchema.nullable(),
  /** The run queued or in progress, else the latest finished one. */
  currentRun: trustRunSchema.nullable(),
  /** failed: the latest run failed; overdue: no full run completed for twice the schedule's period. */
  health: z.enum(TRUST_RUN_HEALTH),
  /** The model's fitted settings, as the full run stored them. */
  hyperParameters: z.record(z.string(), z.unknown()).nullable(),
  /** Share of the last 30 days' new ratings whose stars fell inside the 90% range predicted before them. */
  calibration: z.object({ ratings: z.number().int(), insideShare: z.number().nullable() }),
  pendingFlags: z.number().int(),
});

export type TrustRun = z.infer<typeof trustRunSchema>;
export type TrustRecomputeReply = z.infer<typeof trustRecomputeReplySchema>;

export type Estimate = z.infer<typeof estimateSchema>;
export type Skill = z.infer<typeof skillSchema>;
export type OverallEstimate = z.infer<typeof overallEstimateSchema>;
export type TrustFlag = z.infer<typeof trustFlagSchema>;
export type TrustStatus = z.infer<typeof trustStatusReplySchema>;
