import pg from 'pg';
import type { PgConnection } from '../postgres/postgres-server.ts';
import { OwnerAdmission } from '../scheduling/owner-admission.ts';
import { connectionLostError, DatabaseError, serializeDbError } from './database-error.ts';
import type { Database, JobOptions, QueryResult, Transaction } from './database.ts';
import { readArrayTypes, valueTypes } from './value-types.ts';

export interface PostgresDatabaseOptions {
  connection: PgConnection;
  /** Per-role time limits in ms, as hosted Supabase's `alter role … set statement_timeout`. */
  statementTimeouts?: Partial<Record<string, number>>;
  /** Connections in the pool. */
  maxConnections?: number;
  /** Connections one owner (a user, an address) may hold at once. */
  maxConnectionsPerOwner?: number;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
  log?: (message: string) => void;
}

/** Statements that report how many rows they changed. */
const writes = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

function toResult<T>(result: pg.QueryResult): QueryResult<T> {
  return {
    rows: result.rows as T[],
    affectedRows: writes.has(result.command) ? (result.rowCount ?? 0) : 0,
    fields: (result.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
  };
}

/** Postgres's error as the server code sees it: code, message, detail, hint; never the statement. */
function asDatabaseError(error: unknown): unknown {
  if (error instanceof pg.DatabaseError) return new DatabaseError(serializeDbError(error));
  if (error instanceof Error && /Connection terminated|ECONNRESET|ECONNREFUSED|ENOENT/.test(error.message)) {
    return connectionLostError(error.message);
  }
  return error;
}

/**
 * `sql` with `$1`…`$n` replaced by `params` as quoted literals (escapeLiteral: quotes and
 * backslashes escaped), for settings sent along with BEGIN. Only text and null are accepted, the
 * only values a deferred setting takes; anything else is a programming error.
 */
function inlineParameters(client: pg.PoolClient, sql: string, params: unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    if (value === null) return 'null';
    if (typeof value !== 'string') throw new Error('A deferred statement takes only text parameters');
    return client.escapeLiteral(value);
  });
}

/** Pool connections that already have an error listener. */
const watched = new WeakSet<pg.PoolClient>();

interface Queryable {
  query(config: pg.QueryConfig): Promise<pg.QueryResult>;
}

async function run(client: Queryable, sql: string, params?: unknown[]): Promise<pg.QueryResult> {
  try {
    // Parameters (even none) mean the extended protocol, one statement; without them the simple
    // protocol, which runs several statements (migrations).
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
 * A real PostgreSQL database behind a node-postgres pool. Each transaction holds one connection;
 * one owner may hold only `maxConnectionsPerOwner` of them, so a user's slow filters cannot take
 * the pool from another's reads (docs/decisions/007-query-isolation.md). Time limits are
 * Postgres's own statement_timeout; a requester that goes away has its statement cancelled.
 */
export class PostgresDatabase implements Database {
  private readonly pool: pg.Pool;
  private readonly admission: OwnerAdmission;
  private closing: Promise<void> | null = null;

  private constructor(
    private readonly options: PostgresDatabaseOptions,
    private readonly arrayTypes: Map<number, number>,
  ) {
    const maxConnections = options.maxConnections ?? 24;
    this.admission = new OwnerAdmission(maxConnections, options.maxConnectionsPerOwner ?? 3);
    this.pool = new pg.Pool({
      ...options.connection,
      max: maxConnections,
      types: valueTypes(arrayTypes),
      application_name: options.applicationName ?? 'ai-post-writer',
      // A connection the server ends (a restart, a terminated backend) is replaced, not fatal.
      idleTimeoutMillis: 60_000,
    });
    this.pool.on('error', (error) => options.log?.(`database: an idle connection failed: ${error.message}`));
  }

  /** Connects (and fails now, with the server's reason, if it cannot). */
  static async connect(options: PostgresDatabaseOptions): Promise<PostgresDatabase> {
    const client = new pg.Client(options.connection);
    await client.connect().catch((error: unknown) => {
      throw asDatabaseError(error);
    });
    try {
      return new PostgresDatabase(options, await readArrayTypes(client));
    } finally {
      await client.end();
    }
  }

  /** Re-reads the array types (migrations may have added some, e.g. an enum's array). */
  async reloadTypes(): Promise<void> {
    const client = await this.pool.connect();
    try {
      const fresh = await readArrayTypes(client as unknown as pg.Client);
      this.arrayTypes.clear();
      for (const [oid, element] of fresh) this.arrayTypes.set(oid, element);
    } finally {
      client.release();
    }
  }

  get connection(): PgConnection {
    return this.options.connection;
  }

  /** Requests waiting for a connection, for the benchmark and tests. */
  get waiting(): number {
    return this.admission.waiting;
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
    return this.withClient(options, async (client) => toResult<T>(await run(client, sql, params)));
  }

  async exec(sql: string, options: JobOptions = {}): Promise<QueryResult[]> {
    if (options.timeoutMs != null) return this.transaction((tx) => tx.exec(sql), options);
    return this.withClient(options, (client) => runAll(client, sql));
  }

  transaction<T>(work: (tx: Transaction) => Promise<T>, options: JobOptions = {}): Promise<T> {
    return this.withClient(options, async (client) => {
      // BEGIN, the time limit and the deferred settings go to the server as one message with the
      // transaction's first statement's turn: a REST request is three round trips (settings,
      // statement, commit), not five. Deferred parameters are inlined as quoted literals.
      let prelude: string[] = ['begin'];
      if (options.timeoutMs != null) {
        prelude.push(`set local statement_timeout = ${Math.max(1, Math.round(options.timeoutMs))}`);
      }
      const flush = async () => {
        if (prelude.length === 0) return;
        const sql = prelude.join(';\n');
        prelude = [];
        await run(client, sql);
      };
      try {
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
            prelude.push(inlineParameters(client, sql, params));
          },
        } as Transaction);
        // A transaction that ran nothing has nothing to end.
        if (prelude[0] === 'begin') return result;
        await flush();
        await run(client, 'commit');
        return result;
      } catch (error) {
        if (prelude[0] !== 'begin') await run(client, 'rollback').catch(() => {});
        throw error;
      }
    });
  }

  /** Ends every connection once the work in progress is done. */
  close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }

  /**
   * Runs `work` on a connection of the owner's share. A requester that goes away while the work
   * runs has its statement cancelled (pg_cancel_backend, from a connection of its own).
   */
  private async withClient<T>(options: JobOptions, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    if (this.closing) throw connectionLostError('the server is shutting down');
    const release = await this.admission.acquire(options.owner ?? 'system', options.signal);
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      release();
      throw asDatabaseError(error);
    }
    if (!watched.has(client)) {
      // A connection the server ends while it is checked out (a restart, a killed backend) fails
      // the statement in flight; the event that follows must not end the process.
      client.on('error', () => {});
      watched.add(client);
    }
    let broken = false;
    const { signal } = options;
    const pid = (client as unknown as { processID: number }).processID;
    const cancel = () => {
      // The cancel may land after this work ended: the connection is then closed, never reused,
      // so it cannot stop another request's statement.
      broken = true;
      void this.cancelBackend(pid);
    };
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      // Gone while its connection was being taken (its turn had come, so the queue no longer
      // watched it): nothing is sent, instead of a statement nobody waits for.
      if (signal?.aborted) throw signal.reason;
      return await work(client);
    } catch (error) {
      // A connection whose server side ended must not go back to the pool.
      if (error instanceof DatabaseError && error.code?.startsWith('08')) broken = true;
      throw error;
    } finally {
      signal?.removeEventListener('abort', cancel);
      client.release(broken);
      release();
    }
  }

  private async cancelBackend(pid: number): Promise<void> {
    const client = new pg.Client(this.options.connection);
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select pg_cancel_backend($1)', [pid]);
    } catch {
      // The statement may have ended meanwhile; nothing to cancel.
    } finally {
      await client.end().catch(() => {});
    }
  }
}
