import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Measurement } from './load';
import { LIST_CALLS, TARGET_SHARE_OF_PK } from './scenarios';

export type BenchMeta = {
  date: string;
  node: string;
  cpus: string;
  loadAverageAtStart: number[];
  postgres: string;
  dataset: Record<string, number>;
  secondsPerRun: number;
  serverEnv: Record<string, string>;
  skipped: { scenario: string; reason: string }[];
};

export type Row = Measurement & {
  shareOfNoop: number;
  shareOfPk: number;
  /** A list call's requests/s as a share of pk-page's (decision 024); null for other calls. */
  shareOfPkPage: number | null;
  /** Server CPU per request as a multiple of the pk route's. */
  cpuVsPk: number;
  target: number | null;
  meetsTarget: boolean | null;
};

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** Ratios against the reference routes measured at the same connection count in the same run. */
export function withRatios(measurements: Measurement[]): Row[] {
  return measurements.map((m) => {
    const same = measurements.filter((other) => other.phase === m.phase && other.connections === m.connections);
    const noop = mean(same.filter((other) => other.scenario === 'noop').map((other) => other.requestsPerSecond));
    const pkRuns = same.filter((other) => other.scenario === 'pk' || other.scenario === 'pk-end');
    const pk = mean(pkRuns.map((other) => other.requestsPerSecond));
    const pkCpu = mean(pkRuns.map((other) => other.serverCpuMs));
    const pkPage = mean(same.filter((other) => other.scenario === 'pk-page').map((other) => other.requestsPerSecond));
    const target = m.connections === 10 ? TARGET_SHARE_OF_PK[m.kind] : null;
    const shareOfPk = pk > 0 ? m.requestsPerSecond / pk : 0;
    const shareOfPkPage = LIST_CALLS.has(m.scenario) && pkPage > 0 ? m.requestsPerSecond / pkPage : null;
    // A list call is held to its target against pk-page, the least work that answers a page (decision 024).
    const share = shareOfPkPage ?? shareOfPk;
    return {
      ...m,
      shareOfNoop: noop > 0 ? m.requestsPerSecond / noop : 0,
      shareOfPk,
      shareOfPkPage,
      cpuVsPk: pkCpu > 0 ? m.serverCpuMs / pkCpu : 0,
      target,
      meetsTarget: target === null ? null : share >= target && m.non2xx === 0 && m.errors === 0,
    };
  });
}

const HEADERS = [
  'call',
  'conns',
  'req/s',
  'p50 ms',
  'p99 ms',
  'server CPU ms/req',
  'db CPU ms/req',
  'load CPU ms/req',
  'KB/req',
  'x noop',
  'x pk',
  'x pk-page',
  'CPU x pk',
  'target',
  'non-2xx',
];

function cells(row: Row): string[] {
  let target = '';
  const reference = row.shareOfPkPage === null ? 'pk' : 'pk-page';
  if (row.target !== null) target = `>= ${row.target} ${reference}: ${row.meetsTarget ? 'ok' : 'MISS'}`;
  return [
    row.phase === 'main' ? row.scenario : `${row.scenario} (${row.phase})`,
    String(row.connections),
    row.requestsPerSecond.toFixed(0),
    row.p50Ms.toFixed(1),
    row.p99Ms.toFixed(1),
    row.serverCpuMs.toFixed(3),
    row.databaseCpuMs.toFixed(3),
    row.loadCpuMs.toFixed(3),
    row.responseKb.toFixed(1),
    row.shareOfNoop.toFixed(2),
    row.shareOfPk.toFixed(2),
    row.shareOfPkPage?.toFixed(2) ?? '',
    row.cpuVsPk.toFixed(1),
    target,
    String(row.non2xx + row.errors),
  ];
}

export function textTable(rows: Row[]): string {
  const body = rows.map(cells);
  const widths = HEADERS.map((header, i) => Math.max(header.length, ...body.map((line) => line[i].length)));
  const format = (line: string[]) => line.map((cell, i) => cell.padStart(widths[i])).join('  ');
  return [format(HEADERS), ...body.map(format)].join('\n');
}

export function markdown(rows: Row[], meta: BenchMeta): string {
  const table = [
    `| ${HEADERS.join(' | ')} |`,
    `|${HEADERS.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${cells(row).join(' | ')} |`),
  ].join('\n');
  const routes = [...new Map(rows.map((row) => [row.scenario, row.route]))].map(
    ([scenario, route]) => `- **${scenario}**: ${route}`,
  );
  const skipped = meta.skipped.map((entry) => `- ${entry.scenario}: ${entry.reason}`);
  return `# Benchmark ${meta.date}

Dataset: ${Object.entries(meta.dataset)
    .map(([table, count]) => `${count} ${table}`)
    .join(', ')}.
Machine: ${meta.cpus}; load average at start ${meta.loadAverageAtStart.map((value) => value.toFixed(2)).join(' / ')}.
Node ${meta.node}, ${meta.postgres}. ${meta.secondsPerRun} s per run (autocannon, same machine as the server).
Server env: ${Object.entries(meta.serverEnv)
    .map(([key, value]) => `${key}=${value}`)
    .join(', ')}.

"x noop" and "x pk" are requests/s as a share of the reference routes at the same connection count
(pk: mean of the runs at the start and the end of each level). "x pk-page" compares a list call with 50 players
read by primary key and answered as search results (decision 024). Targets (decisions 003 and 024, 10 connections):
reads >= 0.5 x pk (list calls: x pk-page), submit >= 0.25 x pk. Server CPU is the Node process's user+system time from
/proc; db CPU is the bench database's PostgreSQL backends; load CPU is autocannon's (this process), which
shares the cores, so a call with larger answers (KB/req) gets fewer requests/s for the same server CPU. The machine is shared, so single runs
are noisy: CPU per request is the steadier figure. Rows marked (no-cache) come from a second
server start with LEADERBOARD_CACHE_SECONDS=0 and compare with that server's own noop and pk runs.

${table}

Calls:
${routes.join('\n')}
${skipped.length > 0 ? `\nNot measured:\n${skipped.join('\n')}\n` : ''}`;
}

export function writeResults(
  directory: string,
  rows: Row[],
  meta: BenchMeta,
): { markdownFile: string; jsonFile: string } {
  mkdirSync(directory, { recursive: true });
  const stamp = meta.date.replace(/[:]/g, '-').replace(/\..*$/, '');
  const markdownFile = path.join(directory, `${stamp}.md`);
  const jsonFile = path.join(directory, `${stamp}.json`);
  writeFileSync(markdownFile, markdown(rows, meta));
  writeFileSync(jsonFile, `${JSON.stringify({ meta, rows }, null, 2)}\n`);
  return { markdownFile, jsonFile };
}
