/** The fields of a Postgres error that may leave the database layer: never the statement or its parameters. */
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

/**
 * A Postgres error as the rest of the server sees it: SQLSTATE `code`, `message`, `detail`,
 * `hint`. It never carries the statement or its parameters, so logging it cannot leak a password
 * hash or a token that was bound into a query.
 */
export class DatabaseError extends Error {
  override name = 'DatabaseError';
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly hint: string | undefined;
  readonly severity: string | undefined;
  readonly table: string | undefined;
  readonly column: string | undefined;
  readonly constraint: string | undefined;

  constructor(fields: SerializedDbError) {
    super(fields.message);
    this.code = fields.code;
    this.detail = fields.detail;
    this.hint = fields.hint;
    this.severity = fields.severity;
    this.table = fields.table;
    this.column = fields.column;
    this.constraint = fields.constraint;
  }
}

/** What Postgres says when `statement_timeout` fires; PostgREST answers it with 500. */
export function statementTimeoutError(): DatabaseError {
  return new DatabaseError({
    code: '57014',
    message: 'canceling statement due to statement timeout',
    severity: 'ERROR',
  });
}

/** The database went away or is shutting down: a dropped connection (PostgREST answers class 08 with 503). */
export function connectionLostError(reason: string): DatabaseError {
  return new DatabaseError({
    code: '08006',
    message: `The database connection was lost: ${reason}`,
    severity: 'FATAL',
  });
}

/** Keeps only the safe fields of anything the database driver threw. */
export function serializeDbError(error: unknown): SerializedDbError {
  if (!(error instanceof Error)) return { message: String(error) };
  const source = error as Error & Partial<Record<keyof SerializedDbError, unknown>>;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const fields: SerializedDbError = { message: error.message };
  for (const key of [
    'code',
    'detail',
    'hint',
    'severity',
    'schema',
    'table',
    'column',
    'constraint',
  ] as const) {
    const value = text(source[key]);
    if (value !== undefined) fields[key] = value;
  }
  return fields;
}
