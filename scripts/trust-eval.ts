/**
 * Planted-truth evaluation of the trust model (skill estimates, intervals, collusion flags, helpfulness),
 * run through the same functions the full run and the worker use.
 *
 *   npm run trust:eval                 3 seeds (1, 2, 3)
 *   npm run trust:eval -- --seed 7     one seed
 *   npm run trust:eval -- --scale      time the full run at 100k players / 1M ratings
 *
 * The estimates are scored the way the product runs: a full run, the collusion check, an admin review of the
 * flags (true ones confirmed, false ones dismissed), and a second full run without the confirmed ratings.
 * The raw mean is scored on the same counted ratings. Writes a markdown copy to bench/results/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { detectCollusion } from '../server/features/trust/model/detect-collusion';
import { fitAll } from '../server/features/trust/model/fit-all';
import { helpfulnessScores } from '../server/features/trust/model/helpfulness-scores';
import { estimatePlayer } from '../server/features/trust/model/player-estimate';
import { insidePredicted, predictiveInterval } from '../server/features/trust/model/predictive-interval';
import { simulateRatings, type Simulation } from '../server/features/trust/model/simulate-ratings';
import { TRUST_FIELDS, type FullFit, type TrustRating } from '../server/features/trust/model/types';

const N = 6;
const BUCKETS = [
  { name: '1', lo: 1, hi: 1, errorTarget: 30 },
  { name: '2-4', lo: 2, hi: 4, errorTarget: 20 },
  { name: '5-9', lo: 5, hi: 9, errorTarget: 12 },
  { name: '10+', lo: 10, hi: Infinity, errorTarget: 5 },
  { name: 'all', lo: 1, hi: Infinity, errorTarget: 20 },
] as const;
const WIDTH_AT = [
  { name: 'exactly 5', lo: 5, hi: 5, target: 1.1 },
  { name: 'exactly 7', lo: 7, hi: 7, target: 1.0 },
  { name: '11+', lo: 11, hi: Infinity, target: 0.8 },
] as const;

interface Tally {
  raw: number;
  model: number;
  modelBefore: number;
  rawBefore: number;
  covered: number;
  coveredBefore: number;
  cells: number;
  cellsBefore: number;
  widths: number[];
}
const newTally = (): Tally => ({
  raw: 0,
  model: 0,
  modelBefore: 0,
  rawBefore: 0,
  covered: 0,
  coveredBefore: 0,
  cells: 0,
  cellsBefore: 0,
  widths: [],
});

interface Totals {
  buckets: Map<string, Tally>;
  widthAt: Map<string, number[]>;
  ringAccounts: number;
  ringFlagged: number;
  honestAccounts: number;
  honestFlagged: number;
  otherAccounts: number;
  otherFlagged: number;
  boosts: number;
  boostsFlagged: number;
  honestPerfect: number;
  honestPerfectFlagged: number;
  ringFlags: number;
  steadyBoostsFlagged: number;
  steadyHonestFlagged: number;
  boostFlags: number;
  helpfulHits: number;
  helpfulPicks: number;
  reliabilityAt5: number[];
  predicted: number;
  predictedInside: number;
  agreeMax: number;
  fitMs: number[];
  seeds: number[];
}

function args(): { seeds: number[]; scale: boolean; boostZ?: number } {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--seed');
  const seeds = at >= 0 ? [Number(argv[at + 1])] : [1, 2, 3];
  const z = argv.indexOf('--boost-z');
  return { seeds, scale: argv.includes('--scale'), boostZ: z >= 0 ? Number(argv[z + 1]) : undefined };
}
const boostZ = args().boostZ;
const collusionOptions = boostZ === undefined ? {} : { boostMinZ: boostZ };

const median = (xs: number[]): number => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const countsOf = (ratings: TrustRating[]): Map<number, TrustRating[]> => {
  const byPlayer = new Map<number, TrustRating[]>();
  for (const r of ratings) {
    if (r.excluded) continue;
    const list = byPlayer.get(r.playerId);
    if (list) list.push(r);
    else byPlayer.set(r.playerId, [r]);
  }
  return byPlayer;
};

function scoreEstimates(sim: Simulation, fit: FullFit, ratings: TrustRating[], totals: Totals, after: boolean): void {
  const byPlayer = countsOf(ratings);
  for (const player of sim.players) {
    const mine = byPlayer.get(player.id) ?? [];
    const n = mine.length;
    if (n === 0) continue;
    const truth = sim.truth.get(player.id) as Float64Array;
    const estimate = fit.estimates.get(player.id);
    if (!estimate) continue;
    for (const bucket of BUCKETS) {
      if (n < bucket.lo || n > bucket.hi) continue;
      const tally = totals.buckets.get(bucket.name) ?? newTally();
      totals.buckets.set(bucket.name, tally);
      TRUST_FIELDS.forEach((field, f) => {
        const raw = mine.reduce((sum, r) => sum + Math.round(r.stars[f]), 0) / n;
        const e = estimate.fields[field];
        const inside = truth[f] >= e.low && truth[f] <= e.high ? 1 : 0;
        if (after) {
          tally.raw += Math.abs(raw - truth[f]);
          tally.model += Math.abs(e.mean - truth[f]);
          tally.covered += inside;
          tally.cells++;
          tally.widths.push(e.high - e.low);
        } else {
          tally.rawBefore += Math.abs(raw - truth[f]);
          tally.modelBefore += Math.abs(e.mean - truth[f]);
          tally.coveredBefore += inside;
          tally.cellsBefore++;
        }
      });
    }
    if (!after) continue;
    for (const at of WIDTH_AT) {
      if (n < at.lo || n > at.hi) continue;
      const list = totals.widthAt.get(at.name) ?? [];
      for (const field of TRUST_FIELDS) list.push(estimate.fields[field].high - estimate.fields[field].low);
      totals.widthAt.set(at.name, list);
    }
    if (n === 5) totals.reliabilityAt5.push(estimate.reliability.score);
  }
}

function runSeed(seed: number, totals: Totals): void {
  const sim = simulateRatings({ seed });
  const { players, ratings, now } = sim;
  const started = performance.now();
  const first = fitAll(players, ratings, now, undefined, { seed });
  totals.fitMs.push(performance.now() - started);
  const flags = detectCollusion(players, ratings, first, new Set(), now, collusionOptions);

  // Collusion scores.
  const accounts = new Set<string>([
    ...ratings.map((r) => r.raterKey),
    ...players.flatMap((p) => (p.ownerKey ? [p.ownerKey] : [])),
  ]);
  const ringFlagged = new Set(flags.filter((f) => f.type === 'ring').flatMap((f) => f.raterKeys));
  for (const account of accounts) {
    const flagged = ringFlagged.has(account) ? 1 : 0;
    if (sim.ringAccounts.has(account)) {
      totals.ringAccounts++;
      totals.ringFlagged += flagged;
    } else if (sim.honestGroupAccounts.has(account)) {
      totals.honestAccounts++;
      totals.honestFlagged += flagged;
    } else {
      totals.otherAccounts++;
      totals.otherFlagged += flagged;
    }
  }
  const boostFlagged = new Set(flags.filter((f) => f.type === 'boost').flatMap((f) => f.ratingIds));
  totals.ringFlags += flags.filter((f) => f.type === 'ring').length;
  totals.boostFlags += boostFlagged.size;
  for (const r of ratings) {
    const perfect = r.stars.reduce((sum, s) => sum + Math.round(s), 0) >= 28;
    if (sim.boostRatingIds.has(r.id)) {
      totals.boosts++;
      totals.boostsFlagged += boostFlagged.has(r.id) ? 1 : 0;
    } else if (perfect && !sim.ringRatingIds.has(r.id)) {
      totals.honestPerfect++;
      totals.honestPerfectFlagged += boostFlagged.has(r.id) ? 1 : 0;
    }
  }

  // The admin review: flags that caught planted collusion are confirmed, the rest dismissed.
  const planted = (id: number): boolean => sim.ringRatingIds.has(id) || sim.boostRatingIds.has(id);
  const confirmed = new Set<number>();
  for (const flag of flags) {
    const share = flag.ratingIds.filter(planted).length / flag.ratingIds.length;
    if (share >= 0.5) for (const id of flag.ratingIds) confirmed.add(id);
  }
  const reviewed = ratings.map((r) => (confirmed.has(r.id) ? { ...r, excluded: true } : r));
  const fit = fitAll(players, reviewed, now, first.hyper, { seed });
  scoreEstimates(sim, first, ratings, totals, false);
  scoreEstimates(sim, fit, reviewed, totals, true);

  // The next full run: the detector again, with reviewed flags neither confirmed-counted nor raised again.
  const reviewedSignatures = new Set(flags.map((f) => f.signature));
  for (const flag of detectCollusion(players, reviewed, fit, reviewedSignatures, now, collusionOptions)) {
    if (flag.type !== 'boost') continue;
    const id = flag.ratingIds[0];
    if (sim.boostRatingIds.has(id)) totals.steadyBoostsFlagged++;
    else if (!sim.ringRatingIds.has(id)) totals.steadyHonestFlagged++;
  }

  // The worker's incremental estimate must match the full run's.
  const byPlayer = new Map<number, TrustRating[]>();
  for (const r of reviewed) byPlayer.set(r.playerId, [...(byPlayer.get(r.playerId) ?? []), r]);
  for (const player of players.slice(0, 300)) {
    const incremental = estimatePlayer(
      fit.hyper,
      (key) => fit.leniency.get(key),
      player,
      byPlayer.get(player.id) ?? [],
      now,
    );
    const full = fit.estimates.get(player.id);
    if (!full) continue;
    for (const field of TRUST_FIELDS) {
      totals.agreeMax = Math.max(totals.agreeMax, Math.abs(incremental.fields[field].mean - full.fields[field].mean));
    }
  }

  // Calibration without truth: each player's latest rating against the range predicted from the others.
  const latestFirst = [...reviewed].filter((r) => !r.excluded).sort((a, b) => b.at - a.at);
  const seen = new Set<number>();
  for (const r of latestFirst) {
    if (seen.has(r.playerId)) continue;
    seen.add(r.playerId);
    const others = (byPlayer.get(r.playerId) ?? []).filter((o) => o.id !== r.id);
    if (others.length === 0) continue;
    const player = players[r.playerId - 1];
    const before = estimatePlayer(fit.hyper, (key) => fit.leniency.get(key), player, others, r.at);
    totals.predicted++;
    totals.predictedInside += insidePredicted(
      predictiveInterval(fit.hyper, before, fit.leniency.get(r.raterKey)),
      r.stars,
    )
      ? 1
      : 0;
  }

  // Helpfulness: votes by rated players, flattery-biased; hit = one of the top 20 is in the true top 10%.
  const ratingById = new Map(reviewed.map((r) => [r.id, r]));
  const input = sim.votes.map((v) => {
    const rating = ratingById.get(v.ratingId) as TrustRating;
    const estimate = fit.estimates.get(rating.playerId);
    const estimateMean = estimate ? Object.values(estimate.fields).reduce((s, f) => s + f.mean, 0) / N : 3;
    return {
      raterKey: v.raterKey,
      vote: v.vote,
      ratingMean: rating.stars.reduce((s, x) => s + Math.round(x), 0) / N,
      playerEstimateMean: estimateMean,
    };
  });
  const scores = helpfulnessScores(input);
  const voted = [...new Set(sim.votes.map((v) => v.raterKey))];
  const byQuality = voted.sort((a, b) => (sim.raterQuality.get(b) ?? 0) - (sim.raterQuality.get(a) ?? 0));
  const topTenth = new Set(byQuality.slice(0, Math.ceil(byQuality.length / 10)));
  const picks = [...scores.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20);
  totals.helpfulPicks += picks.length;
  totals.helpfulHits += picks.filter(([key]) => topTenth.has(key)).length;
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const fix = (x: number, digits = 3): string => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');

function report(totals: Totals): { text: string; misses: number } {
  const lines: string[] = [];
  const verdicts: Array<[string, boolean, string]> = [];
  lines.push(`# Trust model: planted-truth evaluation`);
  lines.push('');
  lines.push(
    `Seeds ${totals.seeds.join(', ')}; first full run ${totals.fitMs.map((ms) => `${Math.round(ms)} ms`).join(', ')}.`,
  );
  lines.push('Estimates after the review (confirmed collusion excluded); the raw mean over the same counted ratings.');
  lines.push('');
  lines.push(
    '| ratings | player-fields | raw mean error | model error | improvement | 90% coverage | median width | before review: raw / model / coverage |',
  );
  lines.push('|---|---|---|---|---|---|---|---|');
  for (const bucket of BUCKETS) {
    const t = totals.buckets.get(bucket.name) ?? newTally();
    const improvement = 1 - t.model / t.raw;
    const coverage = t.covered / t.cells;
    lines.push(
      `| ${bucket.name} | ${t.cells} | ${fix(t.raw / t.cells)} | ${fix(t.model / t.cells)} | ${pct(improvement)} | ${pct(coverage)} | ${fix(median(t.widths), 2)} | ${fix(t.rawBefore / t.cellsBefore)} / ${fix(t.modelBefore / t.cellsBefore)} / ${pct(t.coveredBefore / t.cellsBefore)} |`,
    );
    verdicts.push([
      `error ${bucket.name}: ≥${bucket.errorTarget}% below raw`,
      improvement >= bucket.errorTarget / 100,
      pct(improvement),
    ]);
    verdicts.push([`coverage ${bucket.name}: 87-93%`, coverage >= 0.87 && coverage <= 0.93, pct(coverage)]);
  }
  lines.push('');
  lines.push('| median 90% width at | width | target |');
  lines.push('|---|---|---|');
  for (const at of WIDTH_AT) {
    const width = median(totals.widthAt.get(at.name) ?? []);
    lines.push(`| ${at.name} ratings | ${fix(width, 2)} | ≤ ${at.target} |`);
    verdicts.push([`width at ${at.name}: ≤${at.target}`, width <= at.target, fix(width, 2)]);
  }
  const ringRecall = totals.ringFlagged / totals.ringAccounts;
  const honestFp = totals.honestFlagged / totals.honestAccounts;
  const otherFp = totals.otherFlagged / totals.otherAccounts;
  const boostRecall = totals.boostsFlagged / totals.boosts;
  const boostFp = totals.honestPerfectFlagged / totals.honestPerfect;
  const helpful = totals.helpfulHits / totals.helpfulPicks;
  const reliability = median(totals.reliabilityAt5);
  lines.push('');
  lines.push('| check | figure |');
  lines.push('|---|---|');
  lines.push(
    `| ring accounts flagged | ${totals.ringFlagged}/${totals.ringAccounts} = ${pct(ringRecall)} (${totals.ringFlags} ring flags) |`,
  );
  lines.push(`| honest-group accounts flagged | ${totals.honestFlagged}/${totals.honestAccounts} = ${pct(honestFp)} |`);
  lines.push(`| other accounts flagged | ${totals.otherFlagged}/${totals.otherAccounts} = ${pct(otherFp)} |`);
  lines.push(
    `| boosts flagged | ${totals.boostsFlagged}/${totals.boosts} = ${pct(boostRecall)} (${totals.boostFlags} boost flags) |`,
  );
  lines.push(
    `| honest near-perfect ratings flagged as boosts | ${totals.honestPerfectFlagged}/${totals.honestPerfect} = ${pct(boostFp)} |`,
  );
  lines.push(
    `| next full run (after the review): new boost flags | ${totals.steadyBoostsFlagged} planted boosts missed before, ${totals.steadyHonestFlagged} honest near-perfect ratings (${pct(totals.steadyHonestFlagged / totals.honestPerfect)}) |`,
  );
  lines.push(`| helpfulness top-20 in true top 10% | ${totals.helpfulHits}/${totals.helpfulPicks} = ${pct(helpful)} |`);
  lines.push(`| reliability score, median at exactly 5 ratings | ${reliability} |`);
  lines.push(
    `| calibration: latest rating inside its predicted 90% range | ${totals.predictedInside}/${totals.predicted} = ${pct(totals.predictedInside / totals.predicted)} |`,
  );
  lines.push(`| worker vs full run, largest difference of a field mean | ${fix(totals.agreeMax, 4)} |`);
  verdicts.push(['ring accounts flagged ≥95%', ringRecall >= 0.95, pct(ringRecall)]);
  verdicts.push(['honest-group accounts flagged ≤2%', honestFp <= 0.02, pct(honestFp)]);
  verdicts.push(['other accounts flagged ≤0.1%', otherFp <= 0.001, pct(otherFp)]);
  verdicts.push(['boosts flagged ≥85%', boostRecall >= 0.85, pct(boostRecall)]);
  verdicts.push(['honest near-perfect flagged ≤2%', boostFp <= 0.02, pct(boostFp)]);
  verdicts.push(['helpfulness top-20 hit rate ≥60%', helpful >= 0.6, pct(helpful)]);
  verdicts.push(['reliability ≈60 at 5 ratings (50-70)', reliability >= 50 && reliability <= 70, String(reliability)]);
  lines.push('');
  lines.push('| target | result | figure |');
  lines.push('|---|---|---|');
  for (const [name, pass, figure] of verdicts) lines.push(`| ${name} | ${pass ? 'PASS' : 'MISS'} | ${figure} |`);
  return { text: lines.join('\n'), misses: verdicts.filter(([, pass]) => !pass).length };
}

function runScale(): void {
  const cpu = (): number => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  const started = performance.now();
  const sim = simulateRatings({
    seed: 99,
    players: 100_000,
    accounts: 70_000,
    rings: 1_250,
    honestGroups: 1_500,
    boosts: 7_500,
    ratingsPerPlayer: 10.2,
  });
  const simMs = performance.now() - started;
  const c0 = cpu();
  const t0 = performance.now();
  const fit = fitAll(sim.players, sim.ratings, sim.now);
  const fitMs = performance.now() - t0;
  const fitCpu = cpu() - c0;
  const c1 = cpu();
  const t1 = performance.now();
  const warm = fitAll(sim.players, sim.ratings, sim.now, fit.hyper);
  const warmMs = performance.now() - t1;
  const warmCpu = cpu() - c1;
  const c2 = cpu();
  const t2 = performance.now();
  const flags = detectCollusion(sim.players, sim.ratings, warm, new Set(), sim.now);
  const detectMs = performance.now() - t2;
  const detectCpu = cpu() - c2;
  const byPlayer = countsOf(sim.ratings);
  const sample = sim.players.slice(0, 2000);
  const t3 = performance.now();
  for (const p of sample)
    estimatePlayer(warm.hyper, (key) => warm.leniency.get(key), p, byPlayer.get(p.id) ?? [], sim.now);
  const perPlayerUs = ((performance.now() - t3) * 1000) / sample.length;
  const text = [
    '# Trust model at scale',
    '',
    `${sim.players.length} players, ${sim.ratings.length} ratings (simulated in ${Math.round(simMs)} ms).`,
    '',
    `Machine load average at the end: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')} (2 cores shared): the CPU time is the steadier figure.`,
    '',
    '| step | wall | CPU |',
    '|---|---|---|',
    `| fitAll, cold | ${(fitMs / 1000).toFixed(1)} s | ${(fitCpu / 1000).toFixed(1)} s |`,
    `| fitAll, warm (previous hyper-parameters) | ${(warmMs / 1000).toFixed(1)} s | ${(warmCpu / 1000).toFixed(1)} s |`,
    `| detectCollusion (${flags.length} flags) | ${(detectMs / 1000).toFixed(1)} s | ${(detectCpu / 1000).toFixed(1)} s |`,
    `| estimatePlayer, mean per player (${(sim.ratings.length / sim.players.length).toFixed(1)} ratings each) | ${perPlayerUs.toFixed(0)} µs | |`,
  ].join('\n');
  console.log(text);
  save('trust-eval-scale', text);
}

function save(prefix: string, text: string): void {
  mkdirSync('bench/results', { recursive: true });
  const stamp = new Date().toISOString().replace(/:/g, '-').replace(/\..*/, '');
  const path = `bench/results/${prefix}-${stamp}.md`;
  writeFileSync(path, `${text}\n`);
  console.log(`\nwritten to ${path}`);
}

function main(): void {
  const { seeds, scale } = args();
  if (scale) {
    runScale();
    return;
  }
  const totals: Totals = {
    buckets: new Map(),
    widthAt: new Map(),
    ringAccounts: 0,
    ringFlagged: 0,
    honestAccounts: 0,
    honestFlagged: 0,
    otherAccounts: 0,
    otherFlagged: 0,
    boosts: 0,
    boostsFlagged: 0,
    honestPerfect: 0,
    honestPerfectFlagged: 0,
    ringFlags: 0,
    steadyBoostsFlagged: 0,
    steadyHonestFlagged: 0,
    boostFlags: 0,
    helpfulHits: 0,
    helpfulPicks: 0,
    reliabilityAt5: [],
    predicted: 0,
    predictedInside: 0,
    agreeMax: 0,
    fitMs: [],
    seeds,
  };
  for (const seed of seeds) {
    const started = performance.now();
    runSeed(seed, totals);
    console.log(`seed ${seed}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const { text, misses } = report(totals);
  console.log(`\n${text}`);
  save('trust-eval', text);
  console.log(misses === 0 ? 'all targets met' : `${misses} target(s) missed`);
}

main();
