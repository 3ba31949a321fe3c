import { rm } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDataDir } from '../../server/embedded/data-dir/open-data-dir.ts';
import type { Database } from '../../server/embedded/db/database.ts';
import { createHostedDatabase } from './hosted-database.ts';
import { PgDatabase } from './pg-database.ts';
import { copyTemplateDataDir } from './test-server.ts';

export interface MigratedDatabase {
  db: Database;
  close(): Promise<void>;
}

/** A copy of the migrated PGlite template, opened as the embedded server opens it. */
async function openEmbedded(): Promise<MigratedDatabase> {
  const dataDir = await copyTemplateDataDir();
  const opened = await openDataDir(dataDir, { minFreeBytes: 0, log: () => {} });
  return {
    db: opened.db,
    close: async () => {
      await opened.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new database on the real PostgreSQL server, migrated as `postgres`, used as supabase_admin. */
async function openRealPostgres(): Promise<MigratedDatabase> {
  const database = await createHostedDatabase(inject('realPostgres'), { migrate: true });
  const db = await PgDatabase.connect(database.connection('supabase_admin')).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  return {
    db,
    close: async () => {
      await db.close();
      await database.drop();
    },
  };
}

/**
 * The two engines the schema must behave the same on: the embedded server's PGlite and a real
 * PostgreSQL server laid out as a hosted project. Both are used as a superuser, as the server
 * uses PGlite; tests drop to API roles with SET LOCAL ROLE where that matters.
 */
export const engines = [
  { name: 'PGlite (embedded)', open: openEmbedded },
  { name: 'real PostgreSQL', open: openRealPostgres },
];
