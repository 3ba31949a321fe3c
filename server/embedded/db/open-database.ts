import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

export type Database = PGlite;

export interface OpenDatabaseOptions {
  /** A directory to persist into; omitted means an in-memory database. */
  dataDir?: string;
  /** A dump made by `dumpDataDir` (a migrated template), used to skip initdb in tests. */
  loadDataDir?: Blob | File;
}

/** Opens PGlite (real Postgres compiled to WebAssembly) with the extensions our migrations use. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const db = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pgcrypto },
  });
  // Every timestamp leaves the database as UTC ISO text, as on hosted Supabase.
  await db.exec(`set timezone to 'UTC'`);
  return db;
}
