import type { Database } from './database.ts';

const apiRoles = ['anon', 'authenticated', 'service_role'];

/**
 * Records each API role's time limit on the role itself (`alter role … set statement_timeout`),
 * as hosted Supabase configures anon (3 s) and authenticated (8 s). PostgREST applies a role's
 * settings inside each request's transaction; runAsRole does the same from these values.
 */
export async function recordRoleTimeouts(
  db: Database,
  timeouts: Partial<Record<string, number>>,
): Promise<void> {
  for (const role of apiRoles) {
    const ms = timeouts[role];
    if (ms === undefined) continue;
    // Role names are the fixed list above and the value an integer: nothing here is user text.
    await db.exec(`alter role ${role} set statement_timeout = '${Math.max(1, Math.round(ms))}ms'`);
  }
}
