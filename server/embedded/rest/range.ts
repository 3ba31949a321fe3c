import { PostgrestError } from './postgrest-error.ts';

/** The rows a read asks for: `offset` and at most `limit` rows (null: no limit). */
export interface RowRange {
  offset: number;
  limit: number | null;
}

const notSatisfiable = 'Requested range not satisfiable';

/**
 * Combines `limit`/`offset` with the `Range` header the way PostgREST's ApiRequest.getRanges does:
 * the header counts only on GET, both ranges intersect, `limit=0` bypasses the checks (an empty
 * page), and an empty intersection (a negative limit, say) is PGRST103 (416).
 */
export function requestedRange(
  method: string,
  rangeHeader: string | undefined,
  limit: number | null,
  offset: number | null,
): RowRange {
  // Only a bare limit=0 is special: with an offset its range is empty like any other (PGRST103).
  if (limit === 0 && !offset) return { offset: 0, limit: 0 };
  const header = method === 'GET' ? parseRangeHeader(rangeHeader) : null;
  if (header && header.upper !== null && header.upper < header.lower) {
    throw new PostgrestError(
      416,
      'PGRST103',
      notSatisfiable,
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  }
  const fromParams = { lower: offset ?? 0, upper: limit === null ? null : (offset ?? 0) + limit - 1 };
  const lower = Math.max(header?.lower ?? 0, fromParams.lower);
  const uppers = [header?.upper ?? null, fromParams.upper].filter((value): value is number => value !== null);
  const upper = uppers.length ? Math.min(...uppers) : null;
  if (upper !== null && upper < lower) {
    throw new PostgrestError(
      416,
      'PGRST103',
      notSatisfiable,
      'Limit should be greater than or equal to zero.',
    );
  }
  return { offset: lower, limit: upper === null ? null : upper - lower + 1 };
}

/** `Range: 0-9` or `Range: 10-`; PostgREST ignores anything else (including a `items=` unit). */
function parseRangeHeader(header: string | undefined): { lower: number; upper: number | null } | null {
  const match = /^(\d+)-(\d*)$/.exec(header ?? '');
  if (!match) return null;
  return { lower: Number(match[1]), upper: match[2] ? Number(match[2]) : null };
}

/** RangeQuery.contentRangeH: `lower-upper/total`, or `*` for the range when empty or the total is 0. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** RangeQuery.rangeStatusHeader for a read of `rows` rows starting at `offset`. */
export function readRangeStatus(
  offset: number,
  rows: number,
  total: number | null,
): { status: number; contentRange: string } {
  const upper = offset + rows - 1;
  let status = 200;
  if (total !== null && offset > total) status = 416;
  else if (total !== null && rows < total) status = 206;
  return { status, contentRange: contentRange(offset, upper, total) };
}

/** The body PostgREST sends with a 416 for an offset past the counted rows. */
export function outOfBoundsError(offset: number, total: number | null): PostgrestError {
  return new PostgrestError(
    416,
    'PGRST103',
    notSatisfiable,
    `An offset of ${offset} was requested, but there are only ${total ?? 0} rows.`,
  );
}
