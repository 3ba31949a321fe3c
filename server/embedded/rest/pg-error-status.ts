import { PostgrestError } from './postgrest-error.ts';

interface PgErrorLike {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

/**
 * HTTP status for a PostgreSQL error, following PostgREST's table
 * (https://docs.postgrest.org/en/stable/references/errors.html).
 */
export function statusForSqlState(code: string, isAnonymous: boolean): number {
  if (code === '42501') return isAnonymous ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === 'P0001') return 400;
  const family = code.slice(0, 2);
  if (['08', '53'].includes(family)) return 503;
  if (family === '54') return 413;
  if (['0L', '0P', '28'].includes(family)) return 403;
  if (['22', '23', '42'].includes(family)) return 400;
  return 500;
}

/** Turns anything thrown while serving a REST request into PostgREST's error. */
export function toPostgrestError(error: unknown, isAnonymous: boolean): PostgrestError {
  if (error instanceof PostgrestError) return error;
  const pg = error as PgErrorLike;
  if (typeof pg?.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
    return new PostgrestError(
      statusForSqlState(pg.code, isAnonymous),
      pg.code,
      pg.message ?? 'Database error',
      pg.detail ?? null,
      pg.hint ?? null,
    );
  }
  return new PostgrestError(500, 'PGRST000', 'Internal server error');
}
