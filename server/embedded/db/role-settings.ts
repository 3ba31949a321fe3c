import type { Database } from './database.ts';

const apiRoles = ['anon', 'authenticated', 'service_role'];

/**
 * Records each API role's time limit on the role (`alter role … set statement_timeout`), as
 * hosted Supabase configures anon (3 s) and authenticated (8 s). PostgREST applies a role's
 * settings inside each request's transaction; runAsRole does the same from these values.
 * The setting is made for this database only (`in database`): roles belong to the whole
 * cluster, and other databases of it (the test servers' copies) may have other limits.
 */
export async function recordRoleTimeouts(
  db: Database,
  timeouts: Partial<Record<string, number>>,
): Promise<void> {
  const [current] = (await db.query<{ name: string }>('select current_database() as name')).rows;
  const database = `"${(current?.name ?? '').replaceAll('"', '""')}"`;
  for (const role of apiRoles) {
    const ms = timeouts[role];
    if (ms === undefined) continue;
    // Role names are the fixed list above and the value an integer: nothing here is user text.
    await db.exec(
      `alter role ${role} in database ${database} set statement_timeout = '${Math.max(1, Math.round(ms))}ms'`,
    );
  }
}
