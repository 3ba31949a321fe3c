import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The bytes of stored objects, on disk under `DATA_DIR/storage`. Each upload is a new file named
 * by a random version id (the object's `version` column), never by the object's name, so no name
 * can reach outside the folder. A file is written under `tmp/`, flushed, then renamed into place
 * and the folder flushed: after a crash a version is either whole or absent, and a row only ever
 * points to a whole one (the row is committed after the rename). Files no row points to (a crash
 * between the two, or an old version being replaced) are removed by `sweep` at start.
 */
export class ObjectFiles {
  private constructor(private readonly root: string) {}

  static async open(dataDir: string): Promise<ObjectFiles> {
    const root = path.join(dataDir, 'storage');
    await mkdir(path.join(root, 'tmp'), { recursive: true, mode: 0o700 });
    await mkdir(path.join(root, 'objects'), { recursive: true, mode: 0o700 });
    return new ObjectFiles(root);
  }

  /** Writes `bytes` durably as a new version and returns its id. */
  async write(bytes: Uint8Array): Promise<string> {
    const version = randomUUID();
    const temporary = path.join(this.root, 'tmp', `${version}.part`);
    const final = this.pathOf(version);
    try {
      const file = await open(temporary, 'wx', 0o600);
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      await mkdir(path.dirname(final), { recursive: true, mode: 0o700 });
      await rename(temporary, final);
      await syncDirectory(path.dirname(final));
      return version;
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** Opens a version for reading, or null when its file is gone. */
  async read(version: string): Promise<{ stream: ReadStream; size: number } | null> {
    const file = this.pathOf(version);
    try {
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    } catch {
      return null;
    }
  }

  async remove(version: string): Promise<void> {
    await rm(this.pathOf(version), { force: true });
  }

  /**
   * Removes half-written files and every version `isReferenced` does not know. Run at start,
   * before requests, so nothing is being written meanwhile. Returns how many files went.
   */
  async sweep(isReferenced: (versions: string[]) => Promise<Set<string>>): Promise<number> {
    let removed = 0;
    for (const name of await readdir(path.join(this.root, 'tmp'))) {
      await rm(path.join(this.root, 'tmp', name), { force: true });
      removed += 1;
    }
    const objects = path.join(this.root, 'objects');
    for (const shard of await readdir(objects)) {
      const versions = await readdir(path.join(objects, shard));
      const kept = await isReferenced(versions);
      for (const version of versions.filter((name) => !kept.has(name))) {
        await rm(path.join(objects, shard, version), { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  private pathOf(version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error(`Not a version id: ${version}`);
    return path.join(this.root, 'objects', version.slice(0, 2), version);
  }
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
