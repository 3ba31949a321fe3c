import { newBackupPath, pruneAutomaticBackups, describeBackup } from '../data-dir/backups.ts';
import {
  applyMigrations,
  bootstrapDatabase,
  ensureAuthSchema,
  ensureStorageSchema,
  planMigrations,
} from './apply-migrations.ts';
import { recordRoleTimeouts } from './role-settings.ts';
import type { Database } from './database.ts';

/**
 * Brings the database up to the repository's migrations: the bootstrap on a new database, the
 * embedded auth server's and the platform's Storage schemas (idempotent, on every start), then the
 * pending files in order. An existing database is backed up first, so a migration that goes wrong
 * can be undone with `npm run restore`.
 */
export async function prepareSchema(
  db: Database,
  options: {
    dataDir: string;
    migrationsDir: string;
    /** Per-role time limits (ms), recorded on the roles as hosted Supabase does. */
    statementTimeouts?: Partial<Record<string, number>>;
    /** Takes a backup to `file` (null: a database this server does not own, never backed up here). */
    backup: ((file: string) => Promise<void>) | null;
    log: (message: string) => void;
  },
): Promise<void> {
  await bootstrapDatabase(db);
  await ensureAuthSchema(db);
  await ensureStorageSchema(db);
  await recordRoleTimeouts(db, options.statementTimeouts ?? {});
  const plan = await planMigrations(db, options.migrationsDir);
  const first = plan.pending[0];
  if (!first) return;
  if (plan.appliedCount > 0 && options.backup) {
    const file = await newBackupPath(options.dataDir, { beforeMigration: first.version });
    await options.backup(file);
    await pruneAutomaticBackups(options.dataDir);
    options.log(
      `Backed up the database before applying ${plan.pending.length} new migration(s): ${await describeBackup(file)}`,
    );
  }
  await applyMigrations(db, plan.pending);
}
