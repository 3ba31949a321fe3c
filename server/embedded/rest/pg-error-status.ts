import { PostgrestError } from './postgrest-error.ts';

interface PgErrorLike {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

const byPrefix: [prefix: string, status: number][] = [
  ['08', 503],
  ['09', 500],
  ['0L', 403],
  ['0P', 403],
  ['23503', 409],
  ['23505', 409],
  ['25006', 405],
  ['25', 500],
  ['28', 403],
  ['2D', 500],
  ['38', 500],
  ['39', 500],
  ['3B', 500],
  ['40', 500],
  ['53400', 500],
  ['53', 503],
  ['54', 500],
  ['55', 500],
  ['57P01', 503],
  ['57', 500],
  ['58', 500],
  ['F0', 500],
  ['HV', 500],
  ['P0001', 400],
  ['P0', 500],
  ['XX', 500],
  ['42P01', 404],
  ['42P17', 500],
];

/**
 * HTTP status for a PostgreSQL error, following PostgREST 12/13's table (Error.hs pgErrorStatus,
 * https://docs.postgrest.org/en/v13/references/errors.html). Anything it does not list is a 400.
 */
export function statusForSqlState(code: string, message: string, isAnonymous: boolean): number {
  if (code === '42501') return isAnonymous ? 401 : 403;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  // RAISE SQLSTATE 'PT402' answers with that status.
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  return byPrefix.find(([prefix]) => code.startsWith(prefix))?.[1] ?? 400;
}

/**
 * PostgreSQL's own words for a full disk name a file ("could not extend file base/5/16589";
 * hint "Check free disk space."): the hint says what happened and what to do. The status stays
 * PostgREST's (503), and reads go on working meanwhile.
 */
const diskFullHint =
  "The server's disk is full, so nothing was saved. Free some disk space where DATA_DIR lives and try again.";

/** Turns anything thrown while serving a REST request into PostgREST's error. */
export function toPostgrestError(error: unknown, isAnonymous: boolean): PostgrestError {
  if (error instanceof PostgrestError) return error;
  const pg = error as PgErrorLike;
  if (typeof pg?.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
    const message = pg.message ?? 'Database error';
    if (pg.code === 'PGRST') return raisedPgrstError(message, pg.detail);
    // cannot_connect_now (starting up, in recovery, shutting down) comes from a connection attempt,
    // which PostgREST answers as a connection failure it is retrying, and supabase-js retries a read on.
    if (pg.code === '57P03') {
      return new PostgrestError(503, 'PGRST001', 'Database client error. Retrying the connection.', message);
    }
    return new PostgrestError(
      statusForSqlState(pg.code, message, isAnonymous),
      pg.code,
      message,
      pg.detail ?? null,
      pg.code === '53100' ? diskFullHint : (pg.hint ?? null),
    );
  }
  return new PostgrestError(500, 'PGRST000', 'Internal server error');
}

/**
 * `RAISE SQLSTATE 'PGRST' USING message = '{"code":…,"message":…}', detail = '{"status":…,"headers":{…}}'`:
 * the function chooses the whole error and the HTTP status and headers (PostgREST's parseRaisePGRST).
 */
function raisedPgrstError(message: string, detail: string | undefined): PostgrestError {
  const body = parseObject(message);
  if (!body || typeof body.code !== 'string' || typeof body.message !== 'string') {
    return raiseParseError(`Invalid JSON value for MESSAGE: '${message}'`, true);
  }
  if (detail === undefined) return raiseParseError('DETAIL is missing in the RAISE statement', false);
  const response = parseObject(detail);
  const headers = response?.headers;
  if (!response || typeof response.status !== 'number' || typeof headers !== 'object' || headers === null) {
    return raiseParseError(`Invalid JSON value for DETAIL: '${detail}'`, false);
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const stringHeaders = Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return new PostgrestError(
    response.status,
    body.code,
    body.message,
    text(body.details),
    text(body.hint),
    stringHeaders,
  );
}

function raiseParseError(details: string, aboutMessage: boolean): PostgrestError {
  const hint = aboutMessage
    ? "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'."
    : "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
  return new PostgrestError(
    500,
    'PGRST121',
    'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
    details,
    hint,
  );
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
