import { existsSync } from 'node:fs';
import { link, mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';

/** Where a backup's images go: beside the database file, `<backup name>.images/`. */
export function imagesDirOf(backupFile: string): string {
  return `${backupFile.replace(/\.tar\.gz$/, '')}.images`;
}

/**
 * Adds every stored object file (DATA_DIR/storage/objects) to a backup as hard links: object files
 * are never changed after they are written (a new upload is a new file), so a link is a copy that
 * costs no space. Run before and after the database is dumped: the union holds every file the dump
 * refers to, whatever was uploaded or deleted meanwhile. Returns how many files it added.
 */
export async function linkImagesInto(dataDir: string, backupFile: string): Promise<number> {
  const source = path.join(dataDir, 'storage', 'objects');
  if (!existsSync(source)) return 0;
  const target = imagesDirOf(backupFile);
  let added = 0;
  for (const shard of await readdir(source)) {
    await mkdir(path.join(target, shard), { recursive: true, mode: 0o700 });
    for (const name of await readdir(path.join(source, shard))) {
      const to = path.join(target, shard, name);
      if (existsSync(to)) continue;
      // A file removed between listing and linking is simply not in this backup.
      await link(path.join(source, shard, name), to).then(
        () => (added += 1),
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        },
      );
    }
  }
  return added;
}

/**
 * Puts a backup's images back (with the server stopped): the current object files are moved
 * aside to `storage/objects.before-restore-…`, never deleted. At the next start, files the
 * restored database does not refer to are removed. Returns where the old files went, or null
 * when the backup has no images.
 */
export async function restoreImages(
  dataDir: string,
  backupFile: string,
  stamp: string,
): Promise<string | null> {
  const saved = imagesDirOf(backupFile);
  if (!existsSync(saved)) return null;
  const objects = path.join(dataDir, 'storage', 'objects');
  await mkdir(path.dirname(objects), { recursive: true, mode: 0o700 });
  const movedTo = `${objects}.before-restore-${stamp}`;
  if (existsSync(objects)) await rename(objects, movedTo);
  await mkdir(objects, { recursive: true, mode: 0o700 });
  for (const shard of await readdir(saved)) {
    await mkdir(path.join(objects, shard), { recursive: true, mode: 0o700 });
    for (const name of await readdir(path.join(saved, shard))) {
      await link(path.join(saved, shard, name), path.join(objects, shard, name));
    }
  }
  return movedTo;
}
