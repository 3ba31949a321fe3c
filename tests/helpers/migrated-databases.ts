import { rm } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDataDir } from '../../server/embedded/data-dir/open-data-dir.ts';
import type { Database } from '../../server/embedded/db/database.ts';
import { migrationsDir } from './database-template.ts';
import { createHostedDatabase } from './hosted-database.ts';
import { PostgresDatabase } from '../../server/embedded/db/postgres-database.ts';
import { copyTemplateDataDir, templateCopyFor } from './test-server.ts';

export interface MigratedDatabase {
  db: Database;
  close(): Promise<void>;
}

/** A copy of the migrated template database, opened as the embedded server opens its own. */
async function openEmbedded(): Promise<MigratedDatabase> {
  const dataDir = await copyTemplateDataDir();
  const database = await templateCopyFor(dataDir);
  const opened = await openDataDir(dataDir, {
    migrationsDir,
    minFreeBytes: 0,
    external: database.connection,
    log: () => {},
  });
  return {
    db: opened.db,
    close: async () => {
      await opened.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new database on the real PostgreSQL server, migrated as `postgres`, used as supabase_admin. */
async function openRealPostgres(): Promise<MigratedDatabase> {
  const database = await createHostedDatabase(inject('realPostgres'), { migrate: true });
  const db = await PostgresDatabase.connect({ connection: database.connection('supabase_admin') }).catch(
    async (error: unknown) => {
      await database.drop();
      throw error;
    },
  );
  return {
    db,
    close: async () => {
      await db.close();
      await database.drop();
    },
  };
}

/**
 * The two layouts the schema must behave the same on: the embedded server's database (its
 * superuser is `postgres`, which also ran the migrations) and a database laid out as a hosted
 * project (migrations run by the non-superuser postgres). Both are used as a superuser, as the
 * server does; tests drop to API roles with SET LOCAL ROLE where that matters.
 */
export const engines = [
  { name: 'embedded', open: openEmbedded },
  { name: 'real PostgreSQL', open: openRealPostgres },
];
