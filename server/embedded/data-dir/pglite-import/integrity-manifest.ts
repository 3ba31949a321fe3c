import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { damagedMessage, DamagedDataDirError } from './check-pgdata.ts';

interface FileRecord {
  size: number;
  sha256: string;
}

/**
 * What releases before PostgreSQL 17 wrote beside their PGlite database: `clean` after an orderly
 * shutdown, with the size and SHA-256 of every file; `open` while a server used it. Only read
 * now, to check an old database before importing it.
 */
interface Manifest {
  version: 1;
  state: 'clean' | 'open';
  at: string;
  files?: Record<string, FileRecord>;
}

const manifestFileName = 'pgdata-integrity.json';

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

async function readManifest(pgdata: string): Promise<Manifest | null> {
  try {
    const parsed = JSON.parse(await readFile(manifestPath(pgdata), 'utf8')) as Manifest;
    return parsed.version === 1 ? parsed : null;
  } catch {
    return null;
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
