import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, open, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { damagedMessage, DamagedDataDirError } from './check-pgdata.ts';

interface FileRecord {
  size: number;
  sha256: string;
}

/**
 * Written beside the database: `clean` after an orderly shutdown, with the size and SHA-256 of
 * every file; `open` while a server uses it (a crash leaves it `open`, and WAL recovery applies).
 */
interface Manifest {
  version: 1;
  state: 'clean' | 'open';
  at: string;
  files?: Record<string, FileRecord>;
}

export const manifestFileName = 'pgdata-integrity.json';

const manifestPath = (pgdata: string) => path.join(path.dirname(pgdata), manifestFileName);

export type IntegrityResult = 'verified' | 'after-crash' | 'no-record';

/**
 * Checks the database files against the record of the last clean shutdown. Postgres cannot tell
 * a table file cut short, a zeroed transaction-status file or a missing file from data that was
 * never there: it just returns fewer rows. Any difference from the record refuses the start.
 */
export async function verifyIntegrity(pgdata: string): Promise<IntegrityResult> {
  const manifest = await readManifest(pgdata);
  if (!manifest) return 'no-record';
  if (manifest.state !== 'clean' || !manifest.files) return 'after-crash';
  const problems: string[] = [];
  const current = await listFiles(pgdata);
  for (const [name, recorded] of Object.entries(manifest.files)) {
    const size = current.get(name);
    if (size === undefined) problems.push(`${name} is missing`);
    else if (size !== recorded.size)
      problems.push(`${name} is ${size} bytes, but was ${recorded.size} bytes at the last shutdown`);
    else if ((await sha256(path.join(pgdata, name))) !== recorded.sha256)
      problems.push(`${name} has changed since the last shutdown`);
  }
  if (problems.length > 0) throw new DamagedDataDirError(damagedMessage(pgdata, problems));
  return 'verified';
}

/** Marks the database as in use; must be on disk before the engine opens it. */
export async function markOpen(pgdata: string): Promise<void> {
  await writeManifest(pgdata, { version: 1, state: 'open', at: new Date().toISOString() });
}

/** Records every file's size and hash after the engine has closed the database cleanly. */
export async function recordCleanShutdown(pgdata: string): Promise<void> {
  const files: Record<string, FileRecord> = {};
  for (const [name, size] of await listFiles(pgdata)) {
    files[name] = { size, sha256: await sha256(path.join(pgdata, name)) };
  }
  await writeManifest(pgdata, { version: 1, state: 'clean', at: new Date().toISOString(), files });
}

async function readManifest(pgdata: string): Promise<Manifest | null> {
  try {
    const parsed = JSON.parse(await readFile(manifestPath(pgdata), 'utf8')) as Manifest;
    return parsed.version === 1 ? parsed : null;
  } catch {
    return null;
  }
}

/** Write, fsync, rename, fsync the directory: the record is either the old one or the new one. */
async function writeManifest(pgdata: string, manifest: Manifest): Promise<void> {
  const target = manifestPath(pgdata);
  const partial = `${target}.partial`;
  const file = await open(partial, 'w', 0o600);
  try {
    await file.writeFile(JSON.stringify(manifest));
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(partial, target);
  const dir = await open(path.dirname(target), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

/** Every regular file under `root` with its size, by path relative to `root` (with `/`). */
async function listFiles(root: string): Promise<Map<string, number>> {
  const files = new Map<string, number>();
  const visit = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await visit(full);
      else if (entry.isFile())
        files.set(path.relative(root, full).split(path.sep).join('/'), (await lstat(full)).size);
    }
  };
  await visit(root);
  return files;
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file, { highWaterMark: 1024 * 1024 })
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
