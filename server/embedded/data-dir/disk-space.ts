import { statfs } from 'node:fs/promises';

/**
 * Refuses to start with too little free space: PostgreSQL cannot even write its startup
 * checkpoint on a full disk, and would stop with a PANIC instead of a message saying why.
 */
export async function requireFreeSpace(dir: string, minimumBytes: number): Promise<void> {
  const stats = await statfs(dir);
  const free = stats.bavail * stats.bsize;
  if (free < minimumBytes) {
    throw new Error(
      `Not enough free disk space for the database in ${dir}: ${megabytes(free)} MB free, at least ` +
        `${megabytes(minimumBytes)} MB needed. Free some space (or set DATA_DIR to another disk) and start again.`,
    );
  }
}

const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));
