import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database.ts';

const bootstrapFile = new URL('./bootstrap.sql', import.meta.url);

const storageSchemaFile = new URL('./storage-schema.sql', import.meta.url);
const authSchemaFile = new URL('./auth-schema.sql', import.meta.url);

/** Runs a schema file whose every statement is idempotent, in one transaction. */
async function applyIdempotentSchema(db: Database, file: URL): Promise<void> {
  const sql = await readFile(file, 'utf8');
  await db.transaction(async (tx) => {
    await tx.exec(sql);
  });
}

/**
 * Brings the platform's Storage schema (storage-schema.sql) up to date: every statement is
 * idempotent, so it runs on every start, on new and old data directories alike, before the
 * migrations that add buckets and policies to it.
 */
export function ensureStorageSchema(db: Database): Promise<void> {
  return applyIdempotentSchema(db, storageSchemaFile);
}

/**
 * Brings the embedded GoTrue's schema (auth-schema.sql: email confirmation, password recovery,
 * PKCE flow state) up to date, the same way: on every start, so data directories made before it
 * existed get it before the auth server takes a request.
 */
export function ensureAuthSchema(db: Database): Promise<void> {
  return applyIdempotentSchema(db, authSchemaFile);
}

/** Migration files are named like the Supabase CLI's: `<version>_<name>.sql`. */
const migrationName = /^(\d+)_(.+)\.sql$/;

export interface Migration {
  version: string;
  name: string;
  file: string;
  sql: string;
}

export interface MigrationPlan {
  /** Files not yet applied, in version order. */
  pending: Migration[];
  /** How many migrations this database already has. */
  appliedCount: number;
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

/** Line endings differ between checkouts (Windows); what a migration says does not. */
const normalise = (sql: string) => sql.replace(/\r\n/g, '\n');

/**
 * Which migrations still have to run. A file whose content differs from what was applied under
 * its version is refused: the database no longer matches the repository, and quietly skipping
 * the edit would leave the two apart for good.
 */
export async function planMigrations(db: Database, dir: string): Promise<MigrationPlan> {
  const migrations = await readMigrations(dir);
  const { rows } = await db.query<{ version: string; statements: string[] | null }>(
    'select version, statements from supabase_migrations.schema_migrations',
  );
  const applied = new Map(rows.map((row) => [row.version, row.statements?.join('\n') ?? null]));
  for (const migration of migrations) {
    const recorded = applied.get(migration.version);
    if (recorded === undefined || recorded === null) continue;
    if (normalise(recorded) !== normalise(migration.sql)) {
      throw new Error(
        `The migration ${migration.file} was changed after it was applied to this database. ` +
          'An applied migration must stay as it was: restore the file (for example `git checkout -- ' +
          `${path.join(dir, migration.file)}\`) and put the change in a new migration file.`,
      );
    }
  }
  return {
    pending: migrations.filter((migration) => !applied.has(migration.version)),
    appliedCount: applied.size,
  };
}

/** Applies migrations in order, each in its own transaction, recorded as `supabase db push` does. */
export async function applyMigrations(db: Database, pending: Migration[]): Promise<void> {
  for (const migration of pending) {
    await db
      .transaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [migration.version, migration.name, [migration.sql]],
        );
      })
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Migration ${migration.file} failed: ${reason}`, { cause: error });
      });
  }
}

async function readMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => migrationName.test(file)).sort();
  return Promise.all(
    files.map(async (file) => {
      const [, version = '', name = ''] = migrationName.exec(file) ?? [];
      return { version, name, file, sql: await readFile(path.join(dir, file), 'utf8') };
    }),
  );
}
