/** What a statement returns, whichever engine ran it. */
export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  /** Rows an INSERT, UPDATE, DELETE, COPY or MERGE changed (0 for anything else). */
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface JobOptions {
  /**
   * Whose work this is (a user, an address): one owner may hold only a share of the
   * connections, and owners take turns for free ones. Default `system`.
   */
  owner?: string;
  /** How long each statement may run, in ms (Postgres's statement_timeout; 57014 past it). Omitted or null: no limit. */
  timeoutMs?: number | null;
  /** The requester went away: work still waiting is dropped, and a running statement is cancelled. */
  signal?: AbortSignal;
}

/** What a transaction's work receives: statements run inside it, in order. */
export interface Transaction {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  exec(sql: string): Promise<QueryResult[]>;
  /**
   * A statement whose result nobody reads (a setting): it runs before the next query or exec.
   * Its error, if any, fails that next call.
   */
  defer(sql: string, params?: unknown[]): void;
}

/**
 * What the auth, REST, storage and migration code needs from a database: the embedded server's
 * PostgreSQL (postgres-database.ts), the same class on a test cluster, or a hosted-like one.
 */
export interface Database {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: JobOptions,
  ): Promise<QueryResult<T>>;
  exec(sql: string, options?: JobOptions): Promise<QueryResult[]>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>, options?: JobOptions): Promise<T>;
  /** The time limit for work done as `role`, or null when the role has none. */
  statementTimeoutFor(role: string): number | null;
  close(): Promise<void>;
}
