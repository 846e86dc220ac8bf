import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const compiledEntry = path.join(repoRoot, 'dist/server/main.js');

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User + system CPU seconds a process has used so far (fields 14 and 15 of /proc/<pid>/stat). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return 0;
  }
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

/** CPU seconds of each PostgreSQL backend serving the given database (other databases' work excluded). */
export async function databaseBackendCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  return new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]));
}

/** CPU the backends used between two readings; backends that started in between count from zero. */
export function backendCpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/**
 * Waits until no statement is running on the bench database, so work queued by one run (slow
 * requests still in flight) is not billed to the next. Gives up after `timeoutMs`.
 */
export async function waitForIdleDatabase(client: pg.Client, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`,
    );
    if (rows[0].n === 0) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

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
  /** Where the server's output goes; without one it shares this process's console. */
  logFile?: string;
  extraEnv?: Record<string, string>;
  readyTimeoutMs?: number;
};

/** Polls the health address until it answers 200; the process dying first, or the deadline passing, is an error. */
async function waitUntilReady(
  healthUrl: string,
  server: { alive: () => boolean; exited: Promise<Exit>; kill: () => void; timeoutMs: number; seeLog: string },
) {
  const deadline = Date.now() + server.timeoutMs;
  for (;;) {
    if (!server.alive()) {
      const exit = await server.exited;
      throw new Error(`the server exited (${exit.code ?? exit.signal}) before it was ready${server.seeLog}`);
    }
    try {
      const response = await fetch(healthUrl, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      server.kill();
      throw new Error(`the server did not become ready in time${server.seeLog}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts the real server as one Node process (no npm or tsx wrapper in between), so signals reach it and
 * /proc/<pid> is the server itself. Waits until /api/health answers 200.
 */
export async function startApp(options: AppOptions): Promise<AppProcess> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  const child = spawn(process.execPath, options.entry.args, {
    cwd: repoRoot,
    stdio: log ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
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
  if (log) {
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
  }
  const seeLog = options.logFile ? `; see ${options.logFile}` : '';
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      log?.end();
      resolve({ code, signal, at: performance.now() });
    }),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;

  await waitUntilReady(`${baseUrl}/api/health`, {
    alive,
    exited,
    kill: () => child.kill('SIGKILL'),
    timeoutMs: options.readyTimeoutMs ?? 120_000,
    seeLog,
  });

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

/** The load bench's server: the TypeScript source, with extra node flags (e.g. --cpu-prof), on a free port. */
export async function startServer(options: {
  databaseUrl: string;
  sessionSecret: string;
  extraEnv?: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
}): Promise<AppProcess> {
  const source = serverEntry(true);
  return startApp({
    entry: { ...source, args: [...(options.nodeArgs ?? []), ...source.args] },
    port: await freePort(),
    sessionSecret: options.sessionSecret,
    databaseUrl: options.databaseUrl,
    extraEnv: options.extraEnv,
    readyTimeoutMs: 90_000,
  });
}
