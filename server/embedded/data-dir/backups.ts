import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { imagesDirOf } from './backup-images.ts';
import path from 'node:path';

/** Backups live beside the database: `DATA_DIR/backups/<name>/` (and `<name>.images/`), owner-only. */
export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

const automaticPrefix = 'auto-';
/** Automatic backups (taken before new migrations) kept; older ones are deleted. */
const automaticBackupsKept = 5;

/** A new backup's folder, e.g. `backups/auto-2026-11-23T18-04-05Z-before-20261201000000`. */
export async function newBackupPath(
  dataDir: string,
  kind: 'manual' | { beforeMigration: string },
): Promise<string> {
  const dir = backupsDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  const name =
    kind === 'manual' ? `backup-${stamp}` : `${automaticPrefix}${stamp}-before-${kind.beforeMigration}`;
  return path.join(dir, name);
}

/** Keeps the newest automatic backups; manual ones are never deleted. */
export async function pruneAutomaticBackups(dataDir: string): Promise<void> {
  const dir = backupsDir(dataDir);
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.startsWith(automaticPrefix) && !name.endsWith('.images'))
    .sort();
  for (const name of names.slice(0, Math.max(0, names.length - automaticBackupsKept))) {
    await rm(path.join(dir, name), { recursive: true, force: true });
    await rm(imagesDirOf(path.join(dir, name)), { recursive: true, force: true });
  }
}

/** Size of a backup (a file or a folder) in a form people read. */
export async function describeBackup(file: string): Promise<string> {
  const size = await sizeOf(file);
  return `${file} (${size < 1024 * 1024 ? `${Math.ceil(size / 1024)} kB` : `${(size / 1024 / 1024).toFixed(1)} MB`})`;
}

async function sizeOf(target: string): Promise<number> {
  const stats = await stat(target);
  if (!stats.isDirectory()) return stats.size;
  let total = 0;
  for (const name of await readdir(target)) total += await sizeOf(path.join(target, name));
  return total;
}
