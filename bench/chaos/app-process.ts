import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const compiledEntry = path.join(repoRoot, 'dist/server/main.js');

export type ServerEntry = { kind: 'compiled' | 'source'; args: string[]; description: string };

/** The compiled server when it has been built (unless the source is asked for), else the TypeScript through tsx. */
export function serverEntry(preferSource: boolean): ServerEntry {
  if (!preferSource && existsSync(compiledEntry)) {
    const built = statSync(compiledEntry).mtime.toISOString();
    return { kind: 'compiled', args: [compiledEntry], description: `node dist/server/main.js (built ${built})` };
  }
  return {
    kind: 'source',
    args: ['--import', 'tsx', 'server/main.ts'],
    description: 'node --import tsx server/main.ts',
  };
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null; at: number };

export type AppProcess = {
  pid: number;
  port: number;
  baseUrl: string;
  /** Resolves when the process has exited, with when (performance.now()). */
  exited: Promise<Exit>;
  alive: () => boolean;
  signal: (signal: NodeJS.Signals) => void;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop: (graceMs?: number) => Promise<Exit>;
};

export type AppOptions = {
  entry: ServerEntry;
  port: number;
  sessionSecret: string;
  /** PostgreSQL URL, or undefined for PGlite in dataDir. */
  databaseUrl?: string;
  dataDir?: string;
  logFile: string;
  extraEnv?: Record<string, string>;
  readyTimeoutMs?: number;
};

/**
 * Starts the real server as one Node process (no npm or tsx wrapper in between), so signals reach it and
 * /proc/<pid> is the server itself. Waits until /api/health answers 200.
 */
export async function startApp(options: AppOptions): Promise<AppProcess> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(process.execPath, options.entry.args, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // Production settings (secure cookies, no demo), with the bench's reference routes.
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      SESSION_SECRET: options.sessionSecret,
      BENCH_ROUTES: 'true',
      LOG_LEVEL: 'warn',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: options.dataDir ?? '' }),
      ...options.extraEnv,
    },
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      log.end();
      resolve({ code, signal, at: performance.now() });
    }),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;

  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (!alive()) {
      const exit = await exited;
      throw new Error(`the server exited (${exit.code ?? exit.signal}) before it was ready; see ${options.logFile}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready in time; see ${options.logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    pid: child.pid ?? 0,
    port: options.port,
    baseUrl,
    exited,
    alive,
    signal: (signal) => {
      if (alive()) child.kill(signal);
    },
    stop: async (graceMs = 15_000) => {
      if (!alive()) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
  };
}

/** Resident memory of a process in kB (VmRSS), or 0 when it is gone. */
export function residentKb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

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
