import { existsSync } from 'node:fs';
import { chmod, chown, copyFile, cp, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { serverOsUser } from '../postgres/os-user.ts';
import { backupClusterDir, isClusterBackup } from './backup-database.ts';
import { restoreImages } from './backup-images.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { enforceOwnerOnly } from './owner-only-permissions.ts';
import { postgresLayout, serverOwnedNames } from './postgres-layout.ts';

/**
 * Puts a backup (a folder from `npm run backup`) in place as the install's database, with the
 * server stopped. The database it replaces is moved aside, never deleted; the next start
 * replays the backup's WAL and opens the database as it was when the backup ended. Returns where
 * the old database went, if there was one.
 */
export async function restoreBackup(backup: string, dataDir: string): Promise<string | null> {
  if (!existsSync(backup)) throw new Error(`There is no backup at ${backup}`);
  if (backup.endsWith('.tar.gz')) {
    throw new Error(
      `${backup} was made by a release before PostgreSQL 17 (PGlite). Restore it with that release ` +
        '(npm run restore there), then start this version: its first start moves the database into PostgreSQL 17.',
    );
  }
  if (!isClusterBackup(backup)) {
    throw new Error(
      `${backup} is not a backup of this app's database (a folder made by npm run backup, holding backup.json and postgres/).`,
    );
  }
  const lock = await lockDataDir(dataDir);
  try {
    const layout = postgresLayout(dataDir);
    const stamp = new Date()
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replaceAll(':', '-');
    let movedTo: string | null = null;
    if ((await readdir(layout.pgdata).catch(() => [])).length > 0) {
      movedTo = `${layout.pgdata}.before-restore-${stamp}`;
      await rename(layout.pgdata, movedTo);
      if (existsSync(layout.passwordFile)) await rename(layout.passwordFile, `${movedTo}.password`);
    }
    await cp(backupClusterDir(backup), layout.pgdata, { recursive: true });
    await copyFile(path.join(backup, 'postgres-password'), layout.passwordFile);
    await chmod(layout.pgdata, 0o700);
    const runAs = await serverOsUser(process.env.POSTGRES_OS_USER);
    if (runAs) await chownTree(layout.pgdata, runAs.uid, runAs.gid);
    await restoreImages(dataDir, backup, stamp);
    await enforceOwnerOnly(dataDir, { skip: serverOwnedNames, ...(runAs ? { topMode: 0o711 } : {}) });
    return movedTo;
  } finally {
    await lock.release();
  }
}

async function chownTree(target: string, uid: number, gid: number): Promise<void> {
  await chown(target, uid, gid);
  for (const entry of await readdir(target, { withFileTypes: true })) {
    const child = path.join(target, entry.name);
    if (entry.isDirectory()) await chownTree(child, uid, gid);
    else await chown(child, uid, gid);
  }
}
