/** One audit as a table row, the mobile targets it is held to, and the run's summary. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Result } from 'lighthouse';

export type Preset = 'mobile' | 'desktop';

/** What a page must reach on a phone (`--strict` fails the run otherwise). */
export const MOBILE_TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95, lcpMs: 2000 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export type Row = {
  page: string;
  preset: Preset;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  jsGzipBytes: number;
  benchmarkIndex: number;
  failing: string[];
};

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The scripts the page requested, counted at their gzip size (the budget's unit) from the build's .gz copies. */
function gzipSizeOfScripts(lhr: Result): number {
  const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] })
    ?.items;
  return (requests ?? [])
    .filter((request) => request.resourceType === 'Script')
    .map((request) => path.join('dist/client', new URL(request.url).pathname))
    .reduce((sum, file) => {
      if (existsSync(`${file}.gz`)) return sum + statSync(`${file}.gz`).size;
      return sum + (existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0);
    }, 0);
}

export function toRow(page: string, preset: Preset, lhr: Result): Row {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const resources = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  const failing = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 || category.id !== 'performance')
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (result) => result && result.score !== null && result.score < 1 && result.scoreDisplayMode !== 'informative',
      )
      .map((result) => `${category.id}: ${result.id} (${result.displayValue ?? result.score})`),
  );
  return {
    page,
    preset,
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as Row['scores'],
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsBytes: resources?.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
    jsGzipBytes: gzipSizeOfScripts(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failing: [...new Set(failing)],
  };
}

/** Of several runs, the one with the median performance score (Lighthouse's own advice for noisy machines). */
export function medianRow(rows: Row[]): Row {
  const score = median(rows.map((row) => row.scores.performance));
  return rows.find((row) => row.scores.performance === score) ?? rows[0];
}

export function misses(row: Row): string[] {
  if (row.preset !== 'mobile') return [];
  const missed = CATEGORIES.filter((id) => row.scores[id] < MOBILE_TARGETS[id]).map(
    (id) => `${id} ${row.scores[id]} < ${MOBILE_TARGETS[id]}`,
  );
  if (!(row.lcpMs <= MOBILE_TARGETS.lcpMs)) missed.push(`LCP ${Math.round(row.lcpMs)} ms > ${MOBILE_TARGETS.lcpMs} ms`);
  return missed.map((miss) => `${row.page} (${row.preset}): ${miss}`);
}

export function table(rows: Row[]): string {
  const header = [
    'Page',
    'Preset',
    'Perf',
    'A11y',
    'Best pr.',
    'SEO',
    'LCP',
    'TBT',
    'CLS',
    'JS (transfer)',
    'JS (gzip)',
  ];
  const lines = rows.map((row) => [
    row.page,
    row.preset,
    ...CATEGORIES.map((id) => String(row.scores[id])),
    `${(row.lcpMs / 1000).toFixed(2)} s`,
    `${Math.round(row.tbtMs)} ms`,
    row.cls.toFixed(3),
    `${(row.jsBytes / 1024).toFixed(1)} KB`,
    `${(row.jsGzipBytes / 1024).toFixed(1)} KB`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [format(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...lines.map(format)].join(
    '\n',
  );
}

/** The run's markdown summary, and the mobile targets it missed (`--strict` fails on any). */
export function summaryOf(rows: Row[], run: { runs: number; cpuSlowdown: number | undefined }) {
  const { runs, cpuSlowdown } = run;
  const missed = rows.flatMap(misses);
  const failing = rows
    .filter((row) => row.failing.length > 0)
    .map((row) => `- ${row.page} (${row.preset}): ${row.failing.join('; ')}`);
  const summary = [
    `# Lighthouse ${new Date().toISOString()}`,
    '',
    `Production build served by ${existsSync('dist/server/main.js') ? 'dist/server/main.js' : 'server/main.ts'}; ` +
      `${runs} run(s) per page and preset, median by performance score. Lighthouse's simulated throttling ` +
      `(mobile: slow 4G, ${cpuSlowdown ?? 4}× CPU slowdown; desktop: none to speak of). ` +
      `Host benchmark index ${Math.round(median(rows.map((row) => row.benchmarkIndex)))} ` +
      "(Lighthouse's 4× is meant for 1500–2000).",
    '',
    table(rows),
    '',
    `Mobile targets: performance ≥ ${MOBILE_TARGETS.performance}, accessibility ${MOBILE_TARGETS.accessibility}, ` +
      `best practices ≥ ${MOBILE_TARGETS['best-practices']}, SEO ≥ ${MOBILE_TARGETS.seo}, LCP ≤ ${MOBILE_TARGETS.lcpMs / 1000} s.`,
    missed.length ? `Missed:\n\n${missed.map((miss) => `- ${miss}`).join('\n')}` : 'All targets met.',
    '',
    ...(failing.length ? ['Audits below full marks:', '', ...failing, ''] : []),
  ].join('\n');
  return { summary, missed };
}
