import { existsSync } from 'node:fs';
import { readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { openPglite } from '../db/pglite-engine.ts';
import { restoreImages } from './backup-images.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { manifestFileName, recordCleanShutdown } from './integrity-manifest.ts';
import { enforceOwnerOnly } from './owner-only-permissions.ts';

/**
 * Puts a backup (a gzipped dump from `npm run backup`) in place as the install's database. The
 * database it replaces is moved aside, never deleted. Refuses while a server uses the directory.
 * Returns where the old database went, if there was one.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<string | null> {
  if (!existsSync(file)) throw new Error(`There is no backup file at ${file}`);
  const lock = await lockDataDir(dataDir);
  try {
    const pgdata = path.join(dataDir, 'pgdata');
    let movedTo: string | null = null;
    const stamp = new Date()
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replaceAll(':', '-');
    if ((await readdir(pgdata).catch(() => [])).length > 0) {
      movedTo = `${pgdata}.before-restore-${stamp}`;
      await rename(pgdata, movedTo);
      const manifest = path.join(dataDir, manifestFileName);
      if (existsSync(manifest)) await rename(manifest, `${movedTo}.${manifestFileName}`);
    }
    const db = await openPglite({
      pgdata,
      loadDataDir: new Blob([new Uint8Array(await readFile(file))]),
    }).catch((error: unknown) => {
      throw new Error(
        `${file} is not a readable backup of this app's database: ${error instanceof Error ? error.message : String(error)}`,
        {
          cause: error,
        },
      );
    });
    try {
      // A backup of this app has its migration history; anything else is not ours.
      await db.query('select count(*) from supabase_migrations.schema_migrations');
    } finally {
      await db.close();
    }
    await recordCleanShutdown(pgdata);
    await restoreImages(dataDir, file, stamp);
    await enforceOwnerOnly(dataDir);
    return movedTo;
  } finally {
    await lock.release();
  }
}
