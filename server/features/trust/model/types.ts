/**
 * The shapes the trust model reads and returns. Pure data: the database, the worker and the routes map
 * their rows onto these, so the math never depends on how ratings are stored.
 */

/** The six fields in this order; 'overall' is "would play again". */
export const TRUST_FIELDS = [
  'serveReturn',
  'groundstrokesThirdShot',
  'netPlayVolleysDinks',
  'movementCourtAwareness',
  'mentalPhysicalGame',
  'overall',
] as const;
export type TrustField = (typeof TRUST_FIELDS)[number];

export type Stars6 = readonly [number, number, number, number, number, number];

export interface TrustRating {
  id: number;
  playerId: number;
  raterKey: string;
  /** Whole stars 1-5; a one-decimal 'overall' after an edit is rounded to a whole star by the model. */
  stars: Stars6;
  /** Epoch milliseconds. */
  at: number;
  /** A confirmed flag: the rating counts in nothing. */
  excluded?: boolean;
}

export interface TrustPlayer {
  id: number;
  /** Self-reported level 1.0-5.0; null when missing or bulk-imported (an import default is not a self-report). */
  selfLevel: number | null;
  /** The raterKey of the account linked to this player, for the collusion check. */
  ownerKey: string | null;
}

/**
 * The fitted settings of the model. JSON-serialisable, so a full run can store them and the worker can
 * reuse them between full runs. Matrices are 6x6, row-major, in TRUST_FIELDS order.
 */
export interface Hyper {
  version: 1;
  /** Prior of a player without a self-reported level. */
  meanNoSelf: number[];
  covNoSelf: number[];
  /** Prior of a player with one: mean = intercept + slope × (selfLevel − selfCenter). */
  intercept: number[];
  slope: number[];
  selfCenter: number;
  covWithSelf: number[];
  /** Per-field noise of the latent score before rounding. */
  noiseVar: number;
  /** Variance of the halo shared by the six fields of one rating. */
  haloVar: number;
  /** Variance of rater leniency across raters (zero mean: the average rater is the scale's zero). */
  leniencyVar: number;
  /** Players improve: mean change of skill per year, and the variance of a player's own rate around it. */
  improvementPerYear: number;
  improvementVar: number;
  /** Variance a rounding to whole stars adds (1/12 for a uniform rounding error). */
  roundingVar: number;
  halfLifeMonths: number;
  /** Passes of the ordinal (clipped 1 and 5) refinement per player. */
  ordinalPasses: number;
  fit: { players: number; ratings: number; sampledRatings: number; sweeps: number };
}

export interface Leniency {
  mean: number;
  sd: number;
  count: number;
}

/** 90% interval, two decimals, 1 <= low <= mean <= high <= 5. */
export interface FieldEstimate {
  mean: number;
  low: number;
  high: number;
  n: number;
}

export type ReliabilityLabel = 'none' | 'low' | 'medium' | 'high';

export interface PlayerEstimate {
  fields: Record<TrustField, FieldEstimate>;
  /** Rating id → its share (0-1) in the estimate; the prior takes the rest. */
  weights: Map<number, number>;
  reliability: { label: ReliabilityLabel; score: number };
  /** Share of the prior (the community, or the self-reported level) in the estimate. */
  priorWeight?: number;
  /** Standard deviation of the mean of the six fields: what predictiveInterval needs. */
  sixMeanSd?: number;
}

export interface FullFit {
  hyper: Hyper;
  /** Mean of 'overall' across the community's counted ratings, for display. */
  communityMean: number;
  leniency: Map<string, Leniency>;
  estimates: Map<number, PlayerEstimate>;
}

export interface RingEvidence {
  density: number;
  meanZ: number;
  players: Array<{
    playerId: number;
    insideMean: number;
    insideCount: number;
    outsideMean: number | null;
    outsideCount: number;
  }>;
}

export interface BoostEvidence {
  z: number;
  ratingMean: number;
  playerOthersMean: number;
  playerOthersCount: number;
}

export interface TrustFlagCandidate {
  type: 'ring' | 'boost';
  score: number;
  raterKeys: string[];
  playerIds: number[];
  ratingIds: number[];
  /** Stable for the same set of ratings (type + sorted rating ids): a dismissed signature is not flagged again. */
  signature: string;
  evidence: RingEvidence | BoostEvidence;
}
