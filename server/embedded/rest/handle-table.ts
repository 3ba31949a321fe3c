import { requestOrigin } from './request-origin.ts';
import type { Context } from 'hono';
import type { RequestIdentity } from '../db/run-as-role.ts';
import { parseJsonBody } from './json-body.ts';
import type { Outcome } from './outcome.ts';
import { parseQuery } from './parse-query.ts';
import { PostgrestError } from './postgrest-error.ts';
import { requireJsonContent } from './request-body.ts';
import { readRequestHeaders } from './request-headers.ts';
import { runRequest, type RestContext } from './run-request.ts';
import { tableNotFound } from './schema-errors.ts';
import { readTable } from './table-read.ts';
import { writeTable } from './table-write.ts';

/** GET/HEAD/POST/PATCH/DELETE on a table or view of `public`. */
export async function handleTable(
  c: Context,
  context: RestContext,
  identity: RequestIdentity,
): Promise<Outcome> {
  const method = c.req.method;
  const catalog = context.getCatalog();
  const name = c.req.param('table') ?? '';
  const table = catalog.get(name);
  if (!table) throw tableNotFound(name, catalog);
  if (method === 'PUT') {
    throw new PostgrestError(
      405,
      'PGRST105',
      'PUT is not supported by this server',
      null,
      'Use POST with Prefer: resolution=merge-duplicates.',
    );
  }
  const url = new URL(c.req.url);
  const query = parseQuery(url.searchParams.entries());
  const reading = method === 'GET' || method === 'HEAD';
  if (!reading && (query.limit !== null || query.offset !== null)) {
    throw new PostgrestError(400, 'PGRST100', 'limit and offset are not supported on writes by this server');
  }
  const { range, prefs, media } = await readRequestHeaders(c, context, query, false);
  const txOverride = context.txEnd !== 'commit';
  let body: unknown;
  if (method === 'POST' || method === 'PATCH') {
    requireJsonContent(c.req.header('content-type'));
    // The body is read before the transaction starts: a slow client must never hold the database.
    body = parseJsonBody(await c.req.text());
  }
  // Reads run read-only, as in PostgREST: a view calling a function that writes cannot write through GET.
  const run = { identity, method, path: url.pathname, prefs, readOnly: reading, ...requestOrigin(c) };
  if (reading) {
    const plan = {
      table,
      query,
      range,
      media,
      prefs,
      head: method === 'HEAD',
      maxRows: context.maxRows,
      maxResponseBytes: context.maxResponseBytes,
      txOverride,
    };
    return runRequest(context, run, (tx) => readTable(tx, plan));
  }
  const writeMethod = method as 'POST' | 'PATCH' | 'DELETE';
  const plan = {
    method: writeMethod,
    table,
    query,
    media,
    prefs,
    body,
    maxResponseBytes: context.maxResponseBytes,
    txOverride,
  };
  return runRequest(context, run, (tx) => writeTable(tx, plan));
}
