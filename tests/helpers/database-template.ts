import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { applyMigrations, bootstrapDatabase } from '../../server/embedded/db/apply-migrations.ts';
import { openDatabase } from '../../server/embedded/db/open-database.ts';

export const projectRoot = path.resolve(import.meta.dirname, '../..');
export const migrationsDir = path.join(projectRoot, 'supabase/migrations');
const bootstrapFile = path.join(projectRoot, 'server/embedded/db/bootstrap.sql');
const cacheDir = path.join(projectRoot, 'node_modules/.cache/embedded-db-template');

/** A hash of everything that shapes the template, so a changed migration rebuilds it. */
async function templateKey(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const pglite = JSON.parse(await readFile(path.join(projectRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  hash.update(pglite.version);
  hash.update(await readFile(bootstrapFile));
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()) {
    hash.update(file);
    hash.update(await readFile(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Returns the path of a dump (dumpDataDir) of a bootstrapped, migrated database. initdb costs
 * seconds and hundreds of MB, so it runs once and every test database starts from this dump.
 */
export async function ensureDatabaseTemplate(dir = migrationsDir): Promise<string> {
  const file = path.join(cacheDir, `${await templateKey(dir)}.tar`);
  if (await stat(file).catch(() => null)) return file;
  const db = await openDatabase();
  await bootstrapDatabase(db);
  await applyMigrations(db, dir);
  const dump = await db.dumpDataDir('none');
  await db.close();
  await mkdir(cacheDir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return file;
}
