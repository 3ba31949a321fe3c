import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from '../db/open-database.ts';
import { runAsRole, type RequestIdentity } from '../db/run-as-role.ts';
import { bearerToken, requireApiKey } from '../gateway/api-key.ts';
import { identify } from '../gateway/request-identity.ts';
import type { ProjectKeys } from '../keys/project-keys.ts';
import { buildDelete, buildInsert, buildRead, buildUpdate, type Statement } from './build-statements.ts';
import type { Catalog, TableInfo } from './catalog.ts';
import { appliedPreferences, parsePrefer, type Preferences } from './parse-prefer.ts';
import { parseQuery } from './parse-query.ts';
import { toPostgrestError } from './pg-error-status.ts';
import { PostgrestError } from './postgrest-error.ts';
import type { ParsedQuery } from './query-ast.ts';
import { openApiDocument } from './open-api.ts';

export interface RestOptions {
  db: Database;
  keys: ProjectKeys;
  getCatalog: () => Catalog;
  /** Like Supabase's "Max rows": reads return at most this many rows (null: unlimited). */
  maxRows: number | null;
  /** Request bodies larger than this are refused with 413. */
  maxBodyBytes: number;
}

const exposedSchema = 'public';
const objectMediaType = 'application/vnd.pgrst.object+json';

/** The PostgREST subset supabase-js uses, generic over every table and view of `public`. */
export function createRestRoutes(options: RestOptions): Hono {
  const app = new Hono();
  app.use('*', requireApiKey(options.keys));
  app.use(
    '*',
    bodyLimit({
      maxSize: options.maxBodyBytes,
      onError: (c) => c.json(new PostgrestError(413, 'PGRST413', 'Request body is too large').toJSON(), 413),
    }),
  );

  app.on(['GET', 'HEAD'], '/', (c) => c.json(openApiDocument(options.getCatalog())));

  app.all('/rpc/:fn', (c) =>
    respondError(
      c,
      new PostgrestError(
        404,
        'PGRST202',
        `Could not find the function ${exposedSchema}.${c.req.param('fn')} in the schema cache`,
        null,
        'This server exposes tables only; remote procedure calls are not supported.',
      ),
    ),
  );

  app.on(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'], '/:table', async (c) => {
    let isAnonymous = true;
    try {
      const identity = await requestIdentity(c, options.keys);
      isAnonymous = identity.role === 'anon';
      checkSchemaProfile(c);
      const table = options.getCatalog().get(c.req.param('table'));
      if (!table) {
        throw new PostgrestError(
          404,
          'PGRST205',
          `Could not find the table '${exposedSchema}.${c.req.param('table')}' in the schema cache`,
        );
      }
      const query = parseQuery(new URL(c.req.url).searchParams.entries());
      const single = wantsSingleObject(c.req.header('accept'));
      const prefs = parsePrefer(c.req.header('prefer'));
      const context = {
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        client: clientAddress(c),
        signal: c.req.raw.signal,
      };
      // The body is read before the transaction starts: PGlite has one connection, and a slow
      // client must never hold it.
      const body = c.req.method === 'POST' || c.req.method === 'PATCH' ? await readJson(c) : undefined;
      const result = await runAsRole(options.db, identity, context, (tx) =>
        dispatch(c, { table, query, single, prefs, maxRows: options.maxRows, body }, (statement) =>
          tx.query<Record<string, unknown>>(statement.sql, statement.params),
        ),
      );
      return respond(c, result, single, prefs);
    } catch (error) {
      return respondError(c, toPostgrestError(error, isAnonymous));
    }
  });
  return app;
}

interface Plan {
  table: TableInfo;
  query: ParsedQuery;
  single: boolean;
  prefs: Preferences;
  maxRows: number | null;
  body: unknown;
}

interface Outcome {
  status: number;
  /** JSON array text of the rows, or null when nothing is returned. */
  body: string | null;
  rowCount: number;
  total: number | null;
  offset: number;
}

type Run = (statement: Statement) => Promise<{ rows: Record<string, unknown>[]; affectedRows?: number }>;

async function dispatch(c: Context, plan: Plan, run: Run): Promise<Outcome> {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD') return read(c, plan, run);
  if (method === 'PUT') {
    throw new PostgrestError(405, 'PGRST105', 'PUT is not supported by this server', null, 'Use POST with Prefer: resolution=merge-duplicates.');
  }
  if (plan.query.limit !== null || plan.query.offset !== null) {
    throw new PostgrestError(400, 'PGRST100', 'limit and offset are not supported on writes by this server');
  }
  const returning = plan.prefs.return === 'representation';
  let statement: Statement;
  if (method === 'POST') {
    const rows = rowsBody(plan.body);
    statement = buildInsert(plan.table, plan.query, {
      rows,
      resolution:
        plan.prefs.resolution === 'merge-duplicates' ? 'merge' : plan.prefs.resolution === 'ignore-duplicates' ? 'ignore' : null,
      missingDefault: plan.prefs.missing === 'default',
      returning,
    });
    if (rows.length === 0) return { status: 201, body: returning ? '[]' : null, rowCount: 0, total: null, offset: 0 };
  } else if (method === 'PATCH') {
    const patch = objectBody(plan.body);
    if (Object.keys(patch).length === 0) {
      return { status: returning ? 200 : 204, body: returning ? '[]' : null, rowCount: 0, total: null, offset: 0 };
    }
    statement = buildUpdate(plan.table, plan.query, patch, returning);
  } else {
    statement = buildDelete(plan.table, plan.query, returning);
  }
  const result = await run(statement);
  const status = method === 'POST' ? 201 : returning ? 200 : 204;
  if (!returning) {
    return { status, body: null, rowCount: result.affectedRows ?? 0, total: null, offset: 0 };
  }
  const { body, n } = firstAggregate(result.rows);
  // PostgREST rolls a write back when a single object was requested and the write touched another number of rows.
  if (plan.single && n !== 1) throw singularityError(n);
  return { status, body, rowCount: n, total: plan.prefs.count ? n : null, offset: 0 };
}

async function read(c: Context, plan: Plan, run: Run): Promise<Outcome> {
  const query = applyRangeHeader(plan.query, c.req.header('range'));
  const statements = buildRead(plan.table, query, plan.maxRows);
  const { body, n } = firstAggregate((await run(statements.rows)).rows);
  let total: number | null = null;
  if (plan.prefs.count) total = Number((await run(statements.count)).rows[0]?.n ?? 0);
  if (plan.single && n !== 1) throw singularityError(n);
  return { status: 200, body, rowCount: n, total, offset: query.offset ?? 0 };
}

function firstAggregate(rows: Record<string, unknown>[]): { body: string; n: number } {
  const row = rows[0] ?? {};
  return { body: String(row.body ?? '[]'), n: Number(row.n ?? 0) };
}

function singularityError(n: number): PostgrestError {
  return new PostgrestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`);
}

function respond(c: Context, outcome: Outcome, single: boolean, prefs: Preferences): Response {
  const headers: Record<string, string> = {
    'Content-Range':
      outcome.rowCount > 0
        ? `${outcome.offset}-${outcome.offset + outcome.rowCount - 1}/${outcome.total ?? '*'}`
        : `*/${outcome.total ?? '*'}`,
  };
  const applied = appliedPreferences(prefs);
  if (applied) headers['Preference-Applied'] = applied;
  if (outcome.body === null || c.req.method === 'HEAD') {
    if (c.req.method === 'HEAD') headers['Content-Type'] = 'application/json; charset=utf-8';
    return new Response(null, { status: outcome.status, headers });
  }
  // json_agg of exactly one row is `[{…}]`: the object is the text between the brackets.
  const body = single ? outcome.body.slice(1, -1) : outcome.body;
  headers['Content-Type'] = `${single ? objectMediaType : 'application/json'}; charset=utf-8`;
  return new Response(body, { status: outcome.status, headers });
}

function respondError(c: Context, error: PostgrestError): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
  if (error.status === 401) {
    headers['WWW-Authenticate'] = `Bearer error="invalid_token", error_description="${error.message.replaceAll('"', "'")}"`;
  }
  return new Response(c.req.method === 'HEAD' ? null : JSON.stringify(error.toJSON()), { status: error.status, headers });
}

async function requestIdentity(c: Context, keys: ProjectKeys): Promise<RequestIdentity> {
  const token = bearerToken(c.req.header('authorization'), c.req.header('apikey') ?? c.req.query('apikey'));
  const result = await identify(token, keys.jwtSecret);
  if (!result.ok) throw new PostgrestError(401, result.code, result.message);
  return result.identity;
}

function checkSchemaProfile(c: Context): void {
  const reading = c.req.method === 'GET' || c.req.method === 'HEAD';
  const profile = c.req.header(reading ? 'accept-profile' : 'content-profile');
  if (profile !== undefined && profile !== exposedSchema) {
    throw new PostgrestError(406, 'PGRST106', `The schema must be one of the following: ${exposedSchema}`);
  }
}

function wantsSingleObject(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '');
  if (types.includes(objectMediaType)) return true;
  if (types.some((type) => type === '*/*' || type === 'application/*' || type === 'application/json' || type === '')) {
    return false;
  }
  throw new PostgrestError(406, 'PGRST107', `None of these media types are available: ${accept}`);
}

function applyRangeHeader(query: ParsedQuery, range: string | undefined): ParsedQuery {
  const match = /^(?:items=)?\s*(\d+)-(\d+)?\s*$/.exec(range ?? '');
  if (!match || query.limit !== null || query.offset !== null) return query;
  const from = Number(match[1]);
  const to = match[2] === undefined ? null : Number(match[2]);
  if (to !== null && to < from) {
    throw new PostgrestError(416, 'PGRST103', 'Requested range not satisfiable');
  }
  return { ...query, offset: from, limit: to === null ? null : to - from + 1 };
}

async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function rowsBody(body: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isPlainObject)) {
    throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json', 'The body must be a JSON object or an array of objects');
  }
  return rows;
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) {
    throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json', 'The body must be a JSON object');
  }
  return body;
}

function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
