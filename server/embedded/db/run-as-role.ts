import type { Transaction } from '@electric-sql/pglite';
import type { Database } from './open-database.ts';

/** The database roles a request may act as; anything else is refused before SQL runs. */
export const apiRoles = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof apiRoles)[number];

export interface RequestIdentity {
  role: ApiRole;
  /** The verified JWT claims, visible to SQL as auth.jwt() / auth.uid(). */
  claims: Record<string, unknown>;
}

export interface RequestContext {
  method: string;
  path: string;
}

/**
 * Runs `work` in one transaction as the request's role, the way PostgREST does: claims go into
 * `request.jwt.claims` and `SET LOCAL ROLE` drops the superuser, so row-level security applies.
 * Any error rolls the whole request back.
 */
export async function runAsRole<T>(
  db: Database,
  identity: RequestIdentity,
  request: RequestContext,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('request.jwt.claims', $1, true),
              set_config('request.method', $2, true),
              set_config('request.path', $3, true)`,
      [JSON.stringify(identity.claims), request.method, request.path],
    );
    // The role is one of three fixed names, never user text: checked again here because it is spliced into SQL.
    if (!apiRoles.includes(identity.role)) throw new Error(`Refusing unknown role ${String(identity.role)}`);
    await tx.exec(`set local role ${identity.role}`);
    return work(tx);
  });
}
