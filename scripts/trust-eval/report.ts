/** The evaluation's markdown: the estimates by ratings count, the checks, and each target met or missed. */
import { reportBursts } from './burst';
import { BUCKETS, FAR, median, newTally, WIDTH_AT, type Totals } from './tally';

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const fix = (x: number, digits = 3): string => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');

/** A target, whether it is met, and the figure it was judged on. */
type Verdict = [string, boolean, string];

export function report(totals: Totals): { text: string; misses: number } {
  const lines: string[] = [];
  const verdicts: Verdict[] = [];
  lines.push(`# Trust model: planted-truth evaluation`);
  lines.push('');
  lines.push(
    `Seeds ${totals.seeds.join(', ')}; first full run ${totals.fitMs.map((ms) => `${Math.round(ms)} ms`).join(', ')}.`,
  );
  lines.push('Estimates after the review (confirmed collusion excluded); the raw mean over the same counted ratings.');
  lines.push('');
  reportEstimates(totals, lines, verdicts);
  reportChecks(totals, lines, verdicts);
  const bursts = reportBursts(totals.burst);
  lines.push(...bursts.lines);
  verdicts.push(...bursts.verdicts);
  lines.push('');
  lines.push('| target | result | figure |');
  lines.push('|---|---|---|');
  for (const [name, pass, figure] of verdicts) lines.push(`| ${name} | ${pass ? 'PASS' : 'MISS'} | ${figure} |`);
  return { text: lines.join('\n'), misses: verdicts.filter(([, pass]) => !pass).length };
}

/** Error, coverage and width by ratings count. */
function reportEstimates(totals: Totals, lines: string[], verdicts: Verdict[]): void {
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
  const far = totals.far;
  const farCoverage = far.covered / far.cells;
  const farName = `${FAR.lo}-${FAR.hi}, truth > ${FAR.distance} from the community`;
  lines.push(
    `| ${farName} | ${far.cells} | ${fix(far.raw / far.cells)} | ${fix(far.model / far.cells)} | ${pct(1 - far.model / far.raw)} | ${pct(farCoverage)} | ${fix(median(far.widths), 2)} | ${fix(far.rawBefore / far.cellsBefore)} / ${fix(far.modelBefore / far.cellsBefore)} / ${pct(far.coveredBefore / far.cellsBefore)} |`,
  );
  verdicts.push([`coverage ${farName}: ≥${FAR.target * 100}%`, farCoverage >= FAR.target, pct(farCoverage)]);
  lines.push('');
  lines.push('| median 90% width at | width | target |');
  lines.push('|---|---|---|');
  for (const at of WIDTH_AT) {
    const width = median(totals.widthAt.get(at.name) ?? []);
    lines.push(`| ${at.name} ratings | ${fix(width, 2)} | ≤ ${at.target} |`);
    verdicts.push([`width at ${at.name}: ≤${at.target}`, width <= at.target, fix(width, 2)]);
  }
}

/** Collusion, helpfulness, reliability, calibration and the worker's agreement with the full run. */
function reportChecks(totals: Totals, lines: string[], verdicts: Verdict[]): void {
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
}
