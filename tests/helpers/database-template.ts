import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { openDataDir } from '../../server/embedded/data-dir/open-data-dir.ts';
import { prepareSchema } from '../../server/embedded/db/prepare-schema.ts';
import { projectRoot } from '../../harness/paths.ts';

export { projectRoot };
export const migrationsDir = path.join(projectRoot, 'supabase/migrations');
const bootstrapFile = path.join(projectRoot, 'server/embedded/db/bootstrap.sql');
const storageSchemaFile = path.join(projectRoot, 'server/embedded/db/storage-schema.sql');
const cacheDir = path.join(projectRoot, 'node_modules/.cache/embedded-data-template');

/** A hash of everything that shapes the template, so a changed migration rebuilds it. */
async function templateKey(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    await readFile(path.join(projectRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pglite.version);
  hash.update(await readFile(bootstrapFile));
  hash.update(await readFile(storageSchemaFile));
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()) {
    hash.update(file);
    hash.update(await readFile(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Returns a data directory (pgdata and its integrity record, as a clean shutdown leaves them)
 * holding a bootstrapped, migrated database. initdb costs seconds, so it runs once; every test
 * server starts from a copy of this directory, on disk as `npm start` runs.
 */
export async function ensureDatabaseTemplate(dir = migrationsDir): Promise<string> {
  const target = path.join(cacheDir, await templateKey(dir));
  if (existsSync(path.join(target, 'pgdata-integrity.json'))) return target;
  const partial = `${target}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(cacheDir, { recursive: true });
  const opened = await openDataDir(partial, { minFreeBytes: 0, log: () => {} });
  await prepareSchema(opened.db, { dataDir: partial, migrationsDir: dir, log: () => {} });
  await opened.close();
  await rm(target, { recursive: true, force: true });
  await rename(partial, target);
  return target;
}
