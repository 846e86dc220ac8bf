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
import { report } from './trust-eval/report';
import { runScale } from './trust-eval/scale';
import { scoreSeed } from './trust-eval/score-seed';
import { newTotals } from './trust-eval/tally';

function args(): { seeds: number[]; scale: boolean; boostZ?: number } {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--seed');
  const seeds = at >= 0 ? [Number(argv[at + 1])] : [1, 2, 3];
  const z = argv.indexOf('--boost-z');
  return { seeds, scale: argv.includes('--scale'), boostZ: z >= 0 ? Number(argv[z + 1]) : undefined };
}
const boostZ = args().boostZ;
const collusionOptions = boostZ === undefined ? {} : { boostMinZ: boostZ };

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
    const text = runScale();
    console.log(text);
    save('trust-eval-scale', text);
    return;
  }
  const totals = newTotals(seeds);
  for (const seed of seeds) {
    const started = performance.now();
    scoreSeed(seed, totals, collusionOptions);
    console.log(`seed ${seed}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const { text, misses } = report(totals);
  console.log(`\n${text}`);
  save('trust-eval', text);
  console.log(misses === 0 ? 'all targets met' : `${misses} target(s) missed`);
}

main();
