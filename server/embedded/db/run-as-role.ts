import type { Database, Transaction } from './database.ts';

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
  /** The client's address: whose turn it is when the request is anonymous. */
  client?: string;
  /** Aborted when the client goes away: a request still waiting for the database is dropped. */
  signal?: AbortSignal;
}

/**
 * Runs `work` in one transaction as the request's role, the way PostgREST does: claims go into
 * `request.jwt.claims` and `SET LOCAL ROLE` drops the superuser, so row-level security applies.
 * Any error rolls the whole request back. The work is the user's own (filters they wrote), so
 * it runs under the role's time limit, on the user's share of the connections.
 */
export async function runAsRole<T>(
  db: Database,
  identity: RequestIdentity,
  request: RequestContext,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  // The role is one of three fixed names, never user text (checked here as well as where it is derived).
  if (!apiRoles.includes(identity.role)) throw new Error(`Refusing unknown role ${String(identity.role)}`);
  const subject =
    typeof identity.claims.sub === 'string' && identity.claims.sub !== '' ? identity.claims.sub : null;
  return db.transaction(
    async (tx) => {
      // One statement for the whole setup, sent with the request's first statement;
      // set_config('role', …, true) is SET LOCAL ROLE, as PostgREST does it.
      tx.defer(
        `select set_config('request.jwt.claims', $1, true),
                set_config('request.method', $2, true),
                set_config('request.path', $3, true),
                set_config('role', $4, true)`,
        [JSON.stringify(identity.claims), request.method, request.path, identity.role],
      );
      return work(tx);
    },
    {
      owner: subject ? `user:${subject}` : `client:${request.client ?? 'unknown'}`,
      timeoutMs: db.statementTimeoutFor(identity.role),
      ...(request.signal ? { signal: request.signal } : {}),
    },
  );
}
