import { hostname } from 'node:os';
import { openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database belongs to one process at a time: PGlite keeps its pages in memory and writes them
 * back on close, so a second process on the same directory (a seed, a second `npm start`) would read stale
 * files and its writes would be lost when the first one closes. The lock is a file holding the owner's pid,
 * created exclusively; a lock whose process is gone (killed, crashed) is taken over.
 */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, owner: LockOwner) {
    super(
      `The database in ${dataDir} is in use by process ${owner.pid} (started ${owner.startedAt}). ` +
        'Stop that process first (a running server, a seed), or use another DATA_DIR. Nothing was changed.',
    );
    this.name = 'DataDirInUseError';
  }
}

type LockOwner = { pid: number; host: string; startedAt: string };

const LOCK_FILE = 'pglite.lock';
/** Lock files this process holds: its own pid in a lock file is stale only when it is not one of these. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

/** Takes the directory's lock or throws DataDirInUseError; the returned function gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        if (readOwner(file)?.pid === me.pid) unlinkSync(file);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(file);
    // Unreadable: another process is between creating the file and writing it; look again shortly.
    if (!owner && attempt === 0) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      continue;
    }
    // A lock left by a process that no longer runs (or by this pid in an earlier life, as PID 1 in a
    // restarted container) is stale. Another host's lock cannot be checked, so it is respected.
    const mine = owner?.pid === me.pid;
    const stale = owner && owner.host === me.host && (mine ? !heldHere.has(file) : !isAlive(owner.pid));
    if (owner && !stale) throw new DataDirInUseError(dataDir, owner);
    // Stale, or still unreadable (a crash between open and write): remove and try again; `wx` settles a race.
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
