import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './open-database.ts';

const bootstrapFile = new URL('./bootstrap.sql', import.meta.url);

/** Migration files are named like the Supabase CLI's: `<version>_<name>.sql`. */
const migrationName = /^(\d+)_(.+)\.sql$/;

export interface AppliedMigration {
  version: string;
  name: string;
}

/** Creates what hosted Supabase provides (roles, auth schema) unless this database already has it. */
export async function bootstrapDatabase(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ present: boolean }>(
    `select exists (select 1 from pg_namespace where nspname = 'supabase_migrations') as present`,
  );
  if (rows[0]?.present) return false;
  const sql = await readFile(bootstrapFile, 'utf8');
  await db.transaction(async (tx) => {
    await tx.exec(sql);
  });
  return true;
}

/**
 * Applies the files of `dir` that are not yet recorded, in version order, each in its own
 * transaction, and records them the way `supabase db push` does.
 */
export async function applyMigrations(db: Database, dir: string): Promise<AppliedMigration[]> {
  const files = (await readdir(dir)).filter((file) => migrationName.test(file)).sort();
  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const done = new Set(rows.map((row) => row.version));
  const applied: AppliedMigration[] = [];
  for (const file of files) {
    const [, version = '', name = ''] = migrationName.exec(file) ?? [];
    if (done.has(version)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    await db
      .transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, name, [sql]],
        );
      })
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Migration ${file} failed: ${reason}`, { cause: error });
      });
    applied.push({ version, name });
  }
  return applied;
}
