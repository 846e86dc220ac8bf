import type { Db } from '../../db/client';
import { round2 } from './model/round2';
import type { StoredSkill } from '../../db/schema/index';
import type { OverallEstimate, Skill, TrustStatus } from '../../../common/schemas/trust';
import { SKILL_LEVELS } from '../../../common/constants';
import { estimatePlayer, priorEstimate } from './model/player-estimate';
import { fitAll } from './model/fit-all';
import { detectCollusion } from './model/detect-collusion';
import { helpfulnessScores } from './model/helpfulness-scores';
import { insidePredicted, predictiveInterval } from './model/predictive-interval';
import type { FullFit, Hyper, Leniency, PlayerEstimate, TrustPlayer, TrustRating } from './model/types';
import {
  calibrationSince,
  clearStaleMarks,
  clearStaleMarksBefore,
  findDismissedSignatures,
  findExcludedRatingIds,
  findLatestRun,
  findRaterTrust,
  findStalePlayers,
  findStoredOveralls,
  findStoredSkills,
  insertRun,
  loadAllRatings,
  loadHelpfulnessVotes,
  loadPlayers,
  loadRatedPlayers,
  loadRatingsOfPlayers,
  storePredictions,
  storeRaterTrust,
  storeSkills,
  type PlayerInput,
  type PredictionWrite,
  type RatingInput,
  type SkillWrite,
} from './trust.repo';
import { countPendingFlags, insertFlags, markPlayersStale } from './trust-flags.repo';

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

/** A self-reported level; a bulk import's default level is not one (docs/product.md#how-we-compute-your-numbers: it does not inform the start). */
export function toTrustPlayer(row: PlayerInput): TrustPlayer {
  const reported = row.importedBy === null && (SKILL_LEVELS as readonly string[]).includes(row.skillLevel);
  return { id: row.id, selfLevel: reported ? Number(row.skillLevel) : null, ownerKey: row.ownerKey };
}

export function counted(ratings: RatingInput[], excluded: ReadonlySet<number>): TrustRating[] {
  return ratings.map((rating) => (excluded.has(rating.id) ? { ...rating, excluded: true } : rating));
}

/** The stored form of an estimate, with the counts a player reads beside it. */
function toStoredSkill(
  estimate: PlayerEstimate,
  ratings: TrustRating[],
  communityMean: number,
  now: number,
): StoredSkill {
  const mine = ratings.filter((rating) => !rating.excluded);
  const { fields } = estimate;
  return {
    categories: {
      serveReturn: fields.serveReturn,
      groundstrokesThirdShot: fields.groundstrokesThirdShot,
      netPlayVolleysDinks: fields.netPlayVolleysDinks,
      movementCourtAwareness: fields.movementCourtAwareness,
      mentalPhysicalGame: fields.mentalPhysicalGame,
    },
    overall: fields.overall,
    communityMean: round2(communityMean),
    reliability: {
      label: estimate.reliability.label,
      score: estimate.reliability.score,
      ratings: mine.length,
      distinctRaters: new Set(mine.map((rating) => rating.raterKey)).size,
      ratingsLast12Months: mine.filter((rating) => now - rating.at <= YEAR_MS).length,
    },
  };
}

function skillWrite(
  playerId: number,
  estimate: PlayerEstimate,
  ratings: TrustRating[],
  communityMean: number,
  now: number,
): SkillWrite {
  const weights: Record<string, number> = {};
  for (const rating of ratings) weights[rating.id] = round2(estimate.weights.get(rating.id) ?? 0);
  return { playerId, skill: toStoredSkill(estimate, ratings, communityMean, now), weights };
}

function groupByPlayer(ratings: TrustRating[]) {
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
type StoredHyper = Hyper & { communityMean?: number };

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

// ---- Full run ----

export type RunSummary = { computedAt: string; durationMs: number; players: number; ratings: number };

/**
 * Refits everything from all ratings: model settings, every rater's leniency and helpfulness score,
 * every rated player's estimate, and the collusion checks (new flags only; a dismissed set is not
 * flagged again). Reads outside any transaction and writes in batches: at full size it runs for tens
 * of seconds, which no transaction or statement timeout should cover.
 */
export async function runFullComputation(db: Db): Promise<RunSummary> {
  const started = performance.now();
  const readAt = new Date();
  const playerRows = await loadRatedPlayers(db);
  const ratingRows = await loadAllRatings(db);
  const excluded = await findExcludedRatingIds(db);
  const dismissed = await findDismissedSignatures(db);
  const previous = (await findLatestRun(db))?.hyper as unknown as StoredHyper | undefined;

  const now = Date.now();
  const trustPlayers = playerRows.map(toTrustPlayer);
  const ratings = counted(ratingRows, excluded);
  const fit = fitAll(trustPlayers, ratings, now, previous);
  const flags = detectCollusion(trustPlayers, ratings, fit, dismissed, now);
  const helpfulness = await raterHelpfulness(db, ratings, fit);

  const computedAt = new Date();
  const byPlayer = groupByPlayer(ratings);
  const playerById = new Map(trustPlayers.map((player) => [player.id, player]));
  const skills: SkillWrite[] = [];
  for (const [playerId, mine] of byPlayer) {
    const player = playerById.get(playerId);
    const estimate =
      fit.estimates.get(playerId) ??
      priorEstimate(fit.hyper, player ?? { id: playerId, selfLevel: null, ownerKey: null });
    skills.push(skillWrite(playerId, estimate, mine, fit.communityMean, now));
  }
  await storeSkills(db, skills, computedAt);
  await storeRaterTrust(db, raterRows(fit.leniency, helpfulness), computedAt);
  const newFlags = await insertFlags(
    db,
    flags.map((flag) => ({ ...flag, evidence: flag.evidence as unknown as Record<string, unknown> })),
  );
  // A new ring's ratings stop counting while it awaits review: the worker recomputes its players.
  await markPlayersStale(db, [
    ...new Set(newFlags.filter((flag) => flag.type === 'ring').flatMap((flag) => flag.playerIds)),
  ]);
  const durationMs = Math.round(performance.now() - started);
  await insertRun(db, {
    computedAt,
    durationMs,
    players: skills.length,
    ratings: ratings.filter((rating) => !rating.excluded).length,
    hyper: { ...fit.hyper, communityMean: fit.communityMean },
  });
  await clearStaleMarksBefore(db, readAt);
  modelByDb.delete(db);
  return { computedAt: computedAt.toISOString(), durationMs, players: skills.length, ratings: ratingRows.length };
}

function raterRows(leniency: Map<string, Leniency>, helpfulness: Map<string, number>) {
  return [...leniency].map(([raterKey, value]) => ({
    raterKey,
    leniency: value.mean,
    leniencySd: value.sd,
    ratingsGiven: value.count,
    helpfulnessScore: helpfulness.get(raterKey) ?? null,
  }));
}

/** Each rater's helpfulness as the rated players voted it, against how flattering each rating was. */
async function raterHelpfulness(db: Db, ratings: TrustRating[], fit: FullFit) {
  const byId = new Map(ratings.map((rating) => [rating.id, rating]));
  const votes = await loadHelpfulnessVotes(db);
  const input = votes.flatMap((vote) => {
    const rating = byId.get(vote.ratingId);
    if (!rating || rating.excluded) return [];
    const estimate = fit.estimates.get(rating.playerId);
    const ratingMean = rating.stars.reduce((sum, star) => sum + star, 0) / rating.stars.length;
    const playerEstimateMean = estimate ? sixFieldMean(estimate) : fit.communityMean;
    return [{ raterKey: rating.raterKey, vote: vote.vote, ratingMean, playerEstimateMean }];
  });
  return helpfulnessScores(input);
}

const sixFieldMean = (estimate: PlayerEstimate) => {
  const means = Object.values(estimate.fields).map((field) => field.mean);
  return means.reduce((sum, mean) => sum + mean, 0) / means.length;
};

// ---- Incremental: marked players, leniency held fixed ----

const STALE_BATCH = 200;

/**
 * Recomputes the estimates of players whose ratings changed since their last estimate, with each
 * rater's leniency as the last full run left it. Before storing, each new rating is checked against the
 * range the previous estimate predicted for it (the calibration the admin status shows).
 */
export async function refreshStaleEstimates(db: Db): Promise<number> {
  const marks = await findStalePlayers(db, STALE_BATCH);
  if (marks.length === 0) return 0;
  const ids = marks.map((mark) => mark.id);
  const model = await currentModel(db);
  const excluded = await findExcludedRatingIds(db);
  const ratings = counted(await loadRatingsOfPlayers(db, ids), excluded);
  const trustPlayers = new Map((await loadPlayers(db, ids)).map((row) => [row.id, toTrustPlayer(row)]));
  const leniency = await leniencyOf(db, ratings);
  const before = await findStoredSkills(db, ids);

  const now = Date.now();
  const byPlayer = groupByPlayer(ratings);
  const skills: SkillWrite[] = [];
  const predictions: PredictionWrite[] = [];
  for (const id of ids) {
    const player = trustPlayers.get(id);
    if (!player) continue;
    const mine = byPlayer.get(id) ?? [];
    const estimate = mine.length
      ? estimatePlayer(model.hyper, (key) => leniency.get(key), player, mine, now)
      : priorEstimate(model.hyper, player);
    skills.push(skillWrite(id, estimate, mine, model.communityMean, now));
    const previous = before.get(id);
    if (previous) predictions.push(...checkPredictions(model.hyper, previous, mine, leniency));
  }
  const computedAt = new Date();
  await storeSkills(db, skills, computedAt);
  await storePredictions(db, predictions);
  await clearStaleMarks(db, marks);
  return skills.length;
}

export async function leniencyOf(db: Db, ratings: TrustRating[]) {
  const keys = [...new Set(ratings.map((rating) => rating.raterKey))];
  const rows = await findRaterTrust(db, keys);
  return new Map(
    rows.map((row) => [row.raterKey, { mean: row.leniency, sd: row.leniencySd, count: row.ratingsGiven }]),
  );
}

/**
 * For each rating the previous estimate did not count, whether the mean of its six stars fell inside the
 * 90% range that estimate predicted for a new rating by this rater (model/predictive-interval.ts).
 */
function checkPredictions(
  hyper: Hyper,
  previous: { skill: StoredSkill; weights: Record<string, number> },
  ratings: TrustRating[],
  leniency: Map<string, Leniency>,
): PredictionWrite[] {
  const { categories, overall, reliability } = previous.skill;
  const estimate: PlayerEstimate = {
    fields: { ...categories, overall },
    weights: new Map(),
    reliability: { label: reliability.label, score: reliability.score },
  };
  return ratings
    .filter((rating) => !(String(rating.id) in previous.weights) && !rating.excluded)
    .map((rating) => {
      const range = predictiveInterval(hyper, estimate, leniency.get(rating.raterKey));
      return {
        ratingId: rating.id,
        inside: insidePredicted(range, rating.stars) ? 1 : 0,
        fields: 1,
        ratedAt: new Date(rating.at),
      };
    });
}

// ---- Admin status ----

const CALIBRATION_DAYS = 30;

export async function getTrustStatus(db: Db): Promise<TrustStatus> {
  const run = await findLatestRun(db);
  const since = new Date(Date.now() - CALIBRATION_DAYS * 24 * 3600 * 1000);
  const calibration = await calibrationSince(db, since);
  return {
    lastRun: run
      ? {
          computedAt: run.computedAt.toISOString(),
          durationMs: run.durationMs,
          players: run.players,
          ratings: run.ratings,
        }
      : null,
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
