/**
 * Helpfulness per rater. Only the rated player votes on a rating, so a rating has at most one vote and a score
 * must pool all the votes on one rater's ratings. Two corrections:
 * - flattery: people find ratings above their own skill helpful, so each vote first loses a fitted share of
 *   how far its rating sat above the model's estimate of the player;
 * - luck: a rater's score is a lower bound of a normal-normal posterior, so one lucky 5 does not top the board.
 */

export interface HelpfulnessVote {
  raterKey: string;
  /** 1-5. */
  vote: number;
  /** Mean of the rating's six stars. */
  ratingMean: number;
  /** The model's estimate of that player (mean of its six fields). */
  playerEstimateMean: number;
}

export interface HelpfulnessFit {
  /** Vote points per star the rating sat above the estimate. */
  flattery: number;
  /** Population mean and spread of raters' true helpfulness, and a single vote's noise. */
  mean: number;
  betweenVar: number;
  voteVar: number;
}

export interface HelpfulnessOptions {
  /** Reuse a previous fit (e.g. the full run's) instead of fitting on these votes. */
  fitted?: HelpfulnessFit;
  /** How many posterior standard deviations below the mean the score sits (1.645: a 95% lower bound). */
  lowerZ?: number;
}

export function fitHelpfulness(votes: HelpfulnessVote[]): HelpfulnessFit {
  // Flattery slope within raters, so a good rater's votes do not read as flattery or the other way round.
  const byRater = groupVotes(votes);
  let sxy = 0;
  let sxx = 0;
  for (const list of byRater.values()) {
    if (list.length < 2) continue;
    const mx = list.reduce((s, v) => s + v.ratingMean - v.playerEstimateMean, 0) / list.length;
    const my = list.reduce((s, v) => s + v.vote, 0) / list.length;
    for (const v of list) {
      const x = v.ratingMean - v.playerEstimateMean - mx;
      sxx += x * x;
      sxy += x * (v.vote - my);
    }
  }
  const flattery = sxx > 1e-9 ? Math.max(0, sxy / sxx) : 0;
  const adjusted = adjustedByRater(byRater, flattery);
  const all = [...adjusted.values()].flat();
  const mean = all.length > 0 ? all.reduce((s, x) => s + x, 0) / all.length : 3;
  let within = 0;
  let withinDf = 0;
  for (const list of adjusted.values()) {
    const m = list.reduce((s, x) => s + x, 0) / list.length;
    for (const x of list) within += (x - m) ** 2;
    withinDf += list.length - 1;
  }
  const voteVar = withinDf > 0 ? Math.max(0.05, within / withinDf) : 1;
  // Between-rater variance by moments: the spread of rater means less what the vote noise explains.
  let between = 0;
  let expected = 0;
  for (const list of adjusted.values()) {
    const m = list.reduce((s, x) => s + x, 0) / list.length;
    between += (m - mean) ** 2;
    expected += voteVar / list.length;
  }
  const raters = adjusted.size;
  const betweenVar = raters > 1 ? Math.max(0.01, (between - expected) / (raters - 1)) : 0.25;
  return { flattery, mean, betweenVar, voteVar };
}

export function helpfulnessScores(votes: HelpfulnessVote[], options: HelpfulnessOptions = {}): Map<string, number> {
  const fitted = options.fitted ?? fitHelpfulness(votes);
  const lowerZ = options.lowerZ ?? 1.645;
  const scores = new Map<string, number>();
  for (const [rater, list] of adjustedByRater(groupVotes(votes), fitted.flattery)) {
    const prec = 1 / fitted.betweenVar + list.length / fitted.voteVar;
    const mean = (fitted.mean / fitted.betweenVar + list.reduce((s, x) => s + x, 0) / fitted.voteVar) / prec;
    const lower = mean - lowerZ / Math.sqrt(prec);
    scores.set(rater, Math.round(Math.min(5, Math.max(1, lower)) * 100) / 100);
  }
  return scores;
}

function groupVotes(votes: HelpfulnessVote[]): Map<string, HelpfulnessVote[]> {
  const byRater = new Map<string, HelpfulnessVote[]>();
  for (const v of votes) {
    const list = byRater.get(v.raterKey);
    if (list) list.push(v);
    else byRater.set(v.raterKey, [v]);
  }
  return byRater;
}

function adjustedByRater(byRater: Map<string, HelpfulnessVote[]>, flattery: number): Map<string, number[]> {
  const adjusted = new Map<string, number[]>();
  for (const [rater, list] of byRater) {
    adjusted.set(
      rater,
      list.map((v) => v.vote - flattery * (v.ratingMean - v.playerEstimateMean)),
    );
  }
  return adjusted;
}
