/**
 * What the REST layer needs from the database layer: `db.query` outside a request and `tx.query` /
 * `tx.exec` inside runAsRole. Typed here so this layer does not depend on the driver behind them.
 */
export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface TxRunner extends SqlRunner {
  exec(sql: string): Promise<unknown>;
}
