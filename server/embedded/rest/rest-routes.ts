import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from '../db/database.ts';
import type { RequestIdentity } from '../db/run-as-role.ts';
import { bearerToken, requireApiKey } from '../gateway/api-key.ts';
import { identify } from '../gateway/request-identity.ts';
import type { ProjectKeys } from '../keys/project-keys.ts';
import { defaultMaxResponseBytes } from './body-sql.ts';
import type { Catalog } from './catalog.ts';
import { handleRpc } from './handle-rpc.ts';
import { handleTable } from './handle-table.ts';
import { openApiDocument } from './open-api.ts';
import { errorOutcome, respond, type Outcome } from './outcome.ts';
import { toPostgrestError } from './pg-error-status.ts';
import { PostgrestError } from './postgrest-error.ts';
import type { TxEnd } from './prefer-policy.ts';
import { timezoneNames } from './request-preferences.ts';
import type { RestContext } from './run-request.ts';
import { exposedSchema } from './schema-errors.ts';

export interface RestOptions {
  db: Database;
  keys: ProjectKeys;
  getCatalog: () => Catalog;
  /** Like Supabase's "Max rows": reads return at most this many rows (null: unlimited). */
  maxRows: number | null;
  /** Request bodies larger than this are refused with 413. */
  maxBodyBytes: number;
  /** Response bodies larger than this are refused with 413 (54000) before Postgres builds them. Default 10 MB. */
  maxResponseBytes?: number;
  /** PostgREST's db-tx-end; see prefer-policy.ts. Default `commit` (tx=rollback is refused). */
  txEnd?: TxEnd;
}

/** The PostgREST subset supabase-js uses, generic over every table, view and function of `public`. */
export function createRestRoutes(options: RestOptions): Hono {
  const context: RestContext = {
    db: options.db,
    getCatalog: options.getCatalog,
    maxRows: options.maxRows,
    maxResponseBytes: options.maxResponseBytes ?? defaultMaxResponseBytes,
    txEnd: options.txEnd ?? 'commit',
    timezones: timezoneNames(options.db),
  };
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
  app.all('/rpc/:fn', (c) => serve(c, options.keys, (identity) => handleRpc(c, context, identity)));
  app.on(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'], '/:table', (c) =>
    serve(c, options.keys, (identity) => handleTable(c, context, identity)),
  );
  return app;
}

/** Authenticates the request, then answers it; every failure becomes PostgREST's error JSON. */
async function serve(
  c: Context,
  keys: ProjectKeys,
  handle: (identity: RequestIdentity) => Promise<Outcome>,
): Promise<Response> {
  let isAnonymous = true;
  try {
    const identity = await requestIdentity(c, keys);
    isAnonymous = identity.role === 'anon';
    checkSchemaProfile(c);
    return respond(c, await handle(identity));
  } catch (error) {
    return respond(c, errorOutcome(toPostgrestError(error, isAnonymous)));
  }
}

async function requestIdentity(c: Context, keys: ProjectKeys): Promise<RequestIdentity> {
  const token = bearerToken(c.req.header('authorization'), c.req.header('apikey') ?? c.req.query('apikey'));
  const result = await identify(token, keys);
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
