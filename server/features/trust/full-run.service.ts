import { RECENCY_HALF_LIFE_MONTHS } from '../../../common/schemas/trust';
import type { Db } from '../../db/client';
import { detectCollusionPacked } from './model/detect-collusion';
import { estimateRange, fitPacked, leniencyMap, type PackedFit } from './model/fit-all';
import { helpfulnessScores } from './model/helpfulness-scores';
import { RatingPacker, type PackedRatings } from './model/packed-ratings';
import type { FieldEstimate, Leniency, PlayerEstimate } from './model/types';
import { storeCurrentQuarter } from './estimate-history.service';
import { skillWrite } from './stored-skill';
import {
  clearStaleMarksBefore,
  estimatedRatingCount,
  findDismissedSignatures,
  findExcludedRatingIds,
  findLatestRun,
  insertRun,
  loadHelpfulnessVotes,
  loadRatedPlayerPage,
  loadRatingPage,
  storeRaterTrust,
  storeSkills,
  type SkillWrite,
} from './trust.repo';
import { insertFlags, markPlayersStale } from './trust-flags.repo';
import { forgetModel, toTrustPlayer, type StoredHyper } from './trust.service';
import type { RunProgress } from './trust-runs.repo';

export type RunSummary = { computedAt: string; durationMs: number; players: number; ratings: number };

export type FullRunOptions = {
  /** Called between steps (each page read, each leniency pass, each batch written): progress, lease, tests. */
  step?: (progress: RunProgress) => Promise<void>;
};

/** Rows per read: a short primary-key range each, whatever the site's size. */
const READ_PAGE = 20_000;
/** Players per batch of estimates computed and written. */
const WRITE_CHUNK = 2_000;

/**
 * Refits everything from all ratings: model settings, every rater's leniency and helpfulness score, every rated
 * player's estimate, and the collusion checks (new flags only; a dismissed set is not flagged again). Reads in
 * primary-key pages into typed arrays and writes in batches, outside any transaction: at a million players it
 * runs for minutes, which no transaction or statement timeout should cover (docs/decisions/025).
 */
export async function runFullComputation(db: Db, options: FullRunOptions = {}): Promise<RunSummary> {
  const step = options.step ?? (async () => undefined);
  const started = performance.now();
  const readAt = new Date();
  const now = Date.now();
  const { packed, excludedByPlayer } = await loadPacked(db, now, step);
  const dismissed = await findDismissedSignatures(db);
  const previous = (await findLatestRun(db))?.hyper as unknown as StoredHyper | undefined;

  const fitted = await fitPacked(packed, previous, (progress) => step(progress));
  const computedAt = new Date();
  const { written, ...sixMeans } = await storeEstimates(
    db,
    { packed, fitted, excludedByPlayer, now, computedAt },
    step,
  );
  const leniency = leniencyMap(packed, fitted);

  await step({ phase: 'collusion', done: 0, total: 1 });
  const raterSd = Float64Array.from(fitted.raterVar, Math.sqrt);
  const flags = detectCollusionPacked(
    packed,
    { hyper: fitted.hyper, ...sixMeans, raterMean: fitted.raterMean, raterSd },
    dismissed,
    now,
  );
  const helpfulness = await raterHelpfulness(db, packed, sixMeans.estimateMean);
  await step({ phase: 'raters', done: 0, total: leniency.size });
  await storeRaterTrust(db, raterRows(leniency, helpfulness), computedAt);
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
    players: written,
    ratings: packed.ratingCount,
    hyper: { ...fitted.hyper, communityMean: fitted.communityMean },
  });
  await clearStaleMarksBefore(db, readAt);
  forgetModel(db);
  return {
    computedAt: computedAt.toISOString(),
    durationMs,
    players: written,
    ratings: packed.ratingCount + [...excludedByPlayer.values()].reduce((sum, list) => sum + list.length, 0),
  };
}

/** Players, then counted ratings (confirmed flags' and a pending ring's left out), page by page into arrays. */
/** A rating that counts in nothing (a confirmed flag's): stored with weight 0 beside its player's estimate. */
type ExcludedRating = { id: number; raterKey: string; at: number; excluded: true };

async function loadPacked(
  db: Db,
  now: number,
  step: NonNullable<FullRunOptions['step']>,
): Promise<{ packed: PackedRatings; excludedByPlayer: Map<number, ExcludedRating[]> }> {
  const packer = new RatingPacker();
  for (let after = 0, page = 0; ; page++) {
    const rows = await loadRatedPlayerPage(db, after, READ_PAGE);
    for (const row of rows) packer.addPlayer(toTrustPlayer(row));
    await step({ phase: 'reading players', done: page + 1, total: 0 });
    if (rows.length < READ_PAGE) break;
    after = rows[rows.length - 1].id;
  }
  // A little over the planner's count: one allocation of each column in the common case.
  packer.expectRatings(Math.ceil((await estimatedRatingCount(db)) * 1.02));
  const excluded = await findExcludedRatingIds(db);
  const excludedByPlayer = new Map<number, ExcludedRating[]>();
  const stars = [0, 0, 0, 0, 0, 0];
  for (let after = 0; ;) {
    const rows = await loadRatingPage(db, after, READ_PAGE);
    for (const row of rows) {
      if (excluded.has(row.id)) {
        const list = excludedByPlayer.get(row.playerId) ?? [];
        list.push({ id: row.id, raterKey: row.raterKey, at: Number(row.at), excluded: true });
        excludedByPlayer.set(row.playerId, list);
        continue;
      }
      stars[0] = row.s1;
      stars[1] = row.s2;
      stars[2] = row.s3;
      stars[3] = row.s4;
      stars[4] = row.s5;
      stars[5] = Number(row.s6);
      packer.addRating(row.id, row.playerId, row.raterKey, stars, Number(row.at));
    }
    await step({ phase: 'reading ratings', done: packer.ratingCount, total: 0 });
    if (rows.length < READ_PAGE) break;
    after = rows[rows.length - 1].id;
  }
  return { packed: packer.pack(now, RECENCY_HALF_LIFE_MONTHS), excludedByPlayer };
}

/**
 * Every rated player's estimate, computed and written a batch at a time (never all held at once); returns the two
 * figures per player the collusion checks read, and how many estimates it wrote.
 */
async function storeEstimates(
  db: Db,
  run: {
    packed: PackedRatings;
    fitted: PackedFit;
    excludedByPlayer: Map<number, ExcludedRating[]>;
    now: number;
    computedAt: Date;
  },
  step: NonNullable<FullRunOptions['step']>,
): Promise<{ estimateMean: Float64Array; sixMeanSd: Float64Array; written: number }> {
  const { packed, fitted, excludedByPlayer, now, computedAt } = run;
  const estimateMean = new Float64Array(packed.playerCount);
  const sixMeanSd = new Float64Array(packed.playerCount);
  let written = 0;
  for (let from = 0; from < packed.playerCount; from += WRITE_CHUNK) {
    await step({ phase: 'estimates', done: from, total: packed.playerCount });
    const to = Math.min(packed.playerCount, from + WRITE_CHUNK);
    const skills: SkillWrite[] = [];
    const points: { playerId: number; overall: FieldEstimate }[] = [];
    estimateRange(fitted, packed, from, to, (p, estimate) => {
      estimateMean[p] = sixFieldMean(estimate);
      sixMeanSd[p] = estimate.sixMeanSd ?? 0;
      const playerId = packed.playerIds[p];
      const excluded = excludedByPlayer.get(playerId) ?? [];
      // A player nobody rated keeps no stored estimate: the page shows the community's prior.
      if (packed.playerStart[p + 1] === packed.playerStart[p] && excluded.length === 0) return;
      const mine: { id: number; raterKey: string; at: number; excluded?: boolean }[] = [...excluded];
      for (let r = packed.playerStart[p]; r < packed.playerStart[p + 1]; r++) {
        mine.push({ id: packed.ratingIds[r], raterKey: packed.raterKeys[packed.raterOf[r]], at: packed.at[r] });
      }
      for (const rating of excluded) estimate.weights.set(rating.id, 0);
      skills.push(skillWrite(playerId, estimate, mine, fitted.communityMean, now));
      if (packed.playerStart[p + 1] > packed.playerStart[p])
        points.push({ playerId, overall: estimate.fields.overall });
    });
    await storeSkills(db, skills, computedAt);
    await storeCurrentQuarter(db, points, now);
    written += skills.length;
  }
  return { estimateMean, sixMeanSd, written };
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
async function raterHelpfulness(db: Db, packed: PackedRatings, estimateMean: Float64Array) {
  const votes = await loadHelpfulnessVotes(db);
  const voted = new Set(votes.map((vote) => vote.ratingId));
  const indexOf = new Map<number, number>();
  for (let r = 0; r < packed.ratingCount; r++) if (voted.has(packed.ratingIds[r])) indexOf.set(packed.ratingIds[r], r);
  const input = votes.flatMap((vote) => {
    const r = indexOf.get(vote.ratingId);
    if (r === undefined) return [];
    let sum = 0;
    for (let f = 0; f < 6; f++) sum += packed.stars[r * 6 + f];
    return [
      {
        raterKey: packed.raterKeys[packed.raterOf[r]],
        vote: vote.vote,
        ratingMean: sum / 6,
        playerEstimateMean: estimateMean[packed.playerOf[r]],
      },
    ];
  });
  return helpfulnessScores(input);
}

const sixFieldMean = (estimate: PlayerEstimate) => {
  const means = Object.values(estimate.fields).map((field) => field.mean);
  return means.reduce((sum, mean) => sum + mean, 0) / means.length;
};
