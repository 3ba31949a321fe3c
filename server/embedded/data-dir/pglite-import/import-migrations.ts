import path from 'node:path';
import { planMigrations, type Migration } from '../../db/apply-migrations.ts';
import type { Database } from '../../db/database.ts';
import type { Read } from './import-tables.ts';

/** A row of supabase_migrations.schema_migrations: what was applied under a version. */
export interface AppliedMigration {
  version: string;
  name: string | null;
  statements: string[] | null;
}

export async function readAppliedMigrations(old: Read): Promise<AppliedMigration[]> {
  const [present] = await old<{ present: boolean }>(
    `select exists (select from pg_catalog.pg_namespace where nspname = 'supabase_migrations') as present`,
  );
  if (!present?.present) {
    throw new Error(
      'The old database has no migration history (supabase_migrations): it is not one of this app.',
    );
  }
  return old<AppliedMigration>(
    'select version, name, statements from supabase_migrations.schema_migrations order by version',
  );
}

/** Line endings differ between checkouts (Windows); what a migration says does not. */
const normalise = (sql: string) => sql.replace(/\r\n/g, '\n');

/**
 * The repository's migration files for exactly the versions the old database had applied, in
 * order: the new database must reach the same schema before the old rows go in (later files are
 * applied by the normal start afterwards). A version without a file, or whose file now says
 * something else than what was applied, stops the import: the schema would not be the old one.
 * `db` is the new database after its bootstrap, with no migration applied yet.
 */
export async function migrationsAsApplied(
  db: Database,
  dir: string,
  applied: readonly AppliedMigration[],
): Promise<Migration[]> {
  const files = new Map((await planMigrations(db, dir)).pending.map((file) => [file.version, file]));
  const problems: string[] = [];
  for (const row of applied) {
    const file = files.get(row.version);
    if (!file) {
      problems.push(
        `${row.version}_${row.name ?? '…'}.sql was applied to the old database but is not in ${dir}`,
      );
    } else if (row.statements !== null && normalise(row.statements.join('\n')) !== normalise(file.sql)) {
      problems.push(`${path.join(dir, file.file)} differs from what was applied to the old database`);
    }
  }
  if (problems.length > 0) {
    throw new Error(
      [
        'The migration files do not match the old database, so nothing was imported:',
        ...problems.map((problem) => `  - ${problem}`),
        'Restore the migration files as the old server had them (for example `git checkout -- supabase/migrations`) and start again.',
      ].join('\n'),
    );
  }
  const versions = new Set(applied.map((row) => row.version));
  return [...files.values()].filter((file) => versions.has(file.version));
}
