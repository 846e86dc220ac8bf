import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ScenarioResult } from './scenario';

export type ChaosMeta = {
  date: string;
  minutes: number;
  commit: string;
  node: string;
  cpus: string;
  server: string;
  soakSeconds: number;
};

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function markdown(results: ScenarioResult[], meta: ChaosMeta): string {
  const lines = [
    `# Chaos run ${meta.date}`,
    '',
    `Commit ${meta.commit}, ${meta.server}, Node ${meta.node}, ${meta.cpus}; ${meta.minutes} minutes; soak ${meta.soakSeconds} s.`,
    'PostgreSQL scenarios ran on a cluster of their own (initdb in a temp directory, own port, fsync on).',
    '',
    '| Scenario | Result | Target | Figures |',
    '| --- | --- | --- | --- |',
    ...results.map((r) => `| ${r.name} | ${r.pass ? 'PASS' : 'FAIL'} | ${cell(r.target)} | ${cell(r.summary)} |`),
    '',
  ];
  for (const result of results) {
    lines.push(`## ${result.name}: ${result.pass ? 'PASS' : 'FAIL'}`, '');
    if (result.failures.length > 0) {
      lines.push('Failed targets:', '', ...result.failures.map((failure) => `- ${failure}`), '');
    }
    lines.push('```json', JSON.stringify(result.figures, null, 2), '```', '');
    const logged = Object.entries(result.serverLog ?? {}).sort((a, b) => b[1] - a[1]);
    if (logged.length > 0) {
      lines.push(
        'Server log (warn and above):',
        '',
        ...logged.slice(0, 10).map(([message, n]) => `- ${n} × ${message}`),
        '',
      );
    }
  }
  return lines.join('\n');
}

export function writeChaosResults(directory: string, results: ScenarioResult[], meta: ChaosMeta) {
  mkdirSync(directory, { recursive: true });
  const stamp = meta.date.replace(/:/g, '-').replace(/\..*$/, '');
  const jsonFile = path.join(directory, `chaos-${stamp}.json`);
  const markdownFile = path.join(directory, `chaos-${stamp}.md`);
  writeFileSync(jsonFile, `${JSON.stringify({ meta, results }, null, 2)}\n`);
  writeFileSync(markdownFile, markdown(results, meta));
  return { jsonFile, markdownFile };
}
