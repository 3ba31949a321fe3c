import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * PGlite is a single-process database: two servers on one data dir would corrupt it. The lock
 * file holds the owner's pid; a lock left by a killed process (pid gone) is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(`Another server (pid ${owner}) is using the data directory ${dataDir}. Stop it first, or set DATA_DIR.`, {
          cause: error,
        });
      }
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
