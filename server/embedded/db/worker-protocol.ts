/** Messages between the main thread and the database worker (db-worker.ts). */

export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface Statement {
  sql: string;
  params: unknown[];
}

export type WorkerRequest =
  /** Sent once to a standby worker: open the data directory (see sync-file-system.ts). */
  | { id: number; op: 'open'; fileSystemSynced: boolean }
  /**
   * `begin`: open a transaction first; `prelude`: statements whose results nobody reads, run
   * before this one. Both save round trips (a transaction's BEGIN and setup travel with its first statement).
   */
  | { id: number; op: 'query'; sql: string; params: unknown[]; begin?: boolean; prelude?: Statement[] }
  | { id: number; op: 'exec'; sql: string; begin?: boolean; prelude?: Statement[] }
  /** CHECKPOINT, then a gzipped tar of the data directory written to `file`. */
  | { id: number; op: 'backup'; file: string }
  | { id: number; op: 'close' };

/** The fields of a Postgres error that may leave the worker: never the statement or its parameters. */
export interface SerializedDbError {
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  severity?: string;
  schema?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

export type WorkerResponse =
  /** Modules loaded and WebAssembly compiled: waiting for `open`. */
  | { type: 'standby' }
  | { type: 'ready'; heapBytes: number }
  | { type: 'init-error'; error: SerializedDbError }
  | { type: 'result'; id: number; ok: true; result: unknown; heapBytes: number; fsyncs: number }
  | { type: 'result'; id: number; ok: false; error: SerializedDbError; heapBytes: number; fsyncs: number };

export interface WorkerData {
  pgdata: string;
}
