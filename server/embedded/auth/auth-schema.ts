import { readFile } from 'node:fs/promises';
import type { Database } from '../db/database.ts';

const bootstrapFile = new URL('../db/bootstrap.sql', import.meta.url);
const begin = '-- BEGIN embedded-gotrue: email confirmation and PKCE';
const end = '-- END embedded-gotrue: email confirmation and PKCE';

/** The marked block of bootstrap.sql: the one definition of the confirmation and PKCE schema. */
export async function confirmationSchemaSql(): Promise<string> {
  const sql = await readFile(bootstrapFile, 'utf8');
  const from = sql.indexOf(begin);
  const to = sql.indexOf(end);
  if (from < 0 || to < from) throw new Error(`bootstrap.sql has lost its "${begin}" block`);
  return sql.slice(from, to);
}

const ensured = new WeakMap<Database, Promise<void>>();

/**
 * The bootstrap runs once per data directory, so directories made before confirmations existed
 * lack their columns and table. Like GoTrue migrating its own schema, the auth server adds them
 * the first time it needs them (every statement is idempotent). Once per database per process.
 */
export function ensureConfirmationSchema(db: Database): Promise<void> {
  let pending = ensured.get(db);
  if (!pending) {
    pending = (async () => {
      const { rows } = await db.query<{ present: boolean }>(
        `select to_regclass('auth.flow_state') is not null
            and exists (select 1 from information_schema.columns
                         where table_schema = 'auth' and table_name = 'users'
                           and column_name = 'confirmation_sent_at')
            and exists (select 1 from information_schema.columns
                         where table_schema = 'auth' and table_name = 'users'
                           and column_name = 'recovery_sent_at') as present`,
      );
      if (rows[0]?.present) return;
      const sql = await confirmationSchemaSql();
      await db.transaction(async (tx) => {
        await tx.exec(sql);
      });
    })();
    // A failure is not remembered: the next request tries again.
    pending.catch(() => ensured.delete(db));
    ensured.set(db, pending);
  }
  return pending;
}
