import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const E2E_ADMIN = { email: 'admin@pickleball.test', key: 'e2e-admin-key-123456' };
export const E2E_DEVELOPERS = {
  regular: { id: 'devuser', password: 'devpass123' },
  admin: { id: 'devadmin', password: 'devpass456' },
};

export type RunningServer = { baseUrl: string; stop: () => Promise<void>; logs: () => string };

export type StartOptions = {
  /** Runs on the fresh data directory before the server starts (e.g. seeds what no screen can create). */
  prepare?: (dataDir: string) => Promise<void>;
  /** A port chosen beforehand (freePort), when something must know the address before the server starts. */
  port?: number;
  /** How long the server may take to answer (default 60 s; a first start that adds the demo world takes longer). */
  readyWithinMs?: number;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Signals a whole process group; false when none of its processes is left. */
function signalGroup(leaderPid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-leaderPid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is gone
  }
}

/** SIGTERM to the server's process group (npx, tsx and the server), then SIGKILL to whatever is left after 5 s. */
async function stopProcessGroup(leaderPid: number | undefined) {
  if (leaderPid === undefined || !signalGroup(leaderPid, 'SIGTERM')) return;
  const deadline = Date.now() + 5000;
  while (signalGroup(leaderPid, 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  signalGroup(leaderPid, 'SIGKILL');
}

/** The real server (`tsx server/main.ts`) on a free port with a fresh PGlite database of its own. */
export async function startServer(
  extraEnv: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pr-e2e-'));
  await options.prepare?.(dataDir);
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn('npx', ['tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      DEMO_MODE: 'true',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_KEY: E2E_ADMIN.key,
      DEV_USERS: `${E2E_DEVELOPERS.regular.id}:${E2E_DEVELOPERS.regular.password},${E2E_DEVELOPERS.admin.id}:${E2E_DEVELOPERS.admin.password}:admin`,
      LOG_LEVEL: 'warn',
      // Every journey starts from an empty database; the first-start demo world has a journey of its own.
      SEED: 'none',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx does not pass signals on to the server it starts, the group gets them all.
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + (options.readyWithinMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    baseUrl,
    logs: () => output,
    stop: async () => {
      await stopProcessGroup(child.pid);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
