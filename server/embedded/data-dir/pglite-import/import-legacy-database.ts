import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PostgresDatabase } from '../../db/postgres-database.ts';
import { startPostgresServer, type PostgresServerOptions } from '../../postgres/postgres-server.ts';
import type { PostgresLayout } from '../postgres-layout.ts';
import { importPgliteDatabase } from './import-pglite.ts';

/**
 * The first start after upgrading from a release that kept its database in PGlite
 * (`DATA_DIR/pgdata`, no PostgreSQL cluster yet): a new cluster is made in a staging folder, the
 * old database is imported into it, and only then does the staging folder become the cluster
 * and the old folder `pgdata.pglite-backup-<time>`, kept for the user to delete. A failed import
 * removes the staging folder and refuses the start with the reason; the old folder is never
 * changed. Returns true when it imported.
 */
export async function importLegacyDatabase(
  layout: PostgresLayout,
  serverOptions: PostgresServerOptions,
  migrationsDir: string,
  log: (message: string) => void,
): Promise<boolean> {
  if (existsSync(path.join(layout.pgdata, 'PG_VERSION'))) return false;
  if (!existsSync(path.join(layout.legacyPgdata, 'PG_VERSION'))) return false;
  const staging = `${layout.pgdata}.importing`;
  // What an interrupted import left is started over.
  await rm(staging, { recursive: true, force: true });
  log(`Moving the database of the previous release (${layout.legacyPgdata}) into PostgreSQL 17…`);
  const server = await startPostgresServer({ ...serverOptions, pgdata: staging });
  try {
    const db = await PostgresDatabase.connect({ connection: server.connection });
    try {
      await importPgliteDatabase({ pgliteDir: layout.legacyPgdata, target: db, migrationsDir, log });
    } finally {
      await db.close();
    }
    await server.stop();
  } catch (error) {
    await server.stop().catch(() => {});
    await rm(staging, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Could not move the previous release's database (${layout.legacyPgdata}) into PostgreSQL 17: ${reason}\n` +
        'Nothing was changed: the old database is as it was. Start the previous release to keep using it, ' +
        'or restore a backup, and report this message.',
      { cause: error },
    );
  }
  await rename(staging, layout.pgdata);
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  const kept = `${layout.legacyPgdata}.pglite-backup-${stamp}`;
  await rename(layout.legacyPgdata, kept);
  const manifest = path.join(path.dirname(layout.legacyPgdata), 'pgdata-integrity.json');
  if (existsSync(manifest)) await rename(manifest, `${kept}.integrity.json`);
  log(
    `The previous release's database is now in ${layout.pgdata}. Its old files are kept in ${kept}: ` +
      'delete that folder once you are happy with this version.',
  );
  return true;
}
