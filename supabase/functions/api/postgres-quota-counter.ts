// The AI budgets counted on the project's own Postgres connection (SUPABASE_DB_URL), one statement
// per paid call (docs/decisions/027).
import postgres from 'postgres';
import {
  checkedRow,
  endedSessionError,
  quotaUnavailable,
  type QuotaCounter,
  type QuotaRow,
} from '../../../server/api/ai-quota.ts';
import { unauthenticated } from '../../../server/api/verify-access-token.ts';

/** What a statement may take at most, as the service role's REST calls are limited (ms). */
const statementTimeoutMs = 8000;
/** After a failed connection, how long the counts go through REST before the database is tried again. */
const retryDirectAfterMs = 60_000;

// Errors that mean the statement never ran: no connection, refused login, no such database, role
// or function, or no right to call it. Counting through REST instead cannot count a call twice.
const neverRanCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPERM',
  'EACCES',
  'CONNECT_TIMEOUT',
  'SASL_SIGNATURE_MISMATCH',
  'AUTH_TYPE_NOT_IMPLEMENTED',
  'MESSAGE_NOT_SUPPORTED',
  '42501',
  '42883',
]);
const neverRanClasses = ['08', '28', '3D', '53'];

function neverRan(error: unknown): boolean {
  if (error instanceof Deno.errors.PermissionDenied) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return neverRanCodes.has(code) || neverRanClasses.some((prefix) => code.startsWith(prefix));
}

/**
 * consume_ai_quotas over the database connection hosted Supabase gives every function
 * (SUPABASE_DB_URL): the same function, limits and answers as through REST (restQuotaCounter), in
 * one round trip instead of an HTTP request to the REST API, which opens a transaction of its own
 * around the call. The connection's role (the project owner, `postgres`) owns the function and so
 * may call it; the browser never reaches it. Statements are not prepared (a pooler in transaction
 * mode cannot keep them); connections are opened on first use and kept while the isolate lives.
 * When the database cannot be reached or refuses the login (a project with network restrictions,
 * a rotated password), the statement never ran: the call is counted through `rest` instead, and
 * so are the next ones for a minute. A failure after the statement was sent is a 503, never a
 * second count.
 */
export function postgresQuotaCounter(
  databaseUrl: string,
  rest: QuotaCounter,
  now: () => number = Date.now,
): QuotaCounter {
  const sql = postgres(databaseUrl, {
    max: 4,
    prepare: false,
    idle_timeout: 60,
    connect_timeout: 5,
    onnotice: () => {},
    connection: { application_name: 'api-function', statement_timeout: statementTimeoutMs },
  });
  let restUntil = 0;
  return async (args) => {
    if (now() < restUntil) return rest(args);
    let row: QuotaRow | undefined;
    try {
      const rows = await sql<QuotaRow[]>`
        select * from public.consume_ai_quotas(
          ${args.user_id}::uuid, ${args.session_id}::uuid, ${args.request_limit}::integer,
          ${args.client_address}::text, ${args.address_limit}::integer, ${args.window_seconds}::integer
        )`;
      row = rows[0];
    } catch (error) {
      if (endedSessionError(error)) throw unauthenticated();
      if (!neverRan(error)) throw quotaUnavailable();
      console.warn('Counting AI calls over REST: the database connection failed:', String(error));
      restUntil = now() + retryDirectAfterMs;
      return rest(args);
    }
    return checkedRow(row);
  };
}
