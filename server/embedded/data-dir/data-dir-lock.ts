import { readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What the lock file says about the server holding the data directory. */
export interface LockOwner {
  pid: number;
  /** The process's start time (Linux: clock ticks since boot, from /proc), so a reused pid is told apart. */
  started: string | null;
  /** Where that server listens, once it does (used by `npm run backup` to reach it). */
  url: string | null;
}

export interface DataDirLock {
  /** Records the URL the server listens on. */
  setUrl(url: string): Promise<void>;
  release(): Promise<void>;
}

export const lockFileName = 'server.pid';

/**
 * One app server per data directory: two would start two database servers on one cluster (the
 * second is refused by PostgreSQL) and share the stored files. The lock file names the owner's pid and start time; a lock whose process is gone, or whose pid now
 * belongs to another process (pids are reused), is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = path.join(dataDir, lockFileName);
  const me: LockOwner = { pid: process.pid, started: processStartTime(process.pid), url: null };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(file, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
      return {
        setUrl: async (url) => writeFile(file, JSON.stringify({ ...me, url }), { mode: 0o600 }),
        release: () => rm(file, { force: true }),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await readLockOwner(dataDir);
      if (owner && owner.pid !== process.pid && isRunning(owner)) {
        throw new Error(
          `Another server (pid ${owner.pid}) is using the data directory ${dataDir}. Stop it first, or set DATA_DIR.`,
          {
            cause: error,
          },
        );
      }
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

/** The server holding `dataDir`, if the lock file names one that is still running. */
export async function runningServer(dataDir: string): Promise<LockOwner | null> {
  const owner = await readLockOwner(dataDir);
  return owner && isRunning(owner) ? owner : null;
}

async function readLockOwner(dataDir: string): Promise<LockOwner | null> {
  const text = (await readFile(path.join(dataDir, lockFileName), 'utf8').catch(() => '')).trim();
  if (/^\d+$/.test(text)) return { pid: Number(text), started: null, url: null }; // written by older versions
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number') return null;
    return { pid: parsed.pid, started: parsed.started ?? null, url: parsed.url ?? null };
  } catch {
    return null;
  }
}

function isRunning(owner: LockOwner): boolean {
  if (!isAlive(owner.pid)) return false;
  const started = processStartTime(owner.pid);
  // Where the system tells start times, a different one means the pid was reused.
  if (started !== null && owner.started !== null) return started === owner.started;
  if (started !== null && owner.started === null) return commandLine(owner.pid).includes('node');
  return true;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot), or null off Linux. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: count from its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}
