import { randomBytes } from 'node:crypto';
import { PostgrestError } from './postgrest-error.ts';

/** The default cap on one response body (createRestRoutes' maxResponseBytes). */
export const defaultMaxResponseBytes = 10 * 1024 * 1024;

/** How the rows of a statement become the response body, built by Postgres as PostgREST does. */
export interface BodySpec {
  /** `array`: a JSON array; `first`: its first element or `null` (single objects, single-value functions). */
  shape: 'array' | 'first';
  /** `nulls=stripped`: object keys whose value is null are left out (json_strip_nulls). */
  stripNulls: boolean;
  /** Set for scalar function results: the column holding the value, which is sent as it is. */
  scalarColumn: string | null;
  /** The body may not grow past this many bytes. */
  maxBytes: number;
}

export const arrayBody = (maxBytes = defaultMaxResponseBytes): BodySpec => ({
  shape: 'array',
  stripNulls: false,
  scalarColumn: null,
  maxBytes,
});

// Raised inside the SQL as a failed cast (22P02 naming this marker), the one way a plain SELECT
// can stop itself mid-scan without a helper function in the database.
// The random part keeps a client's own bad value (`?id=eq.pgrst_response_too_large`) from passing for it.
const tooLargeMarker = `pgrst_response_too_large_${randomBytes(6).toString('hex')}`;

/**
 * `select <body> as body, count(*)::int as n, <extra…> from (<rowsSql>)`. Every statement that
 * yields rows ends this way, so one round trip gives the body text and the row count.
 *
 * The byte cap is enforced inside Postgres: each row is turned into JSON, a running sum of the
 * sizes is kept (a window over the rows in order, so nothing waits for the whole set), and the first
 * row past the cap fails the statement at once. A request for 100 rows of 50 aliases of a large
 * column therefore stops after about the cap's worth of JSON instead of building a 100 MB string in
 * Postgres and again in Node.
 */
export function aggregateRows(rowsSql: string, body: BodySpec | null, extraColumns: string[] = []): string {
  const extra = extraColumns.map((column) => `, ${column}`).join('');
  if (!body) return `select null::text as body, count(*)::int as n${extra} from (${rowsSql}) _pgrst_r`;
  const value = body.scalarColumn ? `to_json(_pgrst_r.${body.scalarColumn})` : 'row_to_json(_pgrst_r)';
  const json = body.stripNulls ? `json_strip_nulls(${value})` : value;
  const maxBytes = Math.max(0, Math.floor(body.maxBytes));
  // pg_column_size of a computed json value is its text length plus a header of a few bytes.
  const sized =
    `select _pgrst_w.j, sum(pg_column_size(_pgrst_w.j)) over (rows between unbounded preceding and current row) as _pgrst_bytes` +
    ` from (select ${json} as j from (${rowsSql}) _pgrst_r) _pgrst_w`;
  // CASE keeps the failing cast from running before the comparison; the marker is not a constant,
  // so the planner cannot fold the cast ahead of time either.
  const withinCap =
    `case when _pgrst_t._pgrst_bytes <= ${maxBytes} then true` +
    ` else ('${tooLargeMarker}:' || _pgrst_t._pgrst_bytes)::int = 0 end`;
  const aggregated = `json_agg(_pgrst_t.j) filter (where ${withinCap})`;
  const bodySql =
    body.shape === 'array'
      ? `coalesce(${aggregated}, '[]')::text`
      : `coalesce((${aggregated})->0, 'null')::text`;
  return `select ${bodySql} as body, count(*)::int as n${extra} from (${sized}) _pgrst_t`;
}

/** Whether a database error is the cap of aggregateRows firing. */
export function isResponseTooLarge(error: unknown): boolean {
  const pg = error as { code?: unknown; message?: unknown } | null;
  return pg?.code === '22P02' && typeof pg.message === 'string' && pg.message.includes(tooLargeMarker);
}

/**
 * 413 with SQLSTATE 54000 (program_limit_exceeded). PostgREST 12+ answers its own class-54 errors
 * with 500 (PostgREST#3255); this refusal is the server's own limit, so it is a client-side 413.
 */
export function responseTooLarge(maxBytes: number): PostgrestError {
  return new PostgrestError(
    413,
    '54000',
    `The response would be larger than this server's limit of ${maxBytes} bytes: ask for fewer rows or columns`,
    'The statement was stopped (and any write rolled back) once the JSON body passed the limit.',
    'Use limit/range() to page through the rows, or select= only the columns you need.',
  );
}
