import { aggregateRows, arrayBody, type BodySpec } from './body-sql.ts';
import { buildOrder, buildSelectList, buildWhere, tableRef } from './build-clauses.ts';
import type { TableInfo } from './catalog.ts';
import type { ParsedQuery } from './query-ast.ts';
import type { RowRange } from './range.ts';
import { SqlParams } from './sql-params.ts';

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface ReadOptions {
  /** The rows asked for (limit/offset and the Range header); defaults to the query's limit/offset. */
  range?: RowRange;
  /** How the body is built; null for HEAD (rows are counted, no body is built). */
  body?: BodySpec | null;
  /**
   * Count every matching row in the same statement (Prefer: count=exact), at most `limit` of them
   * (count=estimated stops at max-rows + 1); undefined: no count.
   */
  count?: { limit: number | null };
}

/**
 * A read as one statement yielding `{ body, n, total? }`, and the bare count query (`select 1 …`)
 * whose plan estimate answers Prefer: count=planned.
 */
export function buildRead(
  table: TableInfo,
  query: ParsedQuery,
  maxRows: number | null,
  options: ReadOptions = {},
): { rows: Statement; count: Statement } {
  const params = new SqlParams();
  const where = buildWhere(table, query.filters, params);
  const rowsSql = `select ${buildSelectList(table, query.select)} from ${tableRef(table)}${where}${buildOrder(table, query.order)}`;
  const countSql = `select 1 from ${tableRef(table)}${where}`;
  const range = options.range ?? { offset: query.offset ?? 0, limit: query.limit };
  const body = options.body === undefined ? arrayBody() : options.body;
  return {
    rows: {
      sql: aggregateRows(pageOf(rowsSql, range, maxRows), body, totalColumn(countSql, options.count)),
      params: params.values,
    },
    count: { sql: countSql, params: params.values },
  };
}

/** LIMIT/OFFSET for a range, never more than max-rows (PostgREST's db-max-rows, Supabase's "Max rows"). */
export function pageOf(rowsSql: string, range: RowRange, maxRows: number | null): string {
  const limit = maxRows === null ? range.limit : Math.min(range.limit ?? maxRows, maxRows);
  return (
    rowsSql + (limit !== null ? ` limit ${limit}` : '') + (range.offset ? ` offset ${range.offset}` : '')
  );
}

/** The `total` column: how many rows match, counted in the statement that reads the page. */
export function totalColumn(countSql: string, count: { limit: number | null } | undefined): string[] {
  if (!count) return [];
  const limited = count.limit === null ? countSql : `${countSql} limit ${count.limit}`;
  return [`(select count(*) from (${limited}) _pgrst_c)::int as total`];
}
