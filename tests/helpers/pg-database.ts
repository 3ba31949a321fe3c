import pg from 'pg';
import { DatabaseError, serializeDbError } from '../../server/embedded/db/database-error.ts';
import type { Database, JobOptions, QueryResult, Transaction } from '../../server/embedded/db/database.ts';

export interface PgConnection {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export interface PgDatabaseOptions extends PgConnection {
  /** Per-role time limits (ms), as the embedded server's statementTimeouts. */
  statementTimeouts?: Partial<Record<string, number>>;
  maxConnections?: number;
}

/**
 * Values come back as PGlite returns them, so the server code reads the same JavaScript from
 * both engines: bigint as a number (node-postgres: a string), a date as UTC midnight (local
 * midnight), an interval or a geometric value as its text (an object), and every array type as
 * an array (node-postgres parses only some, and gives the rest, name[] among them, as text).
 */
const defaultParser = pg.types.getTypeParser as (oid: number) => (value: string) => unknown;
const scalarParsers = new Map<number, (value: string) => unknown>([
  [20, (value) => Number(value)], // int8
  [1082, (value) => new Date(value)], // date: 'YYYY-MM-DD' is read as UTC
  [1186, (value) => value], // interval
  [600, (value) => value], // point
  [718, (value) => value], // circle
]);
const scalarParser = (oid: number) => scalarParsers.get(oid) ?? defaultParser(oid);
/** Splits an array literal into (nested) element texts: text[]'s parser handles quoting and NULL. */
const splitArray = defaultParser(1009) as (value: string) => unknown[];
type Nested = unknown;
const mapLeaves = (items: Nested[], parse: (value: string) => unknown): Nested[] =>
  items.map((item) =>
    Array.isArray(item) ? mapLeaves(item, parse) : item === null ? null : parse(item as string),
  );

function pgliteLikeTypes(arrayElements: Map<number, number>): pg.CustomTypesConfig {
  return {
    getTypeParser: (oid: number) => {
      const element = arrayElements.get(oid);
      if (element === undefined) return scalarParser(oid);
      const parse = scalarParser(element);
      return (value: string) => mapLeaves(splitArray(value), parse);
    },
  } as pg.CustomTypesConfig;
}

/** Statements that report how many rows they changed (PGlite counts only these in affectedRows). */
const writes = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

function toResult<T>(result: pg.QueryResult): QueryResult<T> {
  return {
    rows: result.rows as T[],
    affectedRows: writes.has(result.command) ? (result.rowCount ?? 0) : 0,
    fields: (result.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
  };
}

/** Postgres's error as the server code sees it from PGlite: code, message, detail, hint; never the statement. */
function asDatabaseError(error: unknown): unknown {
  return error instanceof pg.DatabaseError ? new DatabaseError(serializeDbError(error)) : error;
}

/** A pool or one of its clients. */
interface Queryable {
  query(config: pg.QueryConfig): Promise<pg.QueryResult>;
}

async function run(client: Queryable, sql: string, params?: unknown[]): Promise<pg.QueryResult> {
  try {
    // Parameters (even none) mean the extended protocol, one statement, as PGlite's query();
    // without them the simple protocol, several statements, as its exec().
    const config = params ? { text: sql, values: params, queryMode: 'extended' } : { text: sql };
    return await client.query(config as pg.QueryConfig);
  } catch (error) {
    throw asDatabaseError(error);
  }
}

async function runAll(client: Queryable, sql: string): Promise<QueryResult[]> {
  const results = (await run(client, sql)) as pg.QueryResult | pg.QueryResult[];
  return (Array.isArray(results) ? results : [results]).map((result) => toResult(result));
}

/**
 * The embedded server's Database interface on a real PostgreSQL server (node-postgres pool), so
 * the same auth and REST code, and supabase-js through it, run against both engines. Time limits
 * are Postgres's own statement_timeout; there is no fair scheduler (tests do not need one).
 */
export class PgDatabase implements Database {
  private readonly pool: pg.Pool;

  private constructor(
    private readonly options: PgDatabaseOptions,
    arrayElements: Map<number, number>,
  ) {
    this.pool = new pg.Pool({
      host: options.host,
      port: options.port,
      user: options.user,
      password: options.password,
      database: options.database,
      max: options.maxConnections ?? 8,
      types: pgliteLikeTypes(arrayElements),
      application_name: 'pg-database (tests)',
    });
    // An idle connection that the server ends (at shutdown) must not crash the test run.
    this.pool.on('error', () => {});
  }

  /** Connects, learning the database's array types first (their parsers need the element type). */
  static async connect(options: PgDatabaseOptions): Promise<PgDatabase> {
    const client = new pg.Client(options);
    await client.connect();
    try {
      const { rows } = await client.query<{ oid: number; element: number }>(
        `select oid::int as oid, typelem::int as element from pg_catalog.pg_type
          where typcategory = 'A' and typelem <> 0`,
      );
      return new PgDatabase(options, new Map(rows.map((row) => [row.oid, row.element])));
    } finally {
      await client.end();
    }
  }

  statementTimeoutFor(role: string): number | null {
    return this.options.statementTimeouts?.[role] ?? null;
  }

  async query<T = Record<string, unknown>>(
    sql: string,
    params: unknown[] = [],
    options: JobOptions = {},
  ): Promise<QueryResult<T>> {
    if (options.timeoutMs != null) return this.transaction((tx) => tx.query<T>(sql, params), options);
    abortIfAsked(options);
    return toResult<T>(await run(this.pool, sql, params));
  }

  async exec(sql: string, options: JobOptions = {}): Promise<QueryResult[]> {
    if (options.timeoutMs != null) return this.transaction((tx) => tx.exec(sql), options);
    abortIfAsked(options);
    const client = await this.pool.connect();
    try {
      return await runAll(client, sql);
    } finally {
      client.release();
    }
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>, options: JobOptions = {}): Promise<T> {
    abortIfAsked(options);
    const client = await this.pool.connect();
    let unusable = false;
    try {
      await run(client, 'begin');
      if (options.timeoutMs != null) {
        await run(client, `set local statement_timeout = ${Math.max(1, Math.round(options.timeoutMs))}`);
      }
      let deferred: { sql: string; params: unknown[] }[] = [];
      const flush = async () => {
        const statements = deferred;
        deferred = [];
        for (const statement of statements) await run(client, statement.sql, statement.params);
      };
      const result = await work({
        query: async <R>(sql: string, params: unknown[] = []) => {
          await flush();
          return toResult<R>(await run(client, sql, params));
        },
        exec: async (sql) => {
          await flush();
          return runAll(client, sql);
        },
        defer: (sql, params = []) => {
          deferred.push({ sql, params });
        },
      } as Transaction);
      await flush();
      await run(client, 'commit');
      return result;
    } catch (error) {
      await run(client, 'rollback').catch(() => (unusable = true));
      throw error;
    } finally {
      client.release(unusable);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function abortIfAsked(options: JobOptions): void {
  if (options.signal?.aborted) throw options.signal.reason;
}
