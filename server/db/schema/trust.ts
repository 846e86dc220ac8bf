import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Skill, TrustFlagType } from '../../../common/schemas/trust';
import { players } from './players';
import { ratings } from './ratings';
import { users } from './users';

/** A player's estimate as the worker stored it; computedAt lives in its own column. */
export type StoredSkill = Omit<Skill, 'computedAt'>;

/**
 * Each rated player's skill estimate, written by the trust worker off the request path, read by the
 * player detail and search (one primary-key probe each). `weights` maps a rating id to its share in
 * the estimate, for Ratings About Me.
 */
export const playerSkill = pgTable('player_skill', {
  playerId: integer('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  skill: jsonb('skill').$type<StoredSkill>().notNull(),
  weights: jsonb('weights').$type<Record<string, number>>().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

/**
 * Players whose ratings changed since their stored estimate, marked by the statements that change them: the trust
 * worker reads the oldest marks first (player_skill_marks_marked_at_idx) and deletes each one it covered. A table
 * of its own rather than a column of players: indexed there, every rating's update of its player would write every
 * index of players (migration 0010); unindexed, the worker's look for marks every two seconds on each instance read
 * every player (57 ms at 100k players, migration 0016).
 */
export const playerSkillMarks = pgTable(
  'player_skill_marks',
  {
    playerId: integer('player_id')
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('player_skill_marks_marked_at_idx').on(t.markedAt, t.playerId)],
);

/** Each rater's leniency (stars above the average rater) from the last full run; keyed by lower(rater e-mail). */
export const raterTrust = pgTable('rater_trust', {
  raterKey: text('rater_key').primaryKey(),
  leniency: doublePrecision('leniency').notNull(),
  leniencySd: doublePrecision('leniency_sd').notNull(),
  ratingsGiven: integer('ratings_given').notNull(),
  /** Lower bound of the helpfulness the rated players found, adjusted for flattery; null without votes. */
  helpfulnessScore: doublePrecision('helpfulness_score'),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

export type TrustEvidence = Record<string, unknown>;

/** Collusion found by the detector, awaiting or after an admin's review. Confirmed ratings count in no estimate. */
export const trustFlags = pgTable(
  'trust_flags',
  {
    id: serial('id').primaryKey(),
    type: text('type').$type<TrustFlagType>().notNull(),
    status: text('status').$type<'pending' | 'confirmed' | 'dismissed'>().notNull().default('pending'),
    score: doublePrecision('score').notNull(),
    /** The flag's type and its sorted rating ids: a dismissed set is not flagged again. */
    signature: text('signature').notNull(),
    raterKeys: text('rater_keys').array().notNull(),
    playerIds: integer('player_ids').array().notNull(),
    ratingIds: integer('rating_ids').array().notNull(),
    evidence: jsonb('evidence').$type<TrustEvidence>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    reviewNotes: text('review_notes'),
  },
  (t) => [
    uniqueIndex('trust_flags_signature_key').on(t.signature),
    index('trust_flags_status_created_idx').on(t.status, t.createdAt.desc()),
    check('trust_flags_type_check', sql`${t.type} in ('ring', 'boost', 'burst')`),
    check('trust_flags_status_check', sql`${t.status} in ('pending', 'confirmed', 'dismissed')`),
  ],
);

/** Each full run: when, how long, how much, and the model settings it fitted (the worker reads the latest). */
export const trustRuns = pgTable(
  'trust_runs',
  {
    id: serial('id').primaryKey(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    players: integer('players').notNull(),
    ratings: integer('ratings').notNull(),
    hyper: jsonb('hyper').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('trust_runs_computed_at_idx').on(t.computedAt.desc())],
);

/**
 * Leases of the trust jobs: one instance at a time runs each, without holding a connection or a
 * transaction for the run's length (a full run can take a minute).
 */
export const trustJobs = pgTable('trust_jobs', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
});

/**
 * Full runs asked for (by an admin or the schedule) and their progress: what GET /api/admin/trust/status,
 * /metrics and readiness read, whichever instance runs the job. At most one is queued or running at a time.
 */
export const trustRunRequests = pgTable(
  'trust_run_requests',
  {
    id: serial('id').primaryKey(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** Whether an admin asked (else the schedule did), and which signed-in admin (null for an admin token). */
    requestedByAdmin: boolean('requested_by_admin').notNull().default(false),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Moved by the running job at every step: a running request whose heartbeat stops was abandoned. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    holder: text('holder'),
    phase: text('phase'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    players: integer('players'),
    ratings: integer('ratings'),
    durationMs: integer('duration_ms'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('trust_run_requests_one_open_idx')
      .on(sql`(true)`)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('trust_run_requests_requested_at_idx').on(t.requestedAt.desc()),
    check('trust_run_requests_progress_check', sql`${t.progressDone} >= 0 and ${t.progressTotal} >= 0`),
    check('trust_run_requests_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/**
 * Calibration without a truth: whether a new rating's stars fell inside the range the estimate stored
 * before it predicted.
 */
export const trustPredictions = pgTable(
  'trust_predictions',
  {
    ratingId: integer('rating_id')
      .primaryKey()
      .references(() => ratings.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    inside: integer('inside').notNull(),
    fields: integer('fields').notNull(),
    ratedAt: timestamp('rated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('trust_predictions_rated_at_idx').on(t.ratedAt)],
);
