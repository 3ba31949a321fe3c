import {
  applyMigrations,
  bootstrapDatabase,
  ensureAuthSchema,
  ensureStorageSchema,
} from '../../db/apply-migrations.ts';
import type { Database, Transaction } from '../../db/database.ts';
import { migrationsAsApplied, readAppliedMigrations } from './import-migrations.ts';
import { resetSequences } from './import-sequences.ts';
import { copyTableRows, exactTextOutput, planTableCopies, readFrom, readIn } from './import-tables.ts';
import { openPgliteWorkingCopy } from './pglite-working-copy.ts';

export interface ImportPgliteOptions {
  /** The old database: `DATA_DIR/pgdata` of a release that ran on PGlite. Only read, never changed. */
  pgliteDir: string;
  /** The new database, connected as the superuser `postgres`: created for this and still empty. */
  target: Database;
  /** The repository's migrations (supabase/migrations). */
  migrationsDir: string;
  log: (message: string) => void;
  /** Where the working copy of the old folder is made (and removed): the system's temporary folder by default. */
  workDir?: string;
}

export interface ImportPgliteResult {
  /** Tables whose rows were copied (empty ones included). */
  tables: number;
  rows: number;
  /** Migrations applied to the new database: the ones the old database had. */
  migrations: number;
}

/**
 * Moves an install's PGlite database into a new PostgreSQL database: the same bootstrap and the
 * migrations the old database had, then every row of every table of the app's schemas (auth,
 * storage, public, private, the migration history), then the sequences. It all happens in one
 * transaction of the new database, so a failure leaves it as empty as it was, and the old folder
 * is only read (PGlite opens a copy of it), so it stays the user's backup.
 */
export async function importPgliteDatabase(options: ImportPgliteOptions): Promise<ImportPgliteResult> {
  const { log } = options;
  const started = Date.now();
  const source = await openPgliteWorkingCopy(options.pgliteDir, options.workDir);
  try {
    const old = readFrom(source.db);
    await source.db.exec(exactTextOutput);
    // One snapshot of the old database for every read, the cursors included.
    await source.db.exec('begin isolation level repeatable read read only');
    const applied = await readAppliedMigrations(old);
    const outcome = await options.target.transaction(async (tx) => {
      await requireEmptySuperuserTarget(tx);
      const db = insideTransaction(tx, options.target);
      await bootstrapDatabase(db);
      await ensureAuthSchema(db);
      await ensureStorageSchema(db);
      const migrations = await migrationsAsApplied(db, options.migrationsDir, applied);
      await applyMigrations(db, migrations);

      const { copies, skipped } = await planTableCopies(old, readIn(tx));
      // Rows go in as they were: no triggers (updated_at, publishing state, limits) and no
      // foreign-key checks, which are triggers too, so tables can be filled in any order.
      await tx.query('set local session_replication_role = replica');
      for (const copy of copies) await copyTableRows(source.db, tx, copy);
      await tx.query('set local session_replication_role = origin');
      const sequences = await resetSequences(old, tx, new Set(copies.map((copy) => copy.name)));
      return { copies, skipped, sequences, migrations: migrations.length };
    });
    await source.db.exec('rollback');

    const bySchema = new Map<string, { tables: number; rows: number }>();
    for (const copy of outcome.copies) {
      const schema = bySchema.get(copy.schema) ?? { tables: 0, rows: 0 };
      bySchema.set(copy.schema, { tables: schema.tables + 1, rows: schema.rows + copy.rows });
    }
    for (const [schema, counts] of bySchema) {
      log(`Imported ${schema}: ${count(counts.rows, 'row')} in ${count(counts.tables, 'table')}.`);
    }
    for (const what of outcome.skipped) log(`Not imported: ${what}.`);
    const rows = outcome.copies.reduce((sum, copy) => sum + copy.rows, 0);
    log(
      `Imported the PGlite database in ${options.pgliteDir} (${count(outcome.migrations, 'migration')}, ` +
        `${count(outcome.copies.length, 'table')}, ${count(rows, 'row')}, ${count(outcome.sequences, 'sequence')}) ` +
        `in ${Date.now() - started} ms; ` +
        'the old folder was left as it was.',
    );
    return { tables: outcome.copies.length, rows, migrations: outcome.migrations };
  } finally {
    await source.close();
  }
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The import replaces whatever the tables hold, so it runs only on a database that holds nothing
 * yet, and only as a superuser: turning triggers off (session_replication_role) needs one.
 */
async function requireEmptySuperuserTarget(tx: Transaction): Promise<void> {
  const { rows } = await tx.query<{ role_name: string; superuser: boolean; tables: string | null }>(
    `select current_user as role_name,
            (select rolsuper from pg_catalog.pg_roles where rolname = current_user) as superuser,
            (select string_agg(name, ', ') from (
               select n.nspname || '.' || c.relname as name
                 from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
                where c.relkind in ('r', 'p') and n.nspname <> 'information_schema'
                  and n.nspname not like 'pg\\_%'
                order by 1 limit 5) found) as tables`,
  );
  const target = rows[0];
  if (!target?.superuser) {
    throw new Error(
      `The import needs a superuser connection to the new database, not ${target?.role_name ?? 'this one'}.`,
    );
  }
  if (target.tables !== null) {
    throw new Error(
      `The new database already has tables (${target.tables}): the import only fills an empty database.`,
    );
  }
}

/**
 * The migration code takes a Database and opens its own transactions; here every one of them
 * runs inside the import's single transaction, so that the schema is rolled back with the rows.
 */
function insideTransaction(tx: Transaction, outer: Database): Database {
  return {
    query: <T>(sql: string, params?: unknown[]) => tx.query<T>(sql, params),
    exec: (sql) => tx.exec(sql),
    transaction: (work) => work(tx),
    statementTimeoutFor: (role) => outer.statementTimeoutFor(role),
    close: async () => {},
  };
}
