import { requestOrigin } from './request-origin.ts';
import type { Context } from 'hono';
import type { RequestIdentity } from '../db/run-as-role.ts';
import type { BodySpec } from './body-sql.ts';
import { buildCall, type CallArgs } from './build-call.ts';
import { findRoutine, takesWholeBody } from './find-routine.ts';
import type { RoutineInfo } from './function-catalog.ts';
import { parseJsonBody } from './json-body.ts';
import type { ResponseMedia } from './media-type.ts';
import type { Outcome } from './outcome.ts';
import type { Preferences } from './parse-prefer.ts';
import { parseQuery } from './parse-query.ts';
import { PostgrestError } from './postgrest-error.ts';
import { readRequestHeaders } from './request-headers.ts';
import { requireJsonContent } from './request-body.ts';
import { aggregateRow, countInStatement, runRequest, settleTotal, type RestContext } from './run-request.ts';
import { readOutcome } from './table-read.ts';

/**
 * POST /rpc/<fn> with named arguments in a JSON body, GET/HEAD with arguments in the query string.
 * The function runs as the request's role (EXECUTE privileges and row-level security are Postgres's
 * to enforce); GET and HEAD, and functions declared stable or immutable, run read-only as in
 * PostgREST, so a volatile function that writes cannot be reached by a GET (25006, 405).
 */
export async function handleRpc(
  c: Context,
  context: RestContext,
  identity: RequestIdentity,
): Promise<Outcome> {
  const method = c.req.method;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    throw new PostgrestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
  }
  const reading = method !== 'POST';
  const url = new URL(c.req.url);
  const query = parseQuery(url.searchParams.entries(), { rpcRead: reading });
  const { range, prefs, media } = await readRequestHeaders(c, context, query, true);
  const call = reading
    ? { keys: new Set(query.args.map(([key]) => key)), text: '' }
    : await postedArguments(c, query.columns);
  const routine = findRoutine(context.getCatalog().functions, c.req.param('fn') ?? '', call.keys, !reading);
  if (prefs.handling === 'strict' && prefs.maxAffected !== null && !routine.setof) {
    throw new PostgrestError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    );
  }
  const args: CallArgs = reading
    ? { kind: 'query', args: query.args }
    : takesWholeBody(routine)
      ? { kind: 'whole', body: call.text || '{}' }
      : {
          kind: 'named',
          body: call.text || '{}',
          keys: call.keys,
          bulk: call.text.trimStart().startsWith('['),
        };
  const readOnly = reading || routine.volatility !== 'volatile';
  return runRequest(
    context,
    { identity, method, path: url.pathname, prefs, readOnly, ...requestOrigin(c) },
    async (tx) => {
      const statements = buildCall(routine, args, query, {
        range,
        maxRows: context.maxRows,
        body:
          method === 'HEAD' || routine.returnsVoid
            ? null
            : bodySpec(routine, media, context.maxResponseBytes),
        count: countInStatement(prefs.count, context.maxRows),
      });
      const row = await aggregateRow(tx, statements.rows);
      // PostgREST counts a function that returns one value (or row) as one row, whatever it produced.
      const n = routine.setof ? row.n : 1;
      const total = await settleTotal(tx, prefs.count, row.total ?? null, context.maxRows, statements.count);
      enforceMaxAffected(prefs, n);
      const outcome = readOutcome(
        { range, media, prefs, txOverride: context.txEnd !== 'commit', action: 'rpc' },
        n,
        total,
        row.body,
      );
      return routine.returnsVoid && outcome.status < 300 ? voidOutcome(outcome) : outcome;
    },
  );
}

/** The JSON body of a POST: its text and the argument names (keys of the object, or of each object). */
async function postedArguments(
  c: Context,
  columns: string[] | null,
): Promise<{ keys: Set<string>; text: string }> {
  requireJsonContent(c.req.header('content-type'));
  const text = await c.req.text();
  const body = text.trim() === '' ? {} : parseJsonBody(text);
  if (columns) return { keys: new Set(columns), text };
  if (Array.isArray(body)) {
    const keySets = body.map((item) => (isObject(item) ? Object.keys(item).sort().join('\u0000') : null));
    if (keySets.some((keys) => keys === null || keys !== keySets[0])) {
      throw new PostgrestError(400, 'PGRST102', 'All object keys must match');
    }
    return { keys: new Set(isObject(body[0]) ? Object.keys(body[0]) : []), text };
  }
  return { keys: new Set(isObject(body) ? Object.keys(body) : []), text };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function bodySpec(routine: RoutineInfo, media: ResponseMedia, maxBytes: number): BodySpec {
  return {
    shape: !routine.setof || media.shape === 'object' ? 'first' : 'array',
    stripNulls: media.stripNulls,
    scalarColumn: routine.composite ? null : 'pgrst_scalar',
    maxBytes,
  };
}

function enforceMaxAffected(prefs: Preferences, n: number): void {
  if (prefs.handling === 'strict' && prefs.maxAffected !== null && n > prefs.maxAffected) {
    throw new PostgrestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${n} rows`,
    );
  }
}

/** A void function answers 204 without a body or Content-Type. */
function voidOutcome(outcome: Outcome): Outcome {
  const { 'Content-Type': _contentType, ...headers } = outcome.headers;
  return { status: 204, headers, body: null };
}
