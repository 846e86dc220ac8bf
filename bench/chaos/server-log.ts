import { existsSync, readFileSync } from 'node:fs';

/** The distinct messages of warn-and-above lines in a server log (pino JSON), with their counts. */
export function logSummary(logFile: string): Record<string, number> {
  const counts: Record<string, number> = {};
  if (!existsSync(logFile)) return counts;
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    let message: string;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < 40) continue;
      message = [entry.msg, entry.err?.message].filter(Boolean).join(': ').slice(0, 160);
    } catch {
      message = line.slice(0, 160);
    }
    counts[message] = (counts[message] ?? 0) + 1;
  }
  return counts;
}

/** The last lines of a server log: what a process that died said last. */
export function logTail(logFile: string, lines = 15): string[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .slice(-lines)
    .map((line) => line.slice(0, 400));
}
