import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchTarget } from './bench-targets';
import { p99Text, readinessText, type FullRunResult } from './full-run';
import type { Row } from './report';

/*
 * The bench across sizes: each database gets the whole bench in turn, and this report sets each call's ratios to the
 * reference routes side by side, smallest database first. A ratio is the call's requests/s over the reference's on
 * the same server in the same run, so the machine's speed cancels out and what is left is how the call's own cost
 * grows with the data.
 */

/** One database's bench: its main measurement (unless it was skipped) and its full-run measurement (if run). */
export type SizeRun = {
  target: BenchTarget;
  dataset: Record<string, number>;
  rows: Row[] | null;
  resultsFile: string | null;
  fullRun: FullRunResult | null;
};

/** A ratio more than this much lower at the largest size than at the smallest is flagged. */
const MAX_RATIO_DROP = 0.2;
/** Search by text and near a place must not cost the database more per call as the data grows (decision 024). */
const DATABASE_CPU_HELD = new Set(['search', 'search-near']);
const MAX_DATABASE_CPU_GROWTH = 0.2;
const REFERENCES = new Set(['noop', 'pk', 'pk-end', 'pk-page']);

type AtSize = {
  shareOfPk: number;
  shareOfPkPage: number | null;
  /** Server CPU per request over pk's: steadier than requests/s on a shared machine. */
  cpuVsPk: number;
  databaseCpuMs: number;
  p99Ms: number;
};

export type ScaleRow = {
  call: string;
  phase: string;
  connections: number;
  /** One entry per size, in the order of the report's sizes; null where that size did not measure the call. */
  sizes: (AtSize | null)[];
  /** Largest size's value over the smallest's, minus one (-0.25: a quarter lower). */
  pkChange: number | null;
  pkPageChange: number | null;
  cpuVsPkChange: number | null;
  databaseCpuChange: number | null;
  flags: string[];
};

const change = (first: number | null | undefined, last: number | null | undefined) =>
  first !== null && first !== undefined && last !== null && last !== undefined && first > 0 ? last / first - 1 : null;

/** Sizes ordered by the ratings they hold, as measured (not as named). */
export function bySize(runs: SizeRun[]): SizeRun[] {
  return [...runs].sort((a, b) => (a.dataset.ratings ?? 0) - (b.dataset.ratings ?? 0));
}

export function scaleRows(sizes: SizeRun[]): ScaleRow[] {
  const keys = new Map<string, { call: string; phase: string; connections: number }>();
  for (const size of sizes) {
    for (const row of size.rows ?? []) {
      if (REFERENCES.has(row.scenario)) continue;
      keys.set(`${row.phase}|${row.scenario}|${row.connections}`, {
        call: row.scenario,
        phase: row.phase,
        connections: row.connections,
      });
    }
  }
  return [...keys.values()].map((key) => {
    const atSizes = sizes.map((size): AtSize | null => {
      const row = size.rows?.find(
        (candidate) =>
          candidate.scenario === key.call && candidate.phase === key.phase && candidate.connections === key.connections,
      );
      return row
        ? {
            shareOfPk: row.shareOfPk,
            shareOfPkPage: row.shareOfPkPage,
            cpuVsPk: row.cpuVsPk,
            databaseCpuMs: row.databaseCpuMs,
            p99Ms: row.p99Ms,
          }
        : null;
    });
    const first = atSizes[0];
    const last = atSizes[atSizes.length - 1];
    const pkChange = change(first?.shareOfPk, last?.shareOfPk);
    const pkPageChange = change(first?.shareOfPkPage, last?.shareOfPkPage);
    const cpuVsPkChange = change(first?.cpuVsPk, last?.cpuVsPk);
    const databaseCpuChange = change(first?.databaseCpuMs, last?.databaseCpuMs);
    const percent = (value: number) => `${value > 0 ? '+' : ''}${(value * 100).toFixed(0)}%`;
    const flags: string[] = [];
    if (pkChange !== null && pkChange < -MAX_RATIO_DROP) flags.push(`x pk ${percent(pkChange)}`);
    if (pkPageChange !== null && pkPageChange < -MAX_RATIO_DROP) flags.push(`x pk-page ${percent(pkPageChange)}`);
    if (DATABASE_CPU_HELD.has(key.call) && databaseCpuChange !== null && databaseCpuChange > MAX_DATABASE_CPU_GROWTH) {
      flags.push(`db CPU ${percent(databaseCpuChange)}`);
    }
    return { ...key, sizes: atSizes, pkChange, pkPageChange, cpuVsPkChange, databaseCpuChange, flags };
  });
}

const fixed = (value: number | null | undefined, digits = 2) =>
  value === null || value === undefined ? '' : value.toFixed(digits);
const signed = (value: number | null) => (value === null ? '' : `${value > 0 ? '+' : ''}${(value * 100).toFixed(0)}%`);
const table = (headers: string[], lines: string[][]) =>
  [
    `| ${headers.join(' | ')} |`,
    `|${headers.map(() => '---').join('|')}|`,
    ...lines.map((line) => `| ${line.join(' | ')} |`),
  ].join('\n');

function referenceRate(size: SizeRun, scenario: string): string {
  const rows = (size.rows ?? []).filter(
    (row) =>
      row.phase === 'main' &&
      row.connections === 10 &&
      (row.scenario === scenario || row.scenario === `${scenario}-end`),
  );
  if (rows.length === 0) return '';
  return (rows.reduce((sum, row) => sum + row.requestsPerSecond, 0) / rows.length).toFixed(0);
}

function fullRunLines(sizes: SizeRun[]): string[] {
  const measured = sizes.filter((size) => size.fullRun !== null);
  if (measured.length === 0) return [];
  const p99 = (run: FullRunResult['pk']) => `${p99Text(run)} (${(run.runningShare * 100).toFixed(0)}% in the run)`;
  return [
    '## During a trust full run',
    '',
    'p99 without a run -> while one runs (target: within 2x), and the share of each window the run was running;',
    "readiness probed every half second from the first run's start to the last one's end.",
    '',
    table(
      ['size', 'pk', 'player', 'readiness during the run', 'runs'],
      measured.map((size) => {
        const run = size.fullRun!;
        return [
          size.target.label,
          p99(run.pk),
          p99(run.player),
          readinessText(run.readiness.duringRun),
          run.runs
            .map(
              (one) =>
                `${one.id} ${one.state}${one.durationMs === null ? '' : ` in ${(one.durationMs / 1000).toFixed(1)} s`}`,
            )
            .join('; '),
        ];
      }),
    ),
    '',
  ];
}

export function scaleMarkdown(sizes: SizeRun[], meta: { date: string; secondsPerRun: number }): string {
  const rows = scaleRows(sizes);
  const labels = sizes.map((size) => size.target.label);
  const withPkPage = rows.some((row) => row.sizes.some((atSize) => atSize?.shareOfPkPage != null));
  const headers = [
    'call',
    'conns',
    ...labels.map((label) => `x pk ${label}`),
    'change',
    ...(withPkPage ? [...labels.map((label) => `x pk-page ${label}`), 'change'] : []),
    ...labels.map((label) => `CPU x pk ${label}`),
    'change',
    ...labels.map((label) => `db CPU ms ${label}`),
    'change',
    'flag',
  ];
  const lines = rows.map((row) => [
    row.phase === 'main' ? row.call : `${row.call} (${row.phase})`,
    String(row.connections),
    ...row.sizes.map((atSize) => fixed(atSize?.shareOfPk)),
    signed(row.pkChange),
    ...(withPkPage ? [...row.sizes.map((atSize) => fixed(atSize?.shareOfPkPage)), signed(row.pkPageChange)] : []),
    ...row.sizes.map((atSize) => fixed(atSize?.cpuVsPk, 1)),
    signed(row.cpuVsPkChange),
    ...row.sizes.map((atSize) => fixed(atSize?.databaseCpuMs, 3)),
    signed(row.databaseCpuChange),
    row.flags.join(', '),
  ]);
  const flagged = rows.filter((row) => row.flags.length > 0);
  const count = (size: SizeRun, name: string) => (size.dataset[name] ?? 0).toLocaleString('en-US');
  return [
    `# Benchmark across sizes ${meta.date}`,
    '',
    table(
      ['size', 'database', 'players', 'ratings', 'pk req/s (10 conns)', 'pk-page req/s (10 conns)', 'its run'],
      sizes.map((size) => [
        size.target.label,
        decodeURIComponent(new URL(size.target.databaseUrl).pathname.slice(1)),
        count(size, 'players'),
        count(size, 'ratings'),
        referenceRate(size, 'pk'),
        referenceRate(size, 'pk-page'),
        size.resultsFile ? path.basename(size.resultsFile) : '',
      ]),
    ),
    '',
    `Each size ran the whole bench in turn (the same server settings and calls, ${meta.secondsPerRun} s per run); its own`,
    'report is named above. "x pk" is a call\'s requests/s as a share of the pk reference route\'s on the same server in',
    'the same run, "x pk-page" a list call\'s as a share of pk-page\'s (50 players by primary key, answered as search',
    'results), so the change from the smallest size to the largest is how much more the call costs as the data grows.',
    '"CPU x pk" is the server\'s CPU per request over pk\'s: it tells the same story and is steadier when the machine is',
    'shared; "db CPU ms" is the bench database\'s backends\' CPU per request.',
    `Flagged: a ratio more than ${MAX_RATIO_DROP * 100}% lower at the largest size, and for ${[...DATABASE_CPU_HELD].join(' and ')} a database CPU`,
    `per call more than ${MAX_DATABASE_CPU_GROWTH * 100}% higher. Single runs on a shared machine are noisy: a flag near the line is worth a second run.`,
    '',
    table(headers, lines),
    '',
    flagged.length === 0
      ? 'No call flagged.'
      : `Flagged: ${flagged.map((row) => `${row.call} @${row.connections}${row.phase === 'main' ? '' : ` (${row.phase})`}`).join(', ')}.`,
    '',
    ...fullRunLines(sizes),
  ].join('\n');
}

export function writeScaleResults(
  directory: string,
  runs: SizeRun[],
  meta: { date: string; secondsPerRun: number },
): { markdownFile: string; jsonFile: string } {
  const sizes = bySize(runs);
  mkdirSync(directory, { recursive: true });
  const stamp = meta.date.replace(/[:]/g, '-').replace(/\..*$/, '');
  const markdownFile = path.join(directory, `scale-${stamp}.md`);
  const jsonFile = path.join(directory, `scale-${stamp}.json`);
  writeFileSync(markdownFile, scaleMarkdown(sizes, meta));
  const summary = {
    meta,
    sizes: sizes.map((size) => ({
      label: size.target.label,
      databaseUrl: size.target.databaseUrl,
      dataset: size.dataset,
      resultsFile: size.resultsFile ? path.basename(size.resultsFile) : null,
      fullRun: size.fullRun,
    })),
    rows: scaleRows(sizes),
  };
  writeFileSync(jsonFile, `${JSON.stringify(summary, null, 2)}\n`);
  return { markdownFile, jsonFile };
}
