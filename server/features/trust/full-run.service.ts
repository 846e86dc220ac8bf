import type { Db } from '../../db/client';
import { detectCollusion } from './model/detect-collusion';
import { fitAll } from './model/fit-all';
import { helpfulnessScores } from './model/helpfulness-scores';
import { priorEstimate } from './model/player-estimate';
import type { FullFit, Leniency, PlayerEstimate, TrustRating } from './model/types';
import { skillWrite } from './stored-skill';
import {
  clearStaleMarksBefore,
  findDismissedSignatures,
  findExcludedRatingIds,
  findLatestRun,
  insertRun,
  loadAllRatings,
  loadHelpfulnessVotes,
  loadRatedPlayers,
  storeRaterTrust,
  storeSkills,
  type SkillWrite,
} from './trust.repo';
import { insertFlags, markPlayersStale } from './trust-flags.repo';
import { counted, forgetModel, groupByPlayer, toTrustPlayer, type StoredHyper } from './trust.service';

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
  forgetModel(db);
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
