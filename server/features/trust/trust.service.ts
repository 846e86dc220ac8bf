import type { Db } from '../../db/client';
import type { StoredSkill } from '../../db/schema/index';
import type { OverallEstimate, Skill, TrustStatus } from '../../../common/schemas/trust';
import { SKILL_LEVELS } from '../../../common/constants';
import { priorEstimate } from './model/player-estimate';
import { fitAll } from './model/fit-all';
import type { Hyper, TrustPlayer, TrustRating } from './model/types';
import { toStoredSkill } from './stored-skill';
import {
  calibrationSince,
  findLatestRun,
  findRaterTrust,
  findStoredOveralls,
  type PlayerInput,
  type RatingInput,
} from './trust.repo';
import { countPendingFlags } from './trust-flags.repo';
import { trustRunHealth } from './trust-run-health.service';

// ---- The model's inputs: players and ratings as the model reads them ----

/** A self-reported level; a bulk import's default level is not one (docs/product.md#how-we-compute-your-numbers: it does not inform the start). */
export function toTrustPlayer(row: PlayerInput): TrustPlayer {
  const reported = row.importedBy === null && (SKILL_LEVELS as readonly string[]).includes(row.skillLevel);
  return { id: row.id, selfLevel: reported ? Number(row.skillLevel) : null, ownerKey: row.ownerKey };
}

export function counted(ratings: RatingInput[], excluded: ReadonlySet<number>): TrustRating[] {
  return ratings.map((rating) => (excluded.has(rating.id) ? { ...rating, excluded: true } : rating));
}

export function groupByPlayer(ratings: TrustRating[]) {
  const byPlayer = new Map<number, TrustRating[]>();
  for (const rating of ratings) {
    const list = byPlayer.get(rating.playerId);
    if (list) list.push(rating);
    else byPlayer.set(rating.playerId, [rating]);
  }
  return byPlayer;
}

// ---- The model in use: the latest full run's settings, read at most every few seconds per instance ----

type Model = { runId: number | null; hyper: Hyper; communityMean: number; runAt: Date | null; prior: StoredSkill };
export type StoredHyper = Hyper & { communityMean?: number };

/** The model of a run, with its unrated player's estimate worked out once. */
function modelOf(runId: number | null, hyper: Hyper, communityMean: number, runAt: Date | null): Model {
  const estimate = priorEstimate(hyper, { id: 0, selfLevel: null, ownerKey: null });
  return { runId, hyper, communityMean, runAt, prior: toStoredSkill(estimate, [], communityMean, Date.now()) };
}

const MODEL_REUSE_MS = 5000;
const modelByDb = new WeakMap<Db, { model: Model; readAt: number }>();

/** Settings before any full run: the model fitted to nothing (the community prior alone). */
let emptyModel: Model | undefined;
function untrainedModel(): Model {
  emptyModel ??= (() => {
    const fit = fitAll([], [], Date.now());
    return modelOf(null, fit.hyper, fit.communityMean, null);
  })();
  return emptyModel;
}

/** After a full run: the next read takes its settings. */
export function forgetModel(db: Db): void {
  modelByDb.delete(db);
}

export async function currentModel(db: Db): Promise<Model> {
  const cached = modelByDb.get(db);
  if (cached && Date.now() - cached.readAt < MODEL_REUSE_MS) return cached.model;
  const run = await findLatestRun(db);
  const stored = run?.hyper as unknown as StoredHyper | undefined;
  let model: Model;
  if (!run || !stored) model = untrainedModel();
  else if (cached?.model.runId === run.id) model = cached.model;
  else model = modelOf(run.id, stored, stored.communityMean ?? untrainedModel().communityMean, run.computedAt);
  modelByDb.set(db, { model, readAt: Date.now() });
  return model;
}

export type StoredSkillRow = { skill: StoredSkill; computedAt: Date } | null;

/** GET /api/players/:id's `skill`: the stored estimate, or the community prior before the first one. */
export async function skillForDisplay(db: Db, stored: StoredSkillRow): Promise<Skill> {
  if (stored) return { ...stored.skill, computedAt: stored.computedAt.toISOString() };
  const model = await currentModel(db);
  return { ...model.prior, computedAt: (model.runAt ?? new Date()).toISOString() };
}

/** Search results' and player cards' overall estimates, in the order of `playerIds`: stored, or the community's. */
export async function overallsForDisplay(db: Db, playerIds: number[]): Promise<OverallEstimate[]> {
  if (playerIds.length === 0) return [];
  const stored = await findStoredOveralls(db, playerIds);
  const { overall, reliability } = (await currentModel(db)).prior;
  const prior: OverallEstimate = { ...overall, reliability: reliability.label };
  return playerIds.map((id) => stored.get(id) ?? prior);
}

/** Each rater's leniency as the last full run left it (the incremental estimates hold it fixed). */
export async function leniencyOf(db: Db, ratings: TrustRating[]) {
  const keys = [...new Set(ratings.map((rating) => rating.raterKey))];
  const rows = await findRaterTrust(db, keys);
  return new Map(
    rows.map((row) => [row.raterKey, { mean: row.leniency, sd: row.leniencySd, count: row.ratingsGiven }]),
  );
}

// ---- Admin status ----

const CALIBRATION_DAYS = 30;

export async function getTrustStatus(db: Db, fullRunMs: number): Promise<TrustStatus> {
  const run = await findLatestRun(db);
  const since = new Date(Date.now() - CALIBRATION_DAYS * 24 * 3600 * 1000);
  const calibration = await calibrationSince(db, since);
  const runs = await trustRunHealth(db, fullRunMs);
  return {
    lastRun: run
      ? {
          computedAt: run.computedAt.toISOString(),
          durationMs: run.durationMs,
          players: run.players,
          ratings: run.ratings,
        }
      : null,
    currentRun: runs.current,
    health: runs.health,
    hyperParameters: run?.hyper ?? null,
    calibration: {
      ratings: calibration.ratings,
      insideShare: calibration.fields ? Math.round((calibration.inside / calibration.fields) * 1000) / 1000 : null,
    },
    pendingFlags: await countPendingFlags(db),
  };
}

export const fullRunNeeded = async (db: Db, maxAgeMs: number) => {
  const run = await findLatestRun(db);
  return !run || Date.now() - run.computedAt.getTime() >= maxAgeMs;
};

/** The spread of leniency across raters: what is known of a rater the last full run did not see. */
export async function currentLeniencyPrior(db: Db) {
  return Math.sqrt((await currentModel(db)).hyper.leniencyVar);
}
