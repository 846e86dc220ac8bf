/**
 * npm run bench:trust-run -- [--database-url URL]
 * One trust full run against a seeded database, in this process, as the worker runs it: its duration, the
 * process's peak resident memory and heap, and both per rating. The figures for the scaling notes (docs/scaling.md).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/client';
import { recomputeNow } from '../server/features/trust/trust-jobs';

const { values: args } = parseArgs({
  options: { 'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/pr_bench' } },
  strict: true,
});

// Migrations first, without a statement timeout (an index on a large table takes longer than one request may);
// then the run on the server's default timeouts, as the worker has them: no page may come near them.
await (await openDatabase({ url: args['database-url'], poolSize: 1, timeouts: { statementMs: 0 } })).close();
const database = await openDatabase({ url: args['database-url'], poolSize: 3 });
let peakRss = 0;
let peakHeap = 0;
const sample = () => {
  const usage = process.memoryUsage();
  peakRss = Math.max(peakRss, usage.rss);
  peakHeap = Math.max(peakHeap, usage.heapUsed + usage.arrayBuffers);
};
const timer = setInterval(sample, 200);
const baseline = process.memoryUsage().rss;
const started = performance.now();
const cpuBefore = process.cpuUsage();
try {
  const run = await recomputeNow(database.db, 15 * 60_000);
  sample();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  console.log(`trust full run: ${run.players} players, ${run.ratings} ratings`);
  console.log(`  wall ${seconds.toFixed(1)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of this process`);
  console.log(`  peak RSS ${mb(peakRss)} (start ${mb(baseline)}), peak heap + array buffers ${mb(peakHeap)}`);
  console.log(
    `  per rating: ${(peakRss / run.ratings).toFixed(0)} B of peak RSS, ${((peakRss - baseline) / run.ratings).toFixed(0)} B above the start`,
  );
} finally {
  clearInterval(timer);
  await database.close();
}
