/*
 * Every table has one owning feature (docs/decisions/028-table-owners.md): the one folder under server/features/
 * whose code writes it. This module is the owner map; docs/architecture.md#table-owners mirrors it, and
 * table-owners.test.ts checks every SQL snapshot, every Drizzle write and every trigger against it.
 *
 * Not features, so not in the map: the seed (server/db/seed/: the declared bulk loader, which loads, truncates and
 * removes the demo world and may write any table), tests and their fixtures (*.test.ts, *-fixtures.ts, server/test/),
 * and the migrations' one-time data steps. Their trigger functions are in the map: a trigger runs on every write.
 */

export type WriteOperation = 'insert' | 'update' | 'delete';

/** A feature folder, or only those of its files whose names start with `module` (e.g. 'rating-effects.'). */
export type Writer = { feature: string; module?: string };

/** Columns of a table that one writer updates, not the table's owner. */
export type ColumnGroup = Writer & { columns: readonly string[]; why: string };

/** What a writer other than the owner may do to a table: operations, and for an update only these columns. */
export type Grant = Writer & { operations: readonly WriteOperation[]; columns?: readonly string[]; why: string };

export type TableOwner = Writer & {
  /** The owner inserts and deletes rows (their columns at their defaults); only the group's writer updates them. */
  columnOwners?: readonly ColumnGroup[];
  /** Writes by other features that are part of the design (a queue others append to, a ledger of steps). */
  grants?: readonly Grant[];
};

/** The derived figures of ratings and votes: written only by the module that can also take them back (decision 029). */
const RATING_EFFECTS = { feature: 'ratings', module: 'rating-effects.' } as const;

const PLAYER_AGGREGATES = [
  'rating_count',
  'overall_sum',
  'serve_return_sum',
  'groundstrokes_third_shot_sum',
  'net_play_volleys_dinks_sum',
  'movement_court_awareness_sum',
  'mental_physical_game_sum',
  'stars_1',
  'stars_2',
  'stars_3',
  'stars_4',
  'stars_5',
];

export const TABLE_OWNERS: Readonly<Record<string, TableOwner>> = {
  users: { feature: 'auth' },
  sessions: { feature: 'auth' },
  admin_tokens: { feature: 'auth' },
  data_requests: { feature: 'account' },
  rating_replies: { feature: 'replies' },
  rating_reports: { feature: 'reports' },
  moderation_decisions: { feature: 'reports' },
  appeals: { feature: 'reports' },
  notifications: { feature: 'notifications' },
  email_opt_outs: { feature: 'notifications' },
  players: {
    feature: 'players',
    columnOwners: [
      {
        ...RATING_EFFECTS,
        columns: PLAYER_AGGREGATES,
        why: "a counted rating's effect on its player (count, sums, star buckets), applied and taken back as one",
      },
      {
        feature: 'verification',
        columns: ['is_verified', 'verification_token', 'verification_expires', 'verification_attempts'],
        why: 'the verification code, its tries and the verified mark are the verification flow',
      },
    ],
  },
  player_points: { feature: 'players' },
  player_merges: { feature: 'players' },
  ratings: { feature: 'ratings' },
  rating_removals: { feature: 'ratings' },
  rater_stats: RATING_EFFECTS,
  rater_daily_stats: RATING_EFFECTS,
  achievements: RATING_EFFECTS,
  rating_helpfulness: { feature: 'helpfulness' },
  flagged_comments: { feature: 'moderation' },
  player_match_requests: { feature: 'claims' },
  email_signups: { feature: 'signups' },
  anonymity_releases: { feature: 'anonymity' },
  leaderboard_boards: { feature: 'leaderboard' },
  leaderboard_standings: { feature: 'leaderboard' },
  leaderboard_marks: { feature: 'leaderboard' },
  player_skill: { feature: 'trust' },
  player_skill_marks: {
    feature: 'trust',
    grants: [
      {
        ...RATING_EFFECTS,
        operations: ['insert'],
        why: 'a counted rating marks its player for the worker, which takes the marks it covered',
      },
    ],
  },
  rater_trust: { feature: 'trust' },
  trust_flags: { feature: 'trust' },
  trust_runs: { feature: 'trust' },
  trust_jobs: { feature: 'trust' },
  trust_run_requests: { feature: 'trust' },
  trust_predictions: { feature: 'trust' },
  player_estimate_history: { feature: 'trust' },
  data_backfills: {
    feature: 'players',
    grants: [
      {
        feature: 'trust',
        operations: ['insert'],
        why: "a ledger of one-off steps: trust records its own step ('estimate-history') when done",
      },
    ],
  },
  demo_world: { feature: 'demo-world' },
  integrity_checks: { feature: 'integrity' },
};

/** What a reviewed exception writes in one table: operations, and for an update only these columns. */
export type ExceptionWrite = { operations: readonly WriteOperation[]; columns?: readonly string[] };

/** A writer's reviewed writes of other features' tables, with why moving them is not small. */
export type WriteException = Writer & { why: string; writes: Readonly<Record<string, ExceptionWrite>> };

/** Keep them few: each is a write to move into its owner's repo, called through its *.service.ts, when it can be. */
export const WRITE_EXCEPTIONS: readonly WriteException[] = [
  {
    feature: 'verification',
    why: 'verifying links the verified account in the same one-row update that spends the code',
    writes: { players: { operations: ['update'], columns: ['user_id'] } },
  },
  {
    feature: 'players',
    module: 'player-merge.',
    why: "a merge moves the merged player's ratings and claims and reads the ratings back as moved, between its take-downs and their effects",
    writes: {
      ratings: { operations: ['update'], columns: ['player_id'] },
      player_match_requests: { operations: ['update'], columns: ['player_id'] },
    },
  },
  {
    feature: 'helpfulness',
    module: 'vote-erasure.',
    why: "one statement deletes a person's votes and takes each out of its rating's totals, answering what the rater's figures lose",
    writes: { ratings: { operations: ['update'], columns: ['helpfulness_sum', 'helpfulness_count'] } },
  },
  {
    feature: 'account',
    module: 'account-erasure.',
    why: "an erasure removes a person from every table that names them, on one transaction (docs/product.md#your-data): seven features' rows",
    writes: {
      users: { operations: ['delete'] },
      sessions: { operations: ['delete'] },
      admin_tokens: { operations: ['delete'] },
      players: { operations: ['update', 'delete'], columns: ['user_id', 'imported_by'] },
      player_match_requests: { operations: ['update', 'delete'], columns: ['reviewed_by_label'] },
      email_signups: { operations: ['delete'] },
      rater_trust: { operations: ['delete'] },
      trust_flags: { operations: ['update'], columns: ['rater_keys', 'reviewed_by'] },
      rating_removals: { operations: ['update'], columns: ['acted_by_label'] },
      flagged_comments: { operations: ['update'], columns: ['resolved_by_label'] },
      anonymity_releases: { operations: ['update'], columns: ['ran_by'] },
    },
  },
];

/** The trigger functions the migrations define, and the feature each one writes for. */
export const TRIGGER_OWNERS: Readonly<Record<string, Writer & { why: string }>> = {
  player_points_keep: { feature: 'players', why: 'keeps the points of players for search near a place (decision 017)' },
  leaderboard_mark_raters: { feature: 'leaderboard', why: 'marks the raters whose totals changed (decision 026)' },
  leaderboard_mark_everyone: { feature: 'leaderboard', why: 'a truncate marks every rater (decision 026)' },
};
